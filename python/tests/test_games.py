"""Solving subtraction and octal games, and paper A's classification,
against brute force and against the `nimcert` command line."""

import pytest

import nimcert


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def brute_force(moves, n):
    """G(0), …, G(n − 1) by the mex rule."""
    g = []
    for x in range(n):
        g.append(mex({g[x - s] for s in moves if s <= x}))
    return g


GAMES = [[1, 2, 3], [2, 3, 7], [3, 5, 11], [4, 11, 27], [1, 4], [2, 5, 6, 9], [3, 7, 8, 17]]


@pytest.mark.parametrize("moves", GAMES)
def test_solve_agrees_with_the_mex_rule(moves):
    game = nimcert.solve(moves)
    n = 4 * (game.preperiod + game.period) + 4 * max(moves)
    word = brute_force(moves, n)
    assert [game.value(x) for x in range(n)] == word
    assert game.values == word[: game.preperiod + game.period]
    # Periodic from q with period p on a prefix four times as long; no
    # shorter period there, and q is least (G(q − 1) ≠ G(q − 1 + p)).
    q, p = game.preperiod, game.period
    assert all(word[x] == word[x + p] for x in range(q, n - p))
    assert q == 0 or word[q - 1] != word[q - 1 + p]
    for d in range(1, p):
        assert any(word[x] != word[x + d] for x in range(q, n - d)), d
    assert game.p_positions() == [x for x, v in enumerate(game.values) if v == 0]


@pytest.mark.parametrize("moves", GAMES)
def test_solve_agrees_with_the_command_line(cli, moves):
    code, report, _ = cli.json("solve", ",".join(map(str, moves)), "--full")
    assert code == 0
    game = nimcert.solve(moves)
    assert (game.preperiod, game.period) == (report["preperiod"], report["period"])
    assert game.values.tolist() == report["values"]
    assert game.p_positions() == report["p_positions"]
    assert (game.outcome_preperiod, game.outcome_period) == (
        report["outcome_preperiod"],
        report["outcome_period"],
    )
    assert game.agrees == report["agrees"]
    paper = game.paper_a
    if paper is None:
        assert report["covered_by"] is None and report["rho"] is None
    else:
        assert paper.statement == report["covered_by"]
        assert paper.predicted_period == report["predicted_period"]
        assert (paper.g, paper.rho) == (report["gcd"], report["rho"])
        assert paper.admissible == report["admissible"]


def test_moves_in_every_form():
    forms = ["3,5,11", "3 5 11", [11, 3, 5], (3, 5, 11), range(3, 12, 4)]
    games = [nimcert.solve(m) for m in forms[:4]]
    assert {(g.preperiod, g.period, tuple(g.moves)) for g in games} == {(0, 8, (3, 5, 11))}
    assert nimcert.solve(forms[4]).moves == [3, 7, 11]


def test_numpy_moves_and_zero_copy_values():
    np = pytest.importorskip("numpy")
    game = nimcert.solve(np.array([3, 5, 11], dtype=np.int64))
    assert game.moves == [3, 5, 11]
    a = np.asarray(game.values)
    b = np.asarray(game.values)
    assert a.dtype == np.uint16 and a.shape == (len(game.values),)
    # The same memory, Rust's: no copy, and read-only.
    assert np.shares_memory(a, b)
    assert a.__array_interface__["data"][0] == game.values.__array_interface__["data"][0]
    assert not a.flags.writeable
    with pytest.raises(ValueError):
        a[0] = 7
    assert a.tolist() == game.values.tolist()
    octal = nimcert.solve_octal("0.07")
    assert np.asarray(octal.values).dtype == np.uint32
    assert np.asarray(octal.values).tolist() == list(octal.values)
    # The array keeps the values alive after the game is gone.
    values = np.asarray(nimcert.solve([2, 3, 7]).values)
    import gc

    gc.collect()
    assert values.tolist() == brute_force([2, 3, 7], 5)


def test_values_is_a_sequence():
    values = nimcert.solve([2, 3, 7]).values
    assert len(values) == 5 and list(values) == [0, 0, 1, 1, 2]
    assert values[-1] == 2 and values[1:4] == [0, 1, 1] and values[::-2] == [2, 1, 0]
    with pytest.raises(IndexError):
        values[5]
    with pytest.raises(TypeError):
        values["a"]
    assert values == (0, 0, 1, 1, 2) and values != [0, 0, 1, 1] and values != "00112"


BAD_MOVES = ["", "2,,3", "0,1", "2,2", "3,x", "16777217", ",".join(map(str, range(1, 4099)))]


