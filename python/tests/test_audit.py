"""The claim-file audit from Python: the same verdicts, counts and
messages as `nimcert audit --claims`, and the same limits on hostile
input."""

import json

import pytest

import nimcert

EXAMPLES = ["pairing", "families", "published", "reverse-mex", "paper-a"]


def _rows(report_json):
    rows = json.loads(report_json)["claims"]
    for row in rows:
        row.pop("seconds")
    return rows


@pytest.mark.parametrize("name", EXAMPLES)
def test_audit_file_agrees_with_the_command_line(cli, root, name):
    path = root / "examples" / "claims" / f"{name}.toml"
    code, out, _ = cli.run("audit", "--claims", path, "--format", "json")
    report = nimcert.audit_file(path)
    assert _rows(report.json()) == _rows(out)
    assert report.exit_code == code
    expected = json.loads(out)
    assert report.verdicts == {k: v for k, v in expected["verdicts"].items() if v}
    assert report.instances_not_checked == expected["instances_not_checked"]
    for verdict, row in zip(report.claims, expected["claims"]):
        assert (verdict.id, verdict.verdict, verdict.applicable, verdict.failing) == (
            row["id"],
            row["verdict"],
            row["applicable"],
            row["failing"],
        )
        assert verdict.counterexamples == row["counterexamples"]
        assert verdict.certificates_accepted == row["certificates_accepted"]
        assert (verdict.scope, verdict.covers) == (row["scope"], row["covers"])
    assert report.scopes == expected["scopes"]


SCOPED = """
[[claim]]
id = "{id}"
source = "a test"
quote = "-"
kind = "theorem"
game = "{{1, 2, 3}}"
assert = "{assert_}"
"""


def test_a_finite_check_is_not_a_proof():
    # False at x = 12,000, checked on x < 10,000 only; its twin is proved.
    text = SCOPED.format(id="finite", assert_="forall x: P(x) implies x < 12000") + SCOPED.format(
        id="proved", assert_="forall x: P(x) implies x mod 4 == 0"
    )
    report = nimcert.audit_claims(text)
    finite, proved = report["finite"], report["proved"]
    assert (finite.verdict, finite.scope, finite.proved) == ("holds", "finite check", False)
    assert (proved.verdict, proved.scope, proved.proved) == ("holds", "proof", True)
    assert 'scope="finite check"' in repr(finite)
    assert report.scopes == {"proof": 1, "finite check": 1}
    assert "2 hold (1 proved, 1 on a finite check only)" in report.text()


def test_a_claim_given_as_a_string(root):
    text = (root / "examples" / "claims" / "pairing.toml").read_text()
    from_text = nimcert.audit_claims(text)
    from_file = nimcert.audit_file(root / "examples" / "claims" / "pairing.toml")
    assert _rows(from_text.json()) == _rows(from_file.json())
    verdict = from_text["Ferguson.pairing"]
    assert verdict is not None and verdict.verdict == "holds" and verdict.applicable > 0
    assert len(from_text) == 1 and [v.id for v in from_text] == ["Ferguson.pairing"]
    assert "Ferguson.pairing" in from_text.text()


CLAIM = """
[[claim]]
id = "{id}"
source = "a test"
quote = "{quote}"
kind = "conjecture"
game = "{game}"
params = {{ {params} }}
assert = "{assertion}"
"""


def claim(id="c", quote="q", game="{a, a + 1}", params='a = "1..=5"', assertion="q == 0"):
    return CLAIM.format(id=id, quote=quote, game=game, params=params, assertion=assertion)


def test_a_failing_claim_has_certified_counterexamples():
    report = nimcert.audit_claims(claim(game="{1, b}", params='b = "2..=12"', assertion="p == b + 1"))
    verdict = report["c"]
    assert verdict.verdict in ("fails", "open") and verdict.failing > 0
    assert report.exit_code == (1 if verdict.verdict == "fails" else 0)
    assert verdict.counterexamples and verdict.certificates_accepted is True
    for certificates in verdict.certificates:
        assert certificates and all(c.check().valid for c in certificates)
    # The smallest counterexample: checked against the engine here.
    smallest = min(b for b in range(2, 13) if nimcert.solve([1, b]).period != b + 1)
    assert f"b={smallest}" in verdict.counterexamples[0]


