#!/usr/bin/env python3
"""T. Czajka's tables of octal games (tczajka/octal-games: TrivialGames.md and
GameLookup.md), as a nimcert claim file.

Reads record/sources/czajka.toml (the rows and cells copied from the stored
repository) and writes record/czajka.toml, the claim file `nimcert audit
--claims` audits.

    python3 scripts/record/czajka.py            # write record/czajka.toml
    python3 scripts/record/czajka.py --check    # exit 1 if the committed file differs
    python3 scripts/record/czajka.py --naive    # the second method: a naive mex
                                                # (scripts/record/octal.py) of every
                                                # row and of every GameLookup cell
                                                # on [0, NAIVE_N), each reading of k
    python3 scripts/record/czajka.py --equiv [--nimcert BIN] [--to N]
                                                # the GameLookup cells that are not
                                                # claims: decided from nimcert's
                                                # outputs for X and Y (exact when both
                                                # are solved, else G on [0, N))

Python 3.11 standard library only. The claim file depends on the source table
alone (no clock, no environment, no binary), so running it twice gives the
same bytes.

Readings (record/NOTES-czajka.md):
* k(X), the normalization shift of a game X: the number of heap sizes
  1, 2, ..., k on which X has no move at all. "A game in which taking a
  1-element heap is not allowed is considered equivalent to the game with all
  heap sizes reduced by 1", applied until a 1-element heap can be taken
  (commit 87b499d: "maximally normalized"), removes exactly these sizes: the
  normalized sequence is N_X(n) = G_X(n + k(X)).
* TrivialGames.md at 6f2e71f0: a row lists N_X on [0, prefix + period), the
  periodic part in parentheses, values 0-9 then A = 10, B = 11, ... . Read
  literally (the row lists G_X), the claim is `O.Czajka-Trivial.<code>`;
  the rows with k(X) > 0 are also claimed as normalized
  (`….normalized`: max(q - k, 0) == prefix, p == period, G(n + k) == ...) and
  as the file's last version prints them (`….current`, f50524e, literal).
* GameLookup.md at 3b9eb52e: a cell "X -> Y" says N_X = N_Y, that is
  G_X(n + k(X)) = G_Y(n + k(Y)) for all n >= 0. When Y has a row in
  TrivialGames.md, the cell is a claim on X with Y's published row
  (`O.Czajka-Lookup.<X>`); otherwise it is decided by --equiv.
"""
import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "record" / "sources" / "czajka.toml"
TARGET = ROOT / "record" / "czajka.toml"

sys.path.insert(0, str(Path(__file__).resolve().parent))
from octal import conj, naive_octal, q as toml_str  # noqa: E402  (the octal record's helpers)

NAIVE_N = 400  # heap sizes per GameLookup game in --naive (rows: their whole length)


# ---------------------------------------------------------------------------
# Codes and readings

def code(name):
    """Czajka's name (.4, 4, 4.3, 4.005) as nimcert reads it (0.4, 4, 4.3, 4.005)."""
    return "0" + name if name.startswith(".") else name


def digits(name):
    """[d0, d1, d2, ...] of a name."""
    c = code(name)
    d0, _, rest = c.partition(".")
    return [int(d0)] + [int(x) for x in rest]


def has_move(d, n):
    """whether a heap of n tokens has a move in the game with digits d:
    remove r tokens (r >= 1; r = 0 only for d0) leaving no heap (bit 1,
    r = n), one non-empty heap (bit 2, r < n) or two non-empty heaps (bit 4,
    n - r >= 2)."""
    for r, x in enumerate(d):
        if r > n:
            break
        if r >= 1 and r == n and x & 1:
            return True
        if r >= 1 and r < n and x & 2:
            return True
        if n - r >= 2 and x & 4:
            return True
    return False


def shift(name):
    """k(X): the number of heap sizes 1, 2, ..., k with no move."""
    d = digits(name)
    k = 0
    while not has_move(d, k + 1):
        k += 1
    return k


def values(s):
    """a nimbers word (0-9, A = 10, ...; the periodic part in parentheses):
    (values, index of '(')"""
    i = s.index("(")
    assert s.endswith(")") and s.count("(") == 1 and s.count(")") == 1, s
    return [int(c, 36) for c in s.replace("(", "").replace(")", "")], i


def lookup_cells(src):
    """(row label, column, X, Y) for every cell; Y is '-' for a representative."""
    for tr in src["table_row"]:
        assert len(tr["cells"]) == 7, tr
        for j, y in enumerate(tr["cells"], 1):
            yield tr["row"], j, tr["row"].replace("x", str(j)), y


# ---------------------------------------------------------------------------
# Claims

