"""Hostile arguments: every integer argument, every set of moves and list
of claim prefixes is read into the package's own `InputError` (a one-line
message naming the argument), never the built-in `OverflowError` or
`TypeError` of a conversion, nor silently as something else (True as the
move 1, a dict as its keys); and every default shows its value in
`inspect.signature`."""

import inspect
import re

import pytest

import nimcert

CLAIM = """
[[claim]]
id = "x.one"
source = "a test"
quote = "q"
kind = "conjecture"
game = "{a, a + 1}"
params = { a = "1..=5" }
assert = "q == 0"
"""

# Values that are not an int from 0 to 2^64 - 1.
NOT_COUNTS = [-1, -(2**70), 2**64, 2**80, True, False, 1.5, "7", None]


def _claim_file(tmp_path):
    path = tmp_path / "claims.toml"
    path.write_text(CLAIM)
    return path


# (function, positional arguments, the keyword arguments that are counts)
COUNT_KEYWORDS = [
    (nimcert.solve, ([3, 5, 11],), ["max_positions", "max_work"]),
    (nimcert.solve_octal, ("0.07",), ["max_n", "max_work"]),
    (nimcert.certify, ([3, 5, 11],), ["max_positions", "max_work"]),
    (nimcert.certify_formula, ([4, 11, 27],), ["max_positions", "max_work"]),
    (nimcert.certify_octal, ("0.07",), ["max_n", "max_work"]),
    (
        nimcert.audit_claims,
        (CLAIM,),
        ["max_claim_bytes", "max_claims", "max_eval_steps", "max_positions", "max_n", "max_work"],
    ),
]


def _refused(call, name):
    """The InputError of `call`, whose one-line message names `name`."""
    with pytest.raises(nimcert.InputError) as error:
        call()
    message = str(error.value)
    assert message.startswith(f"{name}: "), message
    assert "\n" not in message and len(message) <= 400
    assert error.value.exit_code == 2 and error.value.flag is None
    return message


@pytest.mark.parametrize("function, positional, keywords", COUNT_KEYWORDS, ids=lambda v: getattr(v, "__name__", ""))
@pytest.mark.parametrize("bad", NOT_COUNTS, ids=repr)
def test_a_limit_out_of_range_is_an_input_error(function, positional, keywords, bad):
    for keyword in keywords:
        message = _refused(lambda: function(*positional, **{keyword: bad}), keyword)
        if isinstance(bad, bool):
            assert "is a bool" in message
        else:
            assert "not an int from 0 to 2^64 − 1" in message


def test_audit_file_limits(tmp_path):
    path = _claim_file(tmp_path)
    for keyword in ["max_claim_bytes", "max_claims", "max_eval_steps", "max_positions", "max_n", "max_work"]:
        for bad in [-1, 2**64, True]:
            _refused(lambda: nimcert.audit_file(path, **{keyword: bad}), keyword)


def test_the_checkers_limits(tmp_path):
    certificate = nimcert.certify([3, 5, 11])
    path = tmp_path / "c.ron"
    certificate.write(path)
    calls = [
        lambda **k: nimcert.check(certificate, **k),
        lambda **k: nimcert.check(certificate.ron, **k),
        lambda **k: nimcert.check_file(path, **k),
        lambda **k: certificate.check(**k),
        lambda **k: nimcert.Certificate.from_ron(certificate.ron, **k),
        lambda **k: nimcert.Certificate.read(path, **k),
    ]
    for call in calls:
        for bad in [-1, 2**64, 2**80, True, 2.0]:
            _refused(lambda: call(max_work=bad), "max_work")
            _refused(lambda: call(max_depth=bad), "max_depth")


@pytest.mark.parametrize("bad", NOT_COUNTS, ids=repr)
def test_certify_family_arguments(bad):
    for i, name in enumerate(["a", "b", "rho"]):
        arguments = [3, 5, 2]
        arguments[i] = bad
        _refused(lambda: nimcert.certify_family(*arguments), name)


def test_the_largest_limits_are_accepted():
    np = pytest.importorskip("numpy")
    top = 2**64 - 1
    assert nimcert.solve([3, 5, 11], max_positions=top, max_work=top).period == 8
    assert nimcert.solve([3, 5, 11], max_work=np.uint64(top)).period == 8
    assert nimcert.solve([3, 5, 11], max_work=np.int64(10**9)).period == 8
    assert nimcert.certify_family(np.int32(3), 5, 2).kind == "Family"
    assert nimcert.check(nimcert.certify([3, 5, 11]), max_work=top).valid
    # 0 is a count: a limit of nothing, reached.
    with pytest.raises(nimcert.LimitError):
        nimcert.solve([3, 5, 11], max_work=0)