def test_ranges_and_selection():
    text = claim(id="x.one") + claim(id="x.two", assertion="p >= 1")
    report = nimcert.audit_claims(text, ranges={"a": (2, 3)}, claims=["x.two"])
    assert [v.id for v in report] == ["x.two"]
    assert report["x.two"].applicable == 2
    assert nimcert.audit_claims(text, ranges={"a": "2..=4"})["x.one"].applicable == 3
    with pytest.raises(nimcert.InputError, match="no claim matches"):
        nimcert.audit_claims(text, claims=["y"])
    with pytest.raises(nimcert.InputError, match="parameter 'b'"):
        nimcert.audit_claims(text, ranges={"b": (1, 2)})


def test_an_error_in_the_file_reads_as_on_the_command_line(cli, root):
    path = root / "examples" / "claims" / "broken.toml"
    code, message = cli.error("audit", "--claims", path)
    with pytest.raises(nimcert.InputError) as error:
        nimcert.audit_file(path)
    assert (error.value.exit_code, str(error.value)) == (code, message)
    assert (error.value.file, error.value.line) == (str(path), 9)
    with pytest.raises(nimcert.InputError) as error:
        nimcert.audit_claims(path.read_text(), name="broken.toml")
    assert str(error.value) == message.replace(str(path), "broken.toml")
    assert (error.value.line, error.value.col) == (9, int(message.split(":")[2]))


def test_hostile_claims_meet_the_command_lines_limits(cli, tmp_path):
    cases = [
        # (text, keyword arguments, flag)
        (claim() * 1, {"max_claim_bytes": 50}, "--max-claim-bytes"),
        ("".join(claim(id=f"c{i}") for i in range(5)), {"max_claims": 4}, "--max-claims"),
        (claim(params='a = "1..=100000000"'), {}, "--max-work"),
        (claim(assertion="forall x: G(x) == G(x)"), {"max_eval_steps": 10}, "--max-eval-steps"),
    ]
    for text, limits, flag in cases:
        path = tmp_path / "hostile.toml"
        path.write_text(text)
        args = [f"--{k.replace('_', '-')}={v}" for k, v in limits.items()]
        code, message = cli.error("audit", "--claims", path, *args)
        with pytest.raises(nimcert.LimitError) as error:
            nimcert.audit_file(path, **limits)
        assert (error.value.exit_code, error.value.flag, str(error.value)) == (code, flag, message)
        with pytest.raises(nimcert.LimitError) as error:
            nimcert.audit_claims(text, name=str(path), **limits)
        assert error.value.flag == flag


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe not text",
        "[[claim]]\n" * 3,
        claim(assertion="(" * 5000 + "q" + ")" * 5000),
        claim(assertion="1 div (q - q) == 0"),
        claim(assertion="2 * 9223372036854775807 > 0"),
        claim(game="{a,"),
        "x" * 100_000,
    ],
)
def test_malformed_claims_are_input_errors(text):
    with pytest.raises(nimcert.NimcertError) as error:
        nimcert.audit_claims(text)
    assert isinstance(error.value, (nimcert.InputError, nimcert.LimitError))
    assert "\n" not in str(error.value) and len(str(error.value)) <= 400


def test_audit_file_errors(tmp_path):
    with pytest.raises(nimcert.OutputError):
        nimcert.audit_file(tmp_path / "absent.toml")
    with pytest.raises(nimcert.InputError):
        nimcert.audit_file([])
    first = tmp_path / "a.toml"
    first.write_text(claim())
    with pytest.raises(nimcert.InputError, match="already used"):
        nimcert.audit_file([first, first])
