"""The boundary between Python and Rust: a panic is an exception, the
interpreter is released during work, the stubs match the module."""

import subprocess
import sys
import threading

import pytest

import nimcert


def test_a_rust_panic_is_an_exception():
    with pytest.raises(nimcert.InternalError) as error:
        nimcert._nimcert._panic_for_test("boom")
    assert isinstance(error.value, Exception)
    assert "boom" in str(error.value) and error.value.exit_code == 101
    # The interpreter and the package go on working.
    assert nimcert.solve([1, 2, 3]).period == 4


def test_a_panic_does_not_abort_a_fresh_interpreter():
    code = (
        "import nimcert\n"
        "try:\n"
        "    nimcert._nimcert._panic_for_test('x')\n"
        "except nimcert.NimcertError as e:\n"
        "    print('caught', type(e).__name__)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "caught InternalError"


def test_work_runs_without_the_interpreter_lock():
    """Two threads solve at once and both get the engine's answers."""
    results = {}

    def work(moves):
        results[tuple(moves)] = nimcert.solve(moves).period

    threads = [threading.Thread(target=work, args=(m,)) for m in ([2, 3, 7], [3, 5, 11], [1, 2, 3])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {(2, 3, 7): 5, (3, 5, 11): 8, (1, 2, 3): 4}


def test_the_exception_tree():
    for name in ["InputError", "LimitError", "FalseClaimError", "OutputError", "InternalError"]:
        assert issubclass(getattr(nimcert, name), nimcert.NimcertError)
    assert issubclass(nimcert.NimcertError, Exception)


def test_the_stubs_match_the_module():
    """mypy's stubtest compares nimcert/_nimcert.pyi with the extension."""
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "nimcert._nimcert", "--ignore-missing-stub"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
