"""The package as people install it: its name, licence, entry point and self-containment."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTION = "accordion-patience"


def _distribution() -> metadata.Distribution:
    try:
        return metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pytest.skip(f"{DISTRIBUTION} is not installed (running from the source tree)")


def _import_folders(dist: metadata.Distribution) -> list[Path]:
    """Where the distribution puts its import packages: the folder it installed its
    files in, or, for an editable install (``maturin develop``, ``pip install -e``), the
    source folders its ``.pth`` file names (it installs no ``accordion/`` of its own)."""
    files = dist.files or []
    if any(str(f).replace("\\", "/") == "accordion/__init__.py" for f in files):
        return [Path(str(dist.locate_file("")))]
    direct = json.loads(dist.read_text("direct_url.json") or "{}")
    assert direct.get("dir_info", {}).get("editable"), [str(f) for f in files]
    return [
        Path(line.strip())
        for f in files
        if f.suffix == ".pth"
        for line in f.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith(("#", "import"))
    ]


def test_the_distribution_has_the_free_name_and_the_import_name_stays() -> None:
    dist = _distribution()
    assert dist.metadata["Name"] == DISTRIBUTION
    folders = _import_folders(dist)
    assert any((folder / "accordion" / "__init__.py").is_file() for folder in folders), folders
    scripts = {ep.name: ep.value for ep in dist.entry_points if ep.group == "console_scripts"}
    assert scripts == {"accordion": "accordion.cli:main"}


def test_the_licence_ships_in_the_wheel() -> None:
    dist = _distribution()
    assert dist.metadata["License-Expression"] == "MIT"
    licences = [f for f in dist.files or [] if f.name == "LICENSE"]
    assert licences, "no LICENSE among the installed files"
    text = licences[0].read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert text == (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_the_metadata_is_complete() -> None:
    meta = _distribution().metadata
    assert meta["Requires-Python"] == ">=3.10"
    assert meta["Keywords"]
    assert meta["Author"] or meta["Author-email"]
    # No public repository or site exists yet: the metadata names none rather than
    # made-up ones (pyproject.toml). With a public home, check Homepage, Documentation,
    # Source and Issues here, and that each is the mkdocs.yml's site_url or repo_url.
    assert meta.get_all("Project-URL") is None
    classifiers = meta.get_all("Classifier") or []
    for minor in (10, 11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    # The README; importlib_metadata (a dependency of dask), once imported, serves
    # the body as a Description field rather than as the payload.
    readme = meta.get_payload() or meta.get("Description") or ""
    assert "pip install accordion-patience" in readme


def test_a_missing_extra_names_the_install_command(tmp_path: Path) -> None:
    # Hide matplotlib (installed for the other tests) the way a plain install lacks it.
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from accordion.cli import main\n"
        f"raise SystemExit(main(['stats', '--rules', 'strict', '--deals', '10',"
        f" '--plot', {str(tmp_path / 'p.png')!r}]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "pip install 'accordion-patience[plot]'" in result.stderr
    assert not (tmp_path / "p.png").exists()


# What would make a test or a build read outside the repository.
OUTSIDE = ("../" + "shared", "/work/" + "shared", "ACCORDION_" + "SHARED")
SEARCHED = ("tests", "python", "scripts", "benches", "rust", "Cargo.toml", "pyproject.toml")


def test_nothing_reads_outside_the_repository() -> None:
    files = [
        path
        for name in SEARCHED
        for path in ([ROOT / name] if (ROOT / name).is_file() else (ROOT / name).rglob("*"))
        if path.is_file() and path.suffix not in {".so", ".pyd", ".pyc"}
    ]
    assert len(files) > 50
    offenders = [
        f"{path.relative_to(ROOT)}: {needle}"
        for path in files
        for needle in OUTSIDE
        if needle in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert offenders == []


def test_import_accordion_loads_nothing_heavy() -> None:
    """`import accordion` stays fast (benches/import-time.md has the figures): it must
    not pull in modules that cost milliseconds for nothing it needs at import —
    xml.sax.saxutils (which imports urllib and http), typing, re, dataclasses and
    inspect, importlib.abc (importlib.resources), the registry, the CLI, the TUI."""
    import subprocess
    import sys

    code = "import sys, accordion; print(' '.join(sorted(sys.modules)))"
    loaded = set(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    heavy = {
        "xml.sax.saxutils",
        "urllib.request",
        "http.client",
        "typing",
        "re",
        "dataclasses",
        "inspect",
        "importlib.abc",
        "importlib.resources",
        "accordion.games",
        "accordion.cli",
        "accordion.play",
        "accordion.batch",
        "accordion.reference",
    }
    assert loaded & heavy == set()