def test_positions_of_a_game():
    game = nimcert.solve([3, 5, 11])
    q, p = game.preperiod, game.period
    for x in [2**64 - 1, 2**64, 2**70, 10**40 + 3]:
        assert game.value(x) == game.values[q + (x - q) % p]
    octal = nimcert.solve_octal("0.77")
    q, p = octal.preperiod, octal.period
    for n in [2**64, 10**30 + 7]:
        assert octal.value(n) == octal.value(q + (n - q) % p)
    for bad in [-1, -(2**70), True, 1.5, "3"]:
        _refused(lambda: game.value(bad), "x")
        _refused(lambda: octal.value(bad), "n")
    for bad, message in [
        (-1, "x: -1 is negative, not a position (an int ≥ 0)"),
        (True, "x: True is a bool, not a position (an int ≥ 0)"),
        (1.5, "x: 1.5 is not a position (an int ≥ 0)"),
    ]:
        assert _refused(lambda: game.value(bad), "x") == message


MOVE_FUNCTIONS = [nimcert.solve, nimcert.classify, nimcert.certify, nimcert.certify_formula]


@pytest.mark.parametrize("function", MOVE_FUNCTIONS, ids=lambda f: f.__name__)
def test_moves_that_are_not_moves(function):
    cases = {
        (True,): "True is a bool, not a move (moves are positive integers)",
        (3, 5, True): "True is a bool, not a move (moves are positive integers)",
        (3, False, 11): "False is a bool, not a move (moves are positive integers)",
    }
    for moves, message in cases.items():
        for form in (list(moves), tuple(moves)):
            with pytest.raises(nimcert.InputError) as error:
                function(form)
            assert str(error.value) == message
    for moves, kind in [
        ({1: 2}, "dict"),
        ({3: "a", 5: "b", 11: "c"}, "dict"),
        (b"\x03\x05\x0b", "bytes"),
        (bytearray(b"\x03\x05\x0b"), "bytearray"),
        (7, "int"),
        (None, "NoneType"),
    ]:
        with pytest.raises(nimcert.InputError) as error:
            function(moves)
        assert str(error.value) == f"the moves must be a string or a sequence of ints, not {kind}"


def test_a_mapping_is_not_a_set_of_moves():
    import collections
    import types

    for mapping, kind in [
        (types.MappingProxyType({3: 1, 5: 1}), "mappingproxy"),
        (collections.Counter([3, 5, 11]), "Counter"),
    ]:
        with pytest.raises(nimcert.InputError) as error:
            nimcert.solve(mapping)
        assert str(error.value) == f"the moves must be a string or a sequence of ints, not {kind}"


def test_numpy_bools_are_not_moves():
    np = pytest.importorskip("numpy")
    with pytest.raises(nimcert.InputError, match="is not a positive integer"):
        nimcert.solve(np.array([True, False]))
    assert nimcert.solve(np.array([3, 5, 11], dtype=np.uint8)).period == 8


def test_sets_and_ranges_of_ints_are_moves():
    assert nimcert.solve({11, 3, 5}).moves == [3, 5, 11]
    assert nimcert.solve(frozenset([2, 3, 7])).period == 5
    assert nimcert.classify({27, 4, 11}).statement == nimcert.classify([4, 11, 27]).statement