def trivial_claims(src):
    t = src["trivial"]
    src6 = f"T. Czajka, {t['address']} (stored copy tczajka/octal-games {t['path']} at {t['commit'][:8]})"
    srcn = f"{src6}; reading from the note of commit {t['note_commit'][:7]}"
    src5 = f"T. Czajka, {t['current_address']} (stored copy tczajka/octal-games {t['path']} at {t['current_commit'][:8]})"
    for r in src["row"]:
        name = r["game"]
        vals, i = values(r["nimbers"])
        assert i == r["prefix"] and len(vals) == r["prefix"] + r["period"], name
        k = shift(name)
        row = f"{name} | {r['prefix']} | {r['period']} | {r['nimbers']}"
        cur = r.get("current")
        same = "" if cur else f" (the same row at {t['current_commit'][:7]})"
        yield dict(id=f"O.Czajka-Trivial.{code(name)}", source=src6, kind="theorem",
                   quote=f"{row}{same}", game=f"octal {code(name)}",
                   assert_=conj([f"q == {r['prefix']}", f"p == {r['period']}"] +
                                [f"G({n}) == {v}" for n, v in enumerate(vals)]))
        if k == 0:
            assert not cur, name  # the 'current' rows are exactly those with k > 0
            continue
        assert cur, name
        yield dict(id=f"O.Czajka-Trivial.{code(name)}.normalized", source=srcn, kind="theorem",
                   quote=f"{row} -- {t['note']} (heap sizes reduced by k = {k})",
                   game=f"octal {code(name)}",
                   assert_=conj([f"max(q - {k}, 0) == {r['prefix']}", f"p == {r['period']}"] +
                                [f"G({n + k}) == {v}" for n, v in enumerate(vals)]))
        cvals, ci = values(cur["nimbers"])
        assert ci == cur["prefix"] and len(cvals) == cur["prefix"] + cur["period"], name
        yield dict(id=f"O.Czajka-Trivial.{code(name)}.current", source=src5, kind="theorem",
                   quote=f"{name} | {cur['prefix']} | {cur['period']} | {cur['nimbers']}",
                   game=f"octal {code(name)}",
                   assert_=conj([f"q == {cur['prefix']}", f"p == {cur['period']}"] +
                                [f"G({n}) == {v}" for n, v in enumerate(cvals)]))


def lookup_claims(src):
    """a claim on X for every cell X -> Y whose Y has a row in TrivialGames.md
    (6f2e71f0): N_X = N_Y, with Y's published prefix, period and nimbers."""
    lk, t = src["lookup"], src["trivial"]
    rows = {r["game"]: r for r in src["row"]}
    for label, j, x, y in lookup_cells(src):
        if y == "-" or y not in rows:
            continue
        r = rows[y]
        vals, _ = values(r["nimbers"])
        kx = shift(x)
        yield dict(id=f"O.Czajka-Lookup.{code(x)}",
                   source=(f"T. Czajka, {lk['address']} (stored copy tczajka/octal-games {lk['path']} at "
                           f"{lk['commit'][:8]}), with {t['path']} at {t['commit'][:8]}"),
                   kind="theorem",
                   quote=(f"GameLookup.md row {label.strip()}, column {j}: {x} -> {y} (\"For equivalent games, nim "
                          f"sequences are same.\"); TrivialGames.md: {y} | {r['prefix']} | {r['period']} | "
                          f"{r['nimbers']}. Read: G_X(n + {kx}) = the listed nimbers of {y}, k({x}) = {kx}"),
                   game=f"octal {code(x)}",
                   assert_=conj([f"max(q - {kx}, 0) == {r['prefix']}", f"p == {r['period']}"] +
                                [f"G({n + kx}) == {v}" for n, v in enumerate(vals)]))


def render(src):
    body = []
    claims = list(trivial_claims(src)) + list(lookup_claims(src))
    seen = set()
    for c in claims:
        assert c["id"] not in seen, c["id"]
        seen.add(c["id"])
        body += ["[[claim]]", f"id = {toml_str(c['id'])}", f"source = {toml_str(c['source'])}",
                 f"quote = {toml_str(c['quote'])}", f"kind = {toml_str(c['kind'])}",
                 f"game = {toml_str(c['game'])}", f"assert = {toml_str(c['assert_'])}", ""]
    cells = list(lookup_cells(src))
    rows = {r["game"] for r in src["row"]}
    rep = sum(y == "-" for *_, y in cells)
    inrow = sum(y != "-" and y in rows for *_, y in cells)
    trivial = sum(c["id"].startswith("O.Czajka-Trivial.") for c in claims)
    out = ["# GENERATED by scripts/record/czajka.py from record/sources/czajka.toml -- do not edit.",
           "# Regenerate: python3 scripts/record/czajka.py   (verify: python3 scripts/record/czajka.py --check)",
           "# T. Czajka's TrivialGames.md and GameLookup.md (tczajka/octal-games); readings,",
           "# coverage and the cells not in this file in record/NOTES-czajka.md, verdicts in",
           "# record/czajka.expected.",
           f"# {trivial} TrivialGames claims from {len(src['row'])} rows; GameLookup: {len(cells)} cells, "
           f"{rep} '-' (no claim),",
           f"# {inrow} cells whose game has a TrivialGames row (claims O.Czajka-Lookup.*), "
           f"{len(cells) - rep - inrow} decided by",
           "# `python3 scripts/record/czajka.py --equiv` (not claims).",
           ""]
    return "\n".join(out + body)