@pytest.mark.parametrize("moves", BAD_MOVES)
def test_bad_moves_have_the_command_lines_message(cli, moves):
    code, message = cli.error("solve", moves)
    with pytest.raises(nimcert.InputError) as error:
        nimcert.solve(moves)
    assert (error.value.exit_code, str(error.value)) == (code, message)
    assert isinstance(error.value, nimcert.NimcertError) and error.value.flag is None
    assert (error.value.file, error.value.line, error.value.col) == (None, None, None)


def test_bad_moves_as_sequences():
    cases = {
        (): "the move set is empty",
        (0, 1): "0 is not a move (moves are positive integers)",
        (-3, 1): "'-3' is not a positive integer",
        (2.5,): "'2.5' is not a positive integer",
        (2**70,): "a move exceeds the limit 16777216",
        (-(2**70),): f"'{-(2**70)}' is not a positive integer",
        (3, 3): "move 3 is given twice",
        tuple(range(1, 4098)): "4097 moves exceed the limit of 4096 moves",
    }
    for moves, message in cases.items():
        with pytest.raises(nimcert.InputError) as error:
            nimcert.solve(list(moves))
        assert str(error.value) == message
    with pytest.raises(nimcert.InputError):
        nimcert.solve(7)


@pytest.mark.parametrize("flags", [("--max-work", 30), ("--max-positions", 11), ("--max-positions", 15)])
def test_limits_have_the_command_lines_message(cli, flags):
    code, message = cli.error("solve", "3,5,11", *flags)
    keyword = flags[0].lstrip("-").replace("-", "_")
    with pytest.raises(nimcert.LimitError) as error:
        nimcert.solve([3, 5, 11], **{keyword: flags[1]})
    assert (error.value.exit_code, str(error.value)) == (code, message) == (3, message)
    assert error.value.flag == flags[0]


def test_classify_agrees_with_the_engine():
    """Each covering statement's prediction against the engine, on every
    primitive triple with c ≤ 24 (the audit's question, small)."""
    covered = 0
    for a in range(1, 8):
        for b in range(a + 1, 16):
            for c in range(b + 1, 25):
                paper = nimcert.classify([a, b, c])
                assert paper.reduced == tuple(m // paper.g for m in (a, b, c))
                assert paper.rho == paper.reduced[2] % (paper.reduced[0] + paper.reduced[1])
                if paper.prediction is None:
                    assert paper.statement is None
                    continue
                covered += 1
                game = nimcert.solve([a, b, c])
                assert paper.prediction.agrees_with(game), (a, b, c, paper)
                assert paper.prediction.values == game.values
                assert paper.prediction.p_positions == game.p_positions()
    assert covered > 500


def test_classify_paper_a_rows():
    paper = nimcert.classify([4, 11, 27])
    # Table 1: P = c + b for {4, 11, 27} (as the library's own example).
    assert paper.predicted_period == 27 + 11
    assert paper.table == 1 and paper.statement == f"A.Table1.row{paper.row}"
    assert paper.prediction.source in ("Quoted", "Derived")
    assert paper.prediction.parameters  # the formula's parameters, by name
    two = nimcert.classify([1, 5, 9])
    assert two.table == 2 and two.statement.startswith("A.Table2.row")
    additive = nimcert.classify([2, 3, 5])
    assert additive.statement == "A.Thm36" and additive.table is None
    scaled = nimcert.classify([8, 22, 54])  # 2 · {4, 11, 27}: Lemma 5
    assert scaled.g == 2 and scaled.predicted_period == 2 * paper.predicted_period
    with pytest.raises(nimcert.InputError, match="three-move games"):
        nimcert.classify([1, 2])


def test_octal_games(cli):
    # Kayles (0.77): pre-period 71, period 12 (Guy and Smith, 1956).
    kayles = nimcert.solve_octal("0.77")
    assert (kayles.preperiod, kayles.period) == (71, 12)
    for code in ["0.77", "0.07", "0.137"]:
        game = nimcert.solve_octal(code)
        status, report, _ = cli.json("octal", code, "--full")
        assert status == 0
        assert (game.preperiod, game.period) == (report["preperiod"], report["period"])
        shown = report["values"]
        assert game.values[: len(shown)] == shown
        assert [game.value(n) for n in range(len(shown))] == shown
    assert nimcert.solve_octal("0.77", method="direct").values == kayles.values
    with pytest.raises(nimcert.InputError):
        nimcert.solve_octal("0.77", method="fast")
    code, message = cli.error("octal", "0.7x")
    with pytest.raises(nimcert.InputError) as error:
        nimcert.solve_octal("0.7x")
    assert str(error.value) == message
    code, message = cli.error("octal", "0.77", "--max-n", "50")
    with pytest.raises(nimcert.LimitError) as error:
        nimcert.solve_octal("0.77", max_n=50)
    assert (str(error.value), error.value.flag) == (message, "--max-n")
