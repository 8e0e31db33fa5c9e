"""The boundary between Python and Rust: a panic is an exception (from
every entry point), the interpreter is released during work, Ctrl-C
interrupts a long call, the stubs match the module."""

import re
import signal
import subprocess
import sys
import threading
import time

import pytest

import nimcert
from conftest import ROOT


def test_a_rust_panic_is_an_exception():
    with pytest.raises(nimcert.InternalError) as error:
        nimcert._nimcert._panic_for_test("boom")
    assert isinstance(error.value, Exception)
    assert "boom" in str(error.value) and error.value.exit_code == 101
    # The interpreter and the package go on working.
    assert nimcert.solve([1, 2, 3]).period == 4


def test_a_panic_in_the_body_of_an_entry_point_is_an_exception():
    """A panic outside the work thread (in the code that reads arguments
    and builds results) is an InternalError too, not PyO3's
    PanicException, which `except Exception` does not catch."""
    try:
        nimcert._nimcert._panic_for_test("bang", in_worker=False)
    except Exception as error:  # noqa: BLE001 - the point of the test
        caught = error
    assert isinstance(caught, nimcert.InternalError)
    assert "bang" in str(caught) and caught.exit_code == 101
    assert str(caught).startswith("internal error (a bug in nimcert, please report it): ")
    assert nimcert.solve([2, 3, 7]).period == 5


def test_a_claim_id_of_65536_characters():
    """Such an id made the library's text report panic (a format width
    over 65,535): from Python each report is a string or an
    InternalError, never PyO3's PanicException, which `except Exception`
    misses."""
    claim = (
        f'[[claim]]\nid = "{"x" * 70_000}"\nsource = "s"\nquote = "q"\nkind = "conjecture"\n'
        'game = "{a, a + 1}"\nparams = { a = "1..=3" }\nassert = "q == 0"\n'
    )
    report = nimcert.audit_claims(claim)
    for render in (report.text, report.markdown, report.json, lambda: repr(report)):
        try:
            shown = render()
        except Exception as error:  # noqa: BLE001 - the point of the test
            assert isinstance(error, nimcert.InternalError), error
            assert error.exit_code == 101
        else:
            assert isinstance(shown, str) and shown
    assert nimcert.solve([3, 5, 11]).period == 8


def _entry_points(source):
    """(name, body) of every #[pyfunction] and every method of a
    #[pymethods] block of a Rust file: the bodies found by matching braces
    once strings, characters and comments are blanked."""
    blank = re.sub(r'"(?:\\.|[^"\\])*"', '""', source)
    blank = re.sub(r"'(?:\\.|[^'\\])'", "' '", blank)
    blank = re.sub(r"//[^\n]*", "", blank)

    def block(start):
        """(start, end) of the braces from the `{` at or after `start`."""
        i = blank.index("{", start)
        depth = 0
        for j in range(i, len(blank)):
            depth += {"{": 1, "}": -1}.get(blank[j], 0)
            if depth == 0:
                return i, j + 1
        raise AssertionError("unbalanced braces")

    found = []
    for match in re.finditer(r"#\[pyfunction\][^{]*?\bfn (\w+)", blank):
        start, end = block(match.end())
        found.append((match.group(1), blank[start:end]))
    for match in re.finditer(r"#\[pymethods\]\s*impl (\w+)", blank):
        start, end = block(match.end())
        at = start + 1
        while (method := re.compile(r"\bfn (\w+)").search(blank, at, end)) is not None:
            body_start, at = block(method.end())  # the next method after this body
            found.append((f"{match.group(1)}.{method.group(1)}", blank[body_start:at]))
    return found


def test_every_entry_point_is_guarded():
    """Every function and method of the extension runs its body under
    `guard` or hands its work to `run` (both turn a panic into
    InternalError), or calls another method that does."""
    unguarded, count = [], 0
    for path in sorted((ROOT / "python" / "src").glob("*.rs")):
        for name, body in _entry_points(path.read_text()):
            count += 1
            delegates = re.fullmatch(r"\{\s*self\.\w+\(\)\s*\}", body)
            if not (re.search(r"\b(guard|run|run_cancellable)\(", body) or delegates):
                unguarded.append(f"{path.name}: {name}")
    assert count > 60, count  # the scan found the entry points
    assert unguarded == []


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