# ---------------------------------------------------------------------------
# The second method: a naive mex (scripts/record/octal.py), independent of nimcert.

def naive_of(name, N, cache={}):
    c = code(name)
    c = c if "." in c else c + ".0"
    if c not in cache or len(cache[c]) < N:
        cache[c] = naive_octal(c, N)
    return cache[c]


def least(H, limit):
    """least period p and least pre-period q of H as seen on [0, limit): the
    least p with H[n] == H[n + p] from some q on, that q least (a window
    reading, not a proof; every proof needs fewer than limit / 2)"""
    for p in range(1, limit // 3):
        q = limit - p
        while q > 0 and H[q - 1] == H[q - 1 + p]:
            q -= 1
        if 2 * q + 2 * p + 8 < limit:
            return q, p
    return None


def naive(src):
    bad = 0
    print("TrivialGames.md rows (naive mex; q, p read on a window of 3 (q + p + k) + 60):")
    rows = {}
    for r in src["row"]:
        name = r["game"]
        vals, _ = values(r["nimbers"])
        k = shift(name)
        lim = 3 * (r["prefix"] + r["period"] + k) + 60
        H = naive_of(name, lim)
        qq, pp = least(H, lim)
        rows[name] = (r, vals, k)
        lit = qq == r["prefix"] and pp == r["period"] and H[:len(vals)] == vals
        nor = max(qq - k, 0) == r["prefix"] and pp == r["period"] and H[k:k + len(vals)] == vals
        line = f"  {name:6} k={k}: naive q={qq} p={pp}; literal {'holds' if lit else 'FAILS'}"
        if k:
            cur = r["current"]
            cv, _ = values(cur["nimbers"])
            cok = qq == cur["prefix"] and pp == cur["period"] and H[:len(cv)] == cv
            line += f", normalized {'holds' if nor else 'FAILS'}, current {'holds' if cok else 'FAILS'}"
            bad += not nor or not cok
            if not lit:
                first = next((n for n, v in enumerate(vals) if H[n] != v), None)
                line += f" (literal: prefix {r['prefix']} vs q {qq}; first differing G({first}) = {H[first] if first is not None else '-'} vs listed {vals[first] if first is not None else '-'})"
        else:
            bad += not lit
        print(line)
    print(f"GameLookup.md cells (naive mex on [0, {NAIVE_N})): which shift reading holds")
    from collections import Counter
    tally = Counter()
    for label, j, x, y in lookup_cells(src):
        if y == "-":
            continue
        kx, ky = shift(x), shift(y)
        HX, HY = naive_of(x, NAIVE_N + 8), naive_of(y, NAIVE_N + 8)
        M = NAIVE_N

        def same(a, b):  # G_X(n + a) == G_Y(n + b) on n < M
            return all(HX[n + a] == HY[n + b] for n in range(M))
        norm = same(kx, ky)
        lit = same(0, 0)
        # the brief's example: k = 1 when X cannot take a 1-token heap, else 0
        one = same(0 if digits(x)[1:2] and digits(x)[1] & 1 else 1, 0)
        ks = [d for d in range(-4, 5) if (same(d, 0) if d >= 0 else same(0, -d))]
        tally["normalized", norm] += 1
        tally["k = 0", lit] += 1
        tally["k = [X cannot take a 1-heap]", one] += 1
        tally["some single k >= 0", any(d >= 0 for d in ks)] += 1
        tally["k(X) - k(Y)", kx - ky] += 1
        if not norm:
            bad += 1
            print(f"  {x} -> {y}: k(X)={kx} k(Y)={ky}: normalized reading FAILS; shifts that hold: {ks}")
    for key in sorted(tally, key=str):
        print(f"  {key[0]}: {key[1]}: {tally[key]} cells")
    print(f"naive: {bad} disagreements with the published rows and cells (normalized reading)")
    return bad


# ---------------------------------------------------------------------------
# --equiv: the cells whose Y has no TrivialGames row, from nimcert's outputs.

def nimcert_solve(binary, name, max_n):
    r = subprocess.run([binary, "octal", code(name), "--full", "--format", "json", "--max-n", str(max_n)],
                       capture_output=True, text=True)
    if r.returncode == 0:
        o = json.loads(r.stdout)
        assert not o["truncated"] and len(o["values"]) == o["preperiod"] + o["period"], name
        return o["preperiod"], o["period"], o["values"]
    if r.returncode == 3:
        return None
    raise SystemExit(f"{binary} octal {code(name)}: exit {r.returncode}: {r.stderr.strip()}")


def nimcert_prefix(binary, name, N, tmp):
    """G on [0, N) by `nimcert values CODE --to N --state FILE` (the state file:
    four header lines, then N little-endian u32, FNV-1a checked here too)."""
    path = Path(tmp) / (code(name) + ".values")
    if path.exists():
        path.unlink()
    r = subprocess.run([binary, "values", code(name), "--to", str(N), "--state", str(path)],
                       capture_output=True, text=True)
    if r.returncode not in (0, 3):
        raise SystemExit(f"{binary} values {code(name)}: exit {r.returncode}: {r.stderr.strip()}")
    data = path.read_bytes()
    head = data.split(b"\n", 4)
    assert head[0] == b"nimcert values 1" and head[1] == b"game " + code(name).encode(), head[:2]
    count = int(head[2].split()[1])
    body = head[4]
    assert count == N and len(body) == 4 * N, (name, count, len(body))
    vals = [int.from_bytes(body[i:i + 4], "little") for i in range(0, len(body), 4)]
    h = 0xcbf29ce484222325
    for b in body:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    assert f"{h:016x}" == head[3].split()[1].decode(), name
    return vals


def normalized(s, k):
    """(q', p, N on [0, q' + p)) of n -> G(n + k), from (q, p, values)"""
    qq, pp, v = s
    G = (lambda n: v[n] if n < qq + pp else v[qq + (n - qq) % pp])
    q2 = max(qq - k, 0)
    return q2, pp, [G(n + k) for n in range(q2 + pp)]


def equiv(src, binary, N, max_n):
    import tempfile
    from concurrent.futures import ThreadPoolExecutor
    rows = {r["game"] for r in src["row"]}
    cells = [(label, j, x, y) for label, j, x, y in lookup_cells(src) if y != "-" and y not in rows]
    games = sorted({g for _, _, x, y in cells for g in (x, y)})
    exact = ranged = bad = 0
    lines = []
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as pool:
        solved = dict(zip(games, pool.map(lambda g: nimcert_solve(binary, g, max_n), games)))
        need = [g for g in games if solved[g] is None or any(
            g in (x, y) and (solved[x] is None or solved[y] is None) for _, _, x, y in cells)]
        prefix = dict(zip(need, pool.map(lambda g: nimcert_prefix(binary, g, N, tmp), need)))
        for label, j, x, y in cells:
            kx, ky = shift(x), shift(y)
            sx, sy = solved[x], solved[y]
            if sx and sy:
                nx, ny = normalized(sx, kx), normalized(sy, ky)
                ok = nx == ny
                exact += 1
                how = f"exact: both solved, (q, p) = {sx[:2]} and {sy[:2]}"
                if not ok:
                    how += f"; normalized (q', p) {nx[:2]} vs {ny[:2]}"
            else:
                M = N - max(kx, ky)
                diff = next((n for n in range(M) if prefix[x][n + kx] != prefix[y][n + ky]), None)
                ok = diff is None
                ranged += 1
                solved_note = "X solved" if sx else ("Y solved" if sy else "neither solved")
                how = f"on n < {M} ({solved_note} with --max-n {max_n})"
                if not ok:
                    how += f"; first difference at n = {diff}"
            bad += not ok
            lines.append(f"  {x:6} -> {y:6} k(X)={kx} k(Y)={ky}  {'holds' if ok else 'FAILS'}  {how}")
    print(f"GameLookup.md cells whose game has no TrivialGames.md row: {len(cells)}")
    print("\n".join(lines))
    print(f"equiv: {exact} decided exactly, {ranged} on a range (G on [0, {N}) by `nimcert values`), "
          f"{bad} fail")
    return bad


def main(argv):
    src = tomllib.loads(SOURCE.read_text(encoding="utf-8"))
    if "--naive" in argv:
        return 1 if naive(src) else 0
    if "--equiv" in argv:
        binary = argv[argv.index("--nimcert") + 1] if "--nimcert" in argv else "/work/bin/nimcert"
        N = int(argv[argv.index("--to") + 1]) if "--to" in argv else 20000
        max_n = int(argv[argv.index("--max-n") + 1]) if "--max-n" in argv else 20000
        return 1 if equiv(src, binary, N, max_n) else 0
    text = render(src)
    if "--check" in argv:
        old = TARGET.read_text(encoding="utf-8") if TARGET.exists() else None
        if old != text:
            print(f"{TARGET.relative_to(ROOT)} differs from the generator's output; run python3 scripts/record/czajka.py",
                  file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
