"""Shared fixtures: the repository's root, and the `nimcert` and
`nimcheck` binaries (when built) for comparing the package with the
command line it mirrors."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary(name):
    """The binary named by $NIMCERT_BIN / $NIMCHECK_BIN, else one built in
    the repository's target/ folder, else one on PATH; None if none."""
    env = os.environ.get(name.upper() + "_BIN")
    if env:
        return env
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for profile in ("debug", "release"):
        candidate = target / profile / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which(name)


class Cli:
    """Runs one of the command-line programs."""

    def __init__(self, path):
        self.path = path

    def run(self, *args):
        """(exit status, stdout, stderr)."""
        done = subprocess.run(
            [self.path, *map(str, args)], capture_output=True, text=True, timeout=300
        )
        return done.returncode, done.stdout, done.stderr

    def json(self, *args):
        code, out, err = self.run(*args, "--format", "json")
        return code, json.loads(out) if out.strip() else None, err

    def error(self, *args):
        """The one-line message of a failing command, without "nimcert: "."""
        code, _, err = self.run(*args)
        assert code != 0, f"{args} succeeded"
        line = err.strip().splitlines()[0]
        prefix = pathlib.Path(self.path).name + ": "
        return code, line[len(prefix):] if line.startswith(prefix) else line


def _cli(name):
    path = _binary(name)
    if path is None and os.environ.get("NIMCERT_REQUIRE_BINARIES"):
        pytest.fail(f"the {name} binary is not built (python/ci.sh needs target/debug/{name})")
    if path is None:
        pytest.skip(
            f"the {name} binary is not built (cargo build, or set ${name.upper()}_BIN); "
            "the comparison with the command line is skipped"
        )
    return Cli(path)


@pytest.fixture(scope="session")
def cli():
    """The `nimcert` command line."""
    return _cli("nimcert")


@pytest.fixture(scope="session")
def nimcheck():
    """The `nimcheck` command line."""
    return _cli("nimcheck")


@pytest.fixture(scope="session")
def root():
    return ROOT