# Long calls (each runs for minutes, or until a limit, uninterrupted), and
# a short one that must still work after the interrupt.
LONG_CALLS = {
    "octal": 'nimcert.solve_octal("0.9")',
    "solve": "nimcert.solve(random.Random(7).sample(range(1, 2**23), 4096))",
    "audit": "nimcert.audit_claims(CLAIMS)",
    "certify": 'nimcert.certify_octal("0.9")',
}
CLAIMS = """
[[claim]]
id = "long"
source = "a test"
quote = "every game has a period"
kind = "conjecture"
game = "{a, b, c}"
params = { a = "1..=20", b = "a+1..=40", c = "b+1..=1500" }
assert = "p >= 1"
"""
CHILD = """
import random, resource, sys, time
import nimcert
CLAIMS = {claims!r}
print("started", flush=True)
start = time.monotonic()
try:
    {call}
    print("finished", time.monotonic() - start, flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic() - start, flush=True)
    {after}
"""
# After the interrupt: the program goes on, the package too.
GO_ON = 'print("after", nimcert.solve([3, 5, 11]).period, flush=True)'


def _interrupt(call, after, claims=CLAIMS):
    """Runs `call` in a fresh interpreter, sends it SIGINT about a second
    after the call starts, then runs `after`; (its output, stderr, exit
    status, seconds from SIGINT to its end)."""
    code = CHILD.format(claims=claims, call=call, after=after)
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        return out, err, child.returncode, time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def _lines(out):
    return dict(line.split(" ", 1) for line in out.split("\n") if " " in line)


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_interrupts_a_long_call(name):
    """SIGINT a second into a call that would run for minutes: the call
    raises KeyboardInterrupt within a fraction of a second, and the
    interpreter goes on (the package too)."""
    out, err, status, seconds = _interrupt(LONG_CALLS[name], GO_ON)
    lines = _lines(out)
    assert "finished" not in lines, out
    assert status == 0 and "interrupted" in lines, (out, err)
    assert float(lines["interrupted"]) < 5, out
    assert lines.get("after") == "8", (out, err)
    assert seconds < 10, seconds


def test_an_uncaught_ctrl_c_ends_the_program():
    """As for any Python program: the traceback ends with
    KeyboardInterrupt and the process ends by SIGINT, promptly, although
    the abandoned work has not finished."""
    out, err, status, seconds = _interrupt(LONG_CALLS["octal"], "raise")
    assert "interrupted" in out and "finished" not in out, out
    assert err.rstrip().splitlines()[-1] == "KeyboardInterrupt", err
    assert status == -signal.SIGINT, status
    assert seconds < 10, seconds


def test_an_interrupted_audit_starts_no_more_claims():
    """Forty claims of about a second each, interrupted after one second:
    once the claims then running have ended, the process uses no more CPU
    (without the stop between claims, the abandoned audit would keep the
    cores busy for half a minute)."""
    one = CLAIMS.replace('id = "long"', 'id = "long{}"').replace('"b+1..=1500"', '"b+1..=400"')
    one = one.replace('"1..=20"', '"1..=5"').replace('"a+1..=40"', '"a+1..=10"')
    claims = "".join(one.replace("{}", str(i)) for i in range(40))
    after = (
        "time.sleep(3)\n"
        "    usage = lambda: sum(resource.getrusage(resource.RUSAGE_SELF)[:2])\n"
        "    before = usage()\n"
        "    time.sleep(2)\n"
        '    print("cpu", usage() - before, flush=True)'
    )
    out, err, status, _ = _interrupt("nimcert.audit_claims(CLAIMS)", after, claims=claims)
    lines = _lines(out)
    assert status == 0 and "interrupted" in lines and "finished" not in lines, (out, err)
    assert float(lines["cpu"]) < 0.5, out


def test_a_forked_child_does_its_own_work():
    """The worker threads waiting in the parent do not exist in a child
    made by fork (multiprocessing's default on Linux before Python 3.14):
    the child's calls start their own."""
    code = (
        "import os, time, nimcert\n"
        "assert nimcert.solve([3, 5, 11]).period == 8\n"
        "time.sleep(0.5)\n"  # the worker now waits for the next call
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    print('child', nimcert.solve([2, 3, 7]).period, nimcert.classify([4, 11, 27]).table, flush=True)\n"
        "    os._exit(0)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "print('parent', nimcert.solve([1, 2, 3]).period, os.waitstatus_to_exitcode(status))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split("\n")[:2] == ["child 5 1", "parent 4 0"], done.stdout + done.stderr