def test_claim_prefixes_and_ranges():
    text = CLAIM + CLAIM.replace("x.one", "x.two")
    assert [v.id for v in nimcert.audit_claims(text, claims="x.two")] == ["x.two"]
    assert [v.id for v in nimcert.audit_claims(text, claims=("x.one",))] == ["x.one"]
    for bad, kind in [([1], "int"), (["x.one", None], "NoneType"), ([b"x.one"], "bytes")]:
        with pytest.raises(nimcert.InputError) as error:
            nimcert.audit_claims(text, claims=bad)
        assert str(error.value) == f"claims: each is a claim id or prefix (str), not {kind}"
    for bad, kind in [({"x.one": 1}, "dict"), (b"x.one", "bytes"), (3, "int")]:
        with pytest.raises(nimcert.InputError) as error:
            nimcert.audit_claims(text, claims=bad)
        assert str(error.value) == f"claims: a claim id or prefix (str) or a list of them, not {kind}"
    for bad in [(True, 3), (1, False), (1, 2**63), (-(2**64), 3), (1.0, 3)]:
        with pytest.raises(nimcert.InputError, match=r"^--range a=.*: a range is \(lo, hi\) with two ints"):
            nimcert.audit_claims(text, ranges={"a": bad})
    for bad, kind in [([("a", (1, 2))], "list"), ("a=1..=2", "str")]:
        with pytest.raises(nimcert.InputError) as error:
            nimcert.audit_claims(text, ranges=bad)
        assert str(error.value) == f"ranges: a dict {{name: range}}, not {kind}"
    with pytest.raises(nimcert.InputError, match="a string .or bytes., not list"):
        nimcert.audit_claims([ord(c) for c in text])
    with pytest.raises(nimcert.InputError, match="not valid UTF-8"):
        nimcert.audit_claims("\udc80")


def test_indices_beyond_64_bits_are_out_of_range():
    values = nimcert.solve([3, 5, 11]).values
    report = nimcert.audit_claims(CLAIM)
    for sequence in (values, report):
        for key in (2**64, -(2**64), 2**100):
            with pytest.raises(IndexError):
                sequence[key]
        with pytest.raises(TypeError):
            sequence[1.5]
    assert values[True] == values[1]


# The defaults of every function, as inspect.signature must show them.
DEFAULTS = {
    "solve": {"max_positions": 268_435_456, "max_work": 60_000_000_000},
    "solve_octal": {"method": "rare", "max_n": 100_000, "max_work": 60_000_000_000},
    "certify": {"claim": "sequence", "max_positions": 268_435_456, "max_work": 60_000_000_000},
    "certify_formula": {"max_positions": 268_435_456, "max_work": 60_000_000_000},
    "certify_octal": {"no_values": False, "method": "rare", "max_n": 100_000, "max_work": 60_000_000_000},
    "audit_claims": {
        "name": "<claims>",
        "ranges": None,
        "claims": None,
        "max_claim_bytes": 4_194_304,
        "max_claims": 10_000,
        "max_eval_steps": 100_000_000,
        "max_positions": 67_108_864,
        "max_n": 100_000,
        "max_work": 2_000_000_000_000,
    },
}
DEFAULTS["audit_file"] = {k: v for k, v in DEFAULTS["audit_claims"].items() if k != "name"}


def _defaults(function):
    return {
        name: p.default
        for name, p in inspect.signature(function).parameters.items()
        if p.default is not inspect.Parameter.empty
    }


def test_signatures_show_the_defaults():
    for name, expected in DEFAULTS.items():
        assert _defaults(getattr(nimcert, name)) == expected, name
    assert _defaults(nimcert.Game.certificate) == {"claim": "sequence"}
    assert _defaults(nimcert.OctalGame.certificate) == {"no_values": False}
    # No default anywhere is shown as Ellipsis.
    for name in nimcert.__all__:
        thing = getattr(nimcert, name)
        if isinstance(thing, type):
            members = list(vars(thing).values())
        elif callable(thing):
            members = [thing]
        else:
            continue
        for member in members:
            try:
                signature = inspect.signature(member)
            except (TypeError, ValueError):
                continue
            shown = str(signature)
            assert "Ellipsis" not in shown and "..." not in shown, (name, shown)


def test_the_defaults_are_the_command_lines(cli):
    """Each limit's default is the default of its flag in `nimcert
    solve/octal/audit --help`."""

    def flag_defaults(command):
        _, out, _ = cli.run(command, "--help")
        defaults, flag = {}, None
        for line in out.splitlines():
            found = re.match(r"\s+(?:-\w, )?--([a-z-]+)", line)
            if found:
                flag = found.group(1)
            default = re.search(r"\[default: ([^\]]+)\]", line)
            if default and flag:
                defaults[flag.replace("-", "_")] = default.group(1)
        return defaults

    for function, command in [
        ("solve", "solve"),
        ("certify", "solve"),
        ("certify_formula", "solve"),
        ("solve_octal", "octal"),
        ("certify_octal", "octal"),
        ("audit_claims", "audit"),
        ("audit_file", "audit"),
    ]:
        flags = flag_defaults(command)
        for name, value in _defaults(getattr(nimcert, function)).items():
            if name.startswith("max_"):
                assert flags[name] == str(value), (function, name, flags.get(name))
