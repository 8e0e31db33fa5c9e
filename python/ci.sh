#!/usr/bin/env bash
# CI for the Python package (docs/PYTHON.md), called by .ci/run: a fresh
# virtualenv, maturin, pytest, NumPy and mypy from PyPI, the package built
# from ./python and installed, then `pytest python/tests`.
#
# The build uses the `quick` profile of python/Cargo.toml (opt-level 1, no
# debug info): a release build of the dependencies takes several
# CPU-minutes more, and users get `release` by default (`pip install
# ./python`). NIMCERT_PY_PROFILE=release (or dev) chooses another.
#
# The tests compare the package with the `nimcert` and `nimcheck` binaries
# that `cargo test --workspace` built in target/debug (CARGO_TARGET_DIR if
# set); here they must be there (NIMCERT_REQUIRE_BINARIES=1), where a
# developer's run without them skips those comparisons with a notice.
#
# Exit status: pytest's, except that "no tests collected" (5) is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
python="${PYTHON:-python3}"
profile="${NIMCERT_PY_PROFILE:-quick}"

venv="$(mktemp -d "${TMPDIR:-/tmp}/nimcert-python.XXXXXX")"
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
py="$venv/bin/python"
# The tools installed below (maturin, pytest, mypy) are found on PATH: the
# `--no-build-isolation` build starts the `maturin` executable by name, and
# nothing outside this virtualenv may stand in for it.
export PATH="$venv/bin:$PATH"
export VIRTUAL_ENV="$venv"
"$py" -m pip install -q --disable-pip-version-check "maturin>=1.8,<2" pytest numpy mypy
maturin_found="$(command -v maturin || true)"
if [[ $maturin_found != "$venv/bin/maturin" ]]; then
    echo "python/ci.sh: maturin should come from the virtualenv, found '${maturin_found:-nothing}'"
    exit 1
fi
echo "python: $("$py" --version), maturin $(maturin --version | cut -d' ' -f2), tools in $((SECONDS - start)) s"

build_start=$SECONDS
MATURIN_PEP517_ARGS="--profile $profile" \
    "$py" -m pip install -q --disable-pip-version-check --no-build-isolation ./python
echo "pip install ./python (profile $profile): $((SECONDS - build_start)) s"

status=0
NIMCERT_REQUIRE_BINARIES=1 PYTHONDONTWRITEBYTECODE=1 \
    "$py" -m pytest -q -p no:cacheprovider python/tests || status=$?
if [[ $status -eq 5 ]]; then
    echo "python/ci.sh: pytest collected no tests"
    status=1
fi
echo "python/ci.sh: exit $status after $((SECONDS - start)) s"
exit "$status"
