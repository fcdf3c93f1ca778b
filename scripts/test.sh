#!/usr/bin/env bash
# Build everything and run every check and test, as CI does, from a clean clone:
# Rust format, lints and tests; a release wheel installed into a fresh virtual
# environment; mypy (strict, plus stubtest), ruff and pytest against that wheel.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv-test}
export HYPOTHESIS_PROFILE=${HYPOTHESIS_PROFILE:-ci}

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (pedantic, warnings are errors)"
cargo clippy --all-targets --features python -- -D warnings

step "cargo test"
cargo test --profile ci

step "fresh virtual environment $VENV"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
# shellcheck disable=SC1091
. "$VENV/bin/activate"
python -m pip install --quiet --upgrade pip
python -m pip install --quiet "maturin>=1.7,<2"

step "build the wheel (optimised, quick-to-compile ci profile)"
rm -rf dist
maturin build --profile ci --out dist
python -m pip install --quiet "$(ls dist/accordion_patience-*.whl)[test,plot,distributed]"

step "mypy --strict and stubtest"
mypy
python -m mypy.stubtest accordion._core --allowlist .stubtest-allowlist

step "ruff"
ruff check python tests benches
ruff format --check python tests benches

step "pytest"
python -m pytest -q
