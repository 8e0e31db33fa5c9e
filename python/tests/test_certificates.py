"""Certificates: made as `nimcert certify` makes them, written as it
writes them, and checked by the checker's library with nimcheck's
verdicts."""

import re

import pytest

import nimcert


def test_certify_and_check():
    certificate = nimcert.certify([3, 5, 11])
    assert certificate.kind == "Sequence" and certificate.statement is None
    result = certificate.check()
    assert result.valid and result and (result.verdict, result.exit_code) == ("valid", 0)
    assert nimcert.check(certificate).valid
    assert nimcert.check(certificate.ron).valid
    assert nimcert.check(certificate.ron.encode()).valid
    assert nimcert.Certificate.from_ron(certificate.ron) == certificate
    assert nimcert.solve([3, 5, 11]).certificate() == certificate


@pytest.mark.parametrize("claim", ["sequence", "periodic", "pset"])
def test_certificates_are_the_command_lines(cli, claim):
    code, ron, _ = cli.run("certify", "2,5,7", "--claim", claim)
    assert code == 0
    certificate = nimcert.certify("2,5,7", claim=claim)
    assert certificate.ron == ron
    assert certificate.check().valid


def test_a_false_claim_is_rejected():
    certificate = nimcert.certify([3, 5, 11])
    # Change one value of the claimed sequence: the checker must reject it.
    forged = certificate.ron.replace("values: [0, 0, 0, 1, 1, 1, 2, 2]", "values: [0, 0, 0, 1, 1, 1, 2, 0]")
    assert forged != certificate.ron
    result = nimcert.check(forged)
    assert (result.verdict, result.exit_code, result.valid) == ("invalid", 1, False)
    assert not result
    # Reading is not checking: the forged certificate parses, and fails.
    assert nimcert.Certificate.from_ron(forged).check().exit_code == 1


def test_malformed_and_oversized_text():
    result = nimcert.check("not a certificate")
    assert (result.verdict, result.exit_code) == ("undecidable", 2)
    with pytest.raises(nimcert.InputError):
        nimcert.Certificate.from_ron("not a certificate")
    ron = nimcert.certify([3, 5, 11]).ron
    small = nimcert.check(ron, max_file_bytes=100)
    assert (small.verdict, small.exit_code) == ("over limit", 3)
    assert "--max-file-bytes" in small.message
    with pytest.raises(nimcert.LimitError) as error:
        nimcert.Certificate.from_ron(ron, max_file_bytes=100)
    assert error.value.flag == "--max-file-bytes"
    with pytest.raises(nimcert.InputError, match="not a limit of the checker"):
        nimcert.check(ron, max_bytes=100)
    deep = "(" * 10_000 + ")" * 10_000
    assert nimcert.check(deep).exit_code == 2


def test_write_and_check_file(tmp_path, nimcheck):
    path = tmp_path / "g.ron"
    certificate = nimcert.certify([2, 3, 7])
    certificate.write(path)
    assert path.read_text() == certificate.ron
    assert nimcert.check_file(path).valid
    assert nimcert.check_file(str(path)).valid
    assert nimcert.Certificate.read(path) == certificate
    assert nimcheck.run(path)[0] == 0
    over = nimcert.check_file(path, max_file_bytes=10)
    assert (over.exit_code, nimcheck.run(path, "--max-file-bytes", 10)[0]) == (3, 3)


def test_output_errors(tmp_path, cli):
    certificate = nimcert.certify([2, 3, 7])
    missing = tmp_path / "no-such-folder" / "g.ron"
    code, message = cli.error("certify", "2,3,7", "-o", missing)
    with pytest.raises(nimcert.OutputError) as error:
        certificate.write(missing)
    assert (error.value.exit_code, str(error.value)) == (code, message) == (4, message)
    with pytest.raises(nimcert.OutputError):
        certificate.write(tmp_path)  # a folder
    with pytest.raises(nimcert.OutputError):
        nimcert.check_file(tmp_path / "absent.ron")


def test_pset_of_a_preperiodic_outcome(cli):
    moves = next(
        [a, b, c]
        for a in range(1, 6)
        for b in range(a + 1, 9)
        for c in range(b + 1, 12)
        if nimcert.solve([a, b, c]).outcome_preperiod > 0
    )
    text = ",".join(map(str, moves))
    code, message = cli.error("certify", text, "--claim", "pset")
    with pytest.raises(nimcert.InputError) as error:
        nimcert.certify(moves, claim="pset")
    assert (str(error.value), code) == (message, 2)


def test_formula_certificates(cli, tmp_path):
    paper = nimcert.classify([4, 11, 27])
    documents = nimcert.certify_formula([4, 11, 27])
    assert sorted(documents) == ["pset", "sequence"]
    for kind, certificate in documents.items():
        assert certificate.statement == paper.statement
        assert certificate.check().valid
    code, _, _ = cli.run("certify", "4,11,27", "--from", "formula", "-o", tmp_path)
    assert code == 0
    for kind, certificate in documents.items():
        assert (tmp_path / f"4-11-27.{kind}.ron").read_text() == certificate.ron
    with pytest.raises(nimcert.InputError, match="needs three moves"):
        nimcert.certify_formula([4, 11])


def test_octal_and_family_certificates(cli):
    for no_values, kind in [(False, "Octal"), (True, "OctalPeriodic")]:
        certificate = nimcert.certify_octal("0.07", no_values=no_values)
        assert certificate.kind == kind and certificate.check().valid
        flags = ["--no-values"] if no_values else []
        assert cli.run("certify", "--octal", "0.07", *flags)[1] == certificate.ron
    assert nimcert.solve_octal("0.07").certificate() == nimcert.certify_octal("0.07")
    family = nimcert.certify_family(3, 5, 2)
    assert family.kind == "Family" and family.check().valid
    assert cli.run("certify", "--family", "3,5,2")[1] == family.ron
    code, message = cli.error("certify", "--family", "5,3,1")
    with pytest.raises(nimcert.InputError) as error:
        nimcert.certify_family(5, 3, 1)
    assert str(error.value) == message


def _manifest(root):
    text = (root / "corpus" / "invalid" / "MANIFEST.ron").read_text()
    return re.findall(r'file: "([^"]+)", expect: (\d)', text)


def test_the_invalid_corpus_gets_nimchecks_verdicts(root):
    """Every deliberately wrong certificate of the corpus gets the exit
    status its MANIFEST lists (what tests/corpus.rs asks of nimcheck)."""
    cases = _manifest(root)
    assert len(cases) > 100
    for name, expect in cases:
        result = nimcert.check_file(root / "corpus" / "invalid" / name)
        assert result.exit_code == int(expect), (name, result)
