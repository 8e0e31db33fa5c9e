#!/usr/bin/env python3
"""The OEIS record of subtraction games (issue 23): claim file generator.

Reads the hand-written source table record/sources/subtraction.toml and
writes the claim file record/subtraction.toml (ids S.OEIS-Axxxxxx.*), which
`nimcert audit --claims` audits against record/subtraction.expected.

    python3 scripts/record/subtraction.py            # (re)write the claim file
    python3 scripts/record/subtraction.py --check    # exit 1 if the committed file differs
    python3 scripts/record/subtraction.py --naive    # second method: naive mex in Python

The output is a pure function of the source table (no dates, no hashes of
the environment), so running the generator twice gives the same bytes.

--naive is the independent second method: every listed term (and every
encoded statement) is recomputed by a plain mex recursion in Python, with the
move sets rebuilt from membership tests (is_square, is_prime, ...) rather
than from the lists this file writes into the claims. It prints one line per
entry and exits 1 if any listed term disagrees.

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import math
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "record" / "sources" / "subtraction.toml"
OUTPUT = ROOT / "record" / "subtraction.toml"
COMMAND = "python3 scripts/record/subtraction.py"

# Terms per parenthesised group would matter for chains of `and`; the
# assertions below keep chains short (one conjunct per distinct value), so a
# set literal carries the many terms instead.


# --------------------------------------------------------------- move sets
# The lists written into the claims (the game expressions). --naive does not
# use these: it rebuilds each set from a membership test.


def primes_upto(n: int) -> list[int]:
    sieve = bytearray([1]) * (n + 1)
    sieve[0:2] = b"\x00\x00"[: min(2, n + 1)]
    for i in range(2, math.isqrt(n) + 1):
        if sieve[i]:
            sieve[i * i :: i] = bytearray(len(sieve[i * i :: i]))
    return [i for i in range(n + 1) if sieve[i]]


def fibonacci_upto(n: int) -> list[int]:
    out, a, b = [], 1, 2
    if n >= 1:
        out.append(1)
    while b <= n:
        out.append(b)
        a, b = b, a + b
    return out


def factorials_upto(n: int) -> list[int]:
    out, k, f = [], 1, 1
    while f <= n:
        out.append(f)
        k += 1
        f *= k
    return out


def practical_upto(n: int) -> list[int]:
    """Practical numbers by the Stewart-Sierpinski criterion."""
    out = []
    for m in range(1, n + 1):
        if m == 1:
            out.append(1)
            continue
        if m % 2:
            continue
        x, sigma, p, ok = m, 1, 2, True
        while p * p <= x:
            if x % p == 0:
                if p > sigma + 1:
                    ok = False
                    break
                pk, s = 1, 1
                while x % p == 0:
                    x //= p
                    pk *= p
                    s += pk
                sigma *= s
            p += 1
        if ok and x > 1 and x > sigma + 1:
            ok = False
        if ok:
            out.append(m)
    return out


def a027941_upto(n: int) -> list[int]:
    """Fibonacci(2k+1) - 1 for k >= 1 (A027941 without its 0)."""
    out, f = [], [0, 1]
    while True:
        f.append(f[-1] + f[-2])
        if len(f) % 2 == 0:  # f[-1] is Fibonacci(odd index)
            v = f[-1] - 1
            if v > n:
                return out
            if v > 0:
                out.append(v)


def terms_of(entry: dict) -> list[int]:
    return [int(t) for t in entry["terms"].split(",") if t.strip()]


def move_list(kind, n: int, source: dict) -> list[int]:
    if isinstance(kind, dict):
        return [s for s in kind["set"] if s <= n]
    if kind == "squares":
        return [k * k for k in range(1, math.isqrt(n) + 1)]
    if kind == "triangular":
        return [k * (k + 1) // 2 for k in range(1, n + 1) if k * (k + 1) // 2 <= n]
    if kind == "primes":
        return primes_upto(n)
    if kind == "fibonacci":
        return fibonacci_upto(n)
    if kind == "factorials":
        return factorials_upto(n)
    if kind == "practical":
        return practical_upto(n)
    if kind == "a027941":
        return a027941_upto(n)
    if kind == "a242079":
        return [s for s in terms_of(source["A242079"]) if s <= n]
    raise SystemExit(f"unknown move set {kind!r}")


def game_expr(kind, n: int, source: dict) -> str:
    """The game of the claim: the move set truncated to the moves <= n."""
    if kind == "squares":
        return f"{{k^2 : k in [1, {n}], k^2 <= {n}}}"
    if kind == "triangular":
        return f"{{k * (k + 1) div 2 : k in [1, {n}], k * (k + 1) div 2 <= {n}}}"
    if kind == "primes":
        return f"{{m : m in [2, {n}], forall d in [2, m - 1]: m mod d != 0}}"
    moves = move_list(kind, n, source)
    return "{" + ", ".join(map(str, moves)) + "}"


def describe(kind) -> str:
    if isinstance(kind, dict):
        return "{" + ", ".join(map(str, kind["set"])) + "}"
    return {
        "squares": "the positive squares",
        "triangular": "the positive triangular numbers",
        "primes": "the primes",
        "fibonacci": "the Fibonacci numbers 1, 2, 3, 5, ...",
        "factorials": "the factorials 1, 2, 6, 24, ...",
        "practical": "the practical numbers (A005153)",
        "a027941": "A027941 without 0: 1, 4, 12, 33, 88, ...",
        "a242079": "the listed terms of A242079",
    }[kind]


def is_infinite(kind) -> bool:
    return not isinstance(kind, dict) and kind != "a242079"


# --------------------------------------------------------------- claims


def toml_str(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def setlit(xs) -> str:
    return "{" + ", ".join(map(str, xs)) + "}"


def address(entry: dict) -> str:
    return f"https://oeis.org/{entry['a']}"


def source_line(entry: dict, what: str) -> str:
    return (
        f"OEIS {entry['a']} ({address(entry)}), {what}; stored copy "
        f"oeis/oeisdata {entry['path']} at commit {entry['commit']}"
    )


def values_assert(first: int, values: list[int]) -> str:
    n = first + len(values) - 1
    classes: dict[int, list[int]] = {}
    for i, v in enumerate(values):
        classes.setdefault(v, []).append(first + i)
    parts = [f"(x in {setlit(xs)} implies G(x) == {v})" for v, xs in sorted(classes.items())]
    return f"forall x in [{first}, {n}]: " + " and ".join(parts)


def claim(out: list[str], comment: list[str], **fields) -> None:
    out.append("")
    for c in comment:
        out.append(f"# {c}" if c else "#")
    out.append("[[claim]]")
    for key in ("id", "source", "quote", "kind", "game", "params", "where", "assert", "check_below"):
        if key in fields and fields[key] is not None:
            v = fields[key]
            raw = isinstance(v, int) or key == "params"  # params: an inline table, written as given
            out.append(f"{key} = {v}" if raw else f"{key} = {toml_str(v)}")


def terms_claims(entry: dict, source: dict, out: list[str]) -> None:
    a, kind, terms, first = entry["a"], entry["moves"], terms_of(entry), entry["first"]
    lst = entry["list"]
    pfx = "S.OEIS-" + a
    upto = entry.get("audit_upto")
    listed = f"%S/%T/%U ({len(terms)} terms, offset {entry['offset']})"
    head = [
        f"{a}: {entry['name']}",
        f"Moves: {describe(kind)}; offset {entry['offset']}.",
    ]
    if lst == "values":
        n = first + len(terms) - 1
        comment = head + [
            f"Listed: a({first})..a({n}) = G({first})..G({n}).",
            *(
                [f"Infinite move set: G(x) for x <= {n} depends only on the moves <= {n}, the game below."]
                if is_infinite(kind) or kind == "a242079"
                else []
            ),
        ]
        claim(
            out,
            comment,
            id=f"{pfx}.terms",
            source=source_line(entry, listed),
            quote=entry["name"],
            kind="example",
            game=game_expr(kind, n, source),
            **{"assert": values_assert(first, terms)},
        )
    elif lst in ("p-positions", "n-positions"):
        last = terms[-1] if upto is None else upto
        used = [t for t in terms if t <= last]
        low = entry["low"]
        if lst == "n-positions":
            lhs = "not P(x)"
            what = "N-positions"
        elif entry.get("parity") == "odd":
            lhs = "(P(x) and x mod 2 == 1)"
            what = "odd P-positions"
        else:
            lhs = "P(x)"
            what = "P-positions"
        comment = head + [
            f"Listed numbers = exactly the {what} in [{low}, {last}]"
            + (f" ({len(used)} of the {len(terms)} listed terms: those <= {upto}; the rest by --naive only)." if upto is not None else "."),
            *(
                [f"Infinite move set: outcomes for x <= {last} depend only on the moves <= {last}."]
                if is_infinite(kind)
                else []
            ),
        ]
        claim(
            out,
            comment,
            id=f"{pfx}.terms",
            source=source_line(entry, listed),
            quote=entry["name"],
            kind="example",
            game=game_expr(kind, last, source),
            **{"assert": f"forall x in [{low}, {last}]: {lhs} iff x in {setlit(used)}"},
        )
    elif lst == "first-occurrence":
        used = [t for t in terms if upto is None or t <= upto]
        last = used[-1]
        parts = []
        for i, t in enumerate(used):
            v = first + i
            parts.append(f"(x < {t} implies G(x) != {v})")
            parts.append(f"(x == {t} implies G(x) == {v})")
        comment = head + [
            f"a(n) = least x with G(x) = n, for n = {first}..{first + len(used) - 1}"
            + (f" ({len(used)} of the {len(terms)} listed terms; see the notes for the rest)." if len(used) < len(terms) else "."),
            f"Infinite move set: G(x) for x <= {last} depends only on the moves <= {last}.",
        ]
        claim(
            out,
            comment,
            id=f"{pfx}.terms",
            source=source_line(entry, listed),
            quote=entry["name"],
            kind="example",
            game=game_expr(kind, last, source),
            **{"assert": f"forall x in [0, {last}]: " + " and ".join(parts)},
        )
    elif lst == "periods":
        moves = terms_of(source["A242079"])
        for i, v in enumerate(terms):
            n = first + i
            if n == 0:
                continue  # the empty move set: not expressible (see the notes)
            claim(
                out,
                head + [f"a({n}) = {v}: the least period of the game on the first {n} terms of A242079."] if n == 1 else [f"{a}: a({n}) = {v}."],
                id=f"{pfx}.terms.n{n:02d}",
                source=source_line(entry, f"%S, a({n})"),
                quote=entry["name"],
                kind="example",
                game=setlit(moves[:n]),
                **{"assert": f"p == {v}"},
            )
    elif lst == "definition":
        # A242079: a(n) is the least m > 2 a(n-1) such that the game on
        # {a(1), ..., a(n-1), m} is ternary, periodic (read: purely periodic,
        # q = 0) and has a nim-sequence different from that of
        # {a(1), ..., a(n-1)}. One claim per n >= 2 over the candidates
        # m in [2 a(n-1) + 1, a(n)], with the listed a(1..n-1): the three
        # conditions hold exactly at m = a(n). "Different" is decided exactly
        # (record/NOTES-subtraction.md): the sequences differ iff the new game's
        # G breaks the old mex rule at some x, and with period p from q a
        # break occurs below q + p + m if at all (m is the largest move).
        for n in range(2, len(terms) + 1):
            prev, an = terms[: n - 1], terms[n - 1]
            lo = 2 * prev[-1] + 1
            claim(
                out,
                head + [entry["reading"]] if n == 2 else [f"{a}: a({n}) = {an}."],
                id=f"{pfx}.definition.n{n:02d}",
                source=source_line(entry, f"%N and %S, a({n}) = {an}"),
                quote=entry["name"],
                kind="example",
                game="{" + ", ".join(map(str, prev)) + ", m}",
                params=f"{{ m = \"{lo}..={an}\" }}",
                **{
                    "assert": (
                        "(q == 0 and (forall x in [0, q + p): G(x) <= 2) and "
                        "(exists x in [m, q + p + m): G(x) != mex{G(x - s) : s in S minus {m}, s <= x})) "
                        f"iff m == {an}"
                    )
                },
            )
    else:
        raise SystemExit(f"{a}: unknown list kind {lst!r}")


def statement_claims(entry: dict, source: dict, out: list[str]) -> None:
    a, kind = entry["a"], entry["moves"]
    pfx = "S.OEIS-" + a
    for st in entry.get("statement", []):
        form = st["form"]
        src = source_line(entry, f"{st['line']} line")
        comment = [f"{a} {st['line']}: {st['reading']}"]
        if form == "purely-periodic-word":
            p, word = st["period"], st["word"]
            assert len(word) == p
            body = values_assert(0, word).split(": ", 1)[1]
            claim(
                out,
                comment,
                id=f"{pfx}.{st['id']}",
                source=src,
                quote=st["quote"],
                kind=st["kind"],
                game=game_expr(kind, 10**9, source),
                **{"assert": f"q == 0 and p == {p} and (forall x: G(x) == G(x mod {p})) and (forall x in [0, {p - 1}]: {body})"},
            )
        elif form == "p-positions-residues":
            claim(
                out,
                comment,
                id=f"{pfx}.{st['id']}",
                source=src,
                quote=st["quote"],
                kind=st["kind"],
                game=game_expr(kind, 10**9, source),
                **{"assert": f"forall x: P(x) iff x mod {st['modulus']} in {setlit(st['residues'])}"},
            )
        elif form == "p-positions-residues-on-range":
            low, high = st["low"], st["high"]
            claim(
                out,
                comment,
                id=f"{pfx}.{st['id']}",
                source=src,
                quote=st["quote"],
                kind=st["kind"],
                game=game_expr(kind, high, source),
                **{"assert": f"forall x in [{low}, {high}]: P(x) iff x mod {st['modulus']} in {setlit(st['residues'])}"},
            )
        elif form == "word-until":
            p, word, until, value = st["period"], st["word"], st["until"], st["value"]
            body = values_assert(0, word).split(": ", 1)[1]
            claim(
                out,
                comment,
                id=f"{pfx}.{st['id']}",
                source=src,
                quote=st["quote"],
                kind=st["kind"],
                game=game_expr(kind, until, source),
                **{
                    "assert": f"(forall x in [0, {p - 1}]: {body}) and (forall x in [{p}, {until - 1}]: G(x) == G(x mod {p})) and G({until}) == {value}"
                },
            )
        elif form == "period-is-max-plus-one":
            moves = terms_of(source["A242079"])
            for n in range(1, len(moves) + 1):
                claim(
                    out,
                    comment if n == 1 else [f"{a} {st['line']}: n = {n}."],
                    id=f"{pfx}.{st['id']}.n{n:02d}",
                    source=src,
                    quote=st["quote"],
                    kind=st["kind"],
                    game=setlit(moves[:n]),
                    **{"assert": "p == max(S) + 1"},
                )
        else:
            raise SystemExit(f"{a}: unknown statement form {form!r}")


def generate(source_text: bytes) -> str:
    data = tomllib.loads(source_text.decode("utf-8"))
    entries = data["entry"]
    by_a = {e["a"]: e for e in entries}
    out = [
        f"# GENERATED by `{COMMAND}` from record/sources/subtraction.toml; do not edit.",
        f"# Regenerate with `{COMMAND}`; `{COMMAND} --check` exits 1 when this file differs.",
        "# The OEIS record of subtraction games (issue 23): one claim per listed-terms",
        "# table (.terms) and per encoded %C/%F sentence; readings in record/NOTES-subtraction.md.",
        "# Infinite move sets: each claim's game is the set truncated to the moves <= the",
        "# largest position the claim needs (G there depends on those moves only);",
        "# periodicity of the infinite games is outside the scope.",
    ]
    for e in entries:
        terms_claims(e, by_a, out)
        statement_claims(e, by_a, out)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------- --naive


def is_square(s: int) -> bool:
    return s > 0 and math.isqrt(s) ** 2 == s


def is_triangular(s: int) -> bool:
    return s > 0 and is_square(8 * s + 1)


def is_prime(s: int) -> bool:
    if s < 2:
        return False
    d = 2
    while d * d <= s:
        if s % d == 0:
            return False
        d += 1
    return True


def is_fibonacci(s: int) -> bool:
    return s > 0 and (is_square(5 * s * s + 4) or is_square(5 * s * s - 4))


def is_factorial(s: int) -> bool:
    k = 1
    while s > 1 and s % (k + 1) == 0:
        k += 1
        s //= k
    return s == 1


def is_practical(s: int) -> bool:
    """Every m < s is a sum of distinct divisors of s (the definition)."""
    if s == 1:
        return True
    if s % 2:
        return False
    divisors = set()
    for d in range(1, math.isqrt(s) + 1):
        if s % d == 0:
            divisors.update((d, s // d))
    sums = 1
    for d in sorted(divisors):
        sums |= sums << d
    mask = (1 << s) - 1
    return sums & mask == mask


def is_a027941(s: int) -> bool:
    return s > 0 and is_fibonacci(s + 1) and _fib_index_odd(s + 1)


def _fib_index_odd(f: int) -> bool:
    a, b, i = 0, 1, 1  # b = Fibonacci(i)
    while b < f:
        a, b, i = b, a + b, i + 1
    return b == f and (i % 2 == 1 or f == 1)


def member(kind, source: dict):
    if isinstance(kind, dict):
        ms = set(kind["set"])
        return lambda s: s in ms
    if kind == "a242079":
        ms = set(terms_of(source["A242079"]))
        return lambda s: s in ms
    return {
        "squares": is_square,
        "triangular": is_triangular,
        "primes": is_prime,
        "fibonacci": is_fibonacci,
        "factorials": is_factorial,
        "practical": is_practical,
        "a027941": is_a027941,
    }[kind]


def naive_moves(kind, n: int, source: dict) -> list[int]:
    test = member(kind, source)
    if kind == "practical":  # odd s > 1 is never practical: 2 is no sum of distinct divisors
        return [s for s in range(1, n + 1) if (s == 1 or s % 2 == 0) and test(s)]
    return [s for s in range(1, n + 1) if test(s)]


def naive_grundy(moves: list[int], n: int) -> list[int]:
    g = [0] * (n + 1)
    for x in range(1, n + 1):
        seen = {g[x - s] for s in moves if s <= x}
        v = 0
        while v in seen:
            v += 1
        g[x] = v
    return g


def naive_p_positions(moves: list[int], n: int) -> list[int]:
    ms, ps = set(moves), []
    for x in range(n + 1):
        if not any((x - p) in ms for p in ps):
            ps.append(x)
    return ps


def naive_qp(moves: list[int]) -> tuple[int, int]:
    """Least pre-period and period, by the first repeat of a window of max(S) values."""
    if not moves:
        return 0, 1
    m = max(moves)
    g: list[int] = []
    seen: dict[bytes, int] = {}
    x = 0
    while True:
        seen_vals = {g[x - s] for s in moves if s <= x}
        v = 0
        while v in seen_vals:
            v += 1
        g.append(v)
        x += 1
        if x >= m:
            key = bytes(g[x - m : x])
            if key in seen:
                i = seen[key]
                return i, x - m - i
            seen[key] = x - m


def naive_check(source_text: bytes) -> int:
    data = tomllib.loads(source_text.decode("utf-8"))
    entries = data["entry"]
    by_a = {e["a"]: e for e in entries}
    bad = 0
    for e in entries:
        a, kind, terms, first, lst = e["a"], e["moves"], terms_of(e), e["first"], e["list"]
        msgs = []
        if lst == "values":
            n = first + len(terms) - 1
            g = naive_grundy(naive_moves(kind, n, by_a), n)
            diff = [(first + i, t, g[first + i]) for i, t in enumerate(terms) if g[first + i] != t]
            msgs.append(f"{len(terms)} listed values, {len(terms) - len(diff)} agree")
            if diff:
                i, t, v = diff[0]
                msgs.append(f"FIRST DIFFERENCE a({i}) = {t} listed, G({i}) = {v} computed ({len(diff)} differ)")
                bad += 1
        elif lst in ("p-positions", "n-positions"):
            last, low = terms[-1], e["low"]
            ps = set(naive_p_positions(naive_moves(kind, last, by_a), last))
            if lst == "n-positions":
                want = [x for x in range(low, last + 1) if x not in ps]
            elif e.get("parity") == "odd":
                want = [x for x in sorted(ps) if x >= low and x % 2 == 1]
            else:
                want = [x for x in sorted(ps) if x >= low]
            first_diff = next((x for x in range(low, last + 1) if (x in terms) != (x in want)), None)
            msgs.append(f"{len(terms)} listed positions in [{low}, {last}], computed {len(want)}")
            if first_diff is not None:
                msgs.append(f"FIRST DIFFERENCE at x = {first_diff}: listed {'yes' if first_diff in terms else 'no'}, computed {'yes' if first_diff in want else 'no'}")
                bad += 1
            else:
                msgs.append("all agree")
        elif lst == "first-occurrence":
            upto = e.get("naive_upto")
            used = [t for t in terms if upto is None or t <= upto]
            last = used[-1]
            g = naive_grundy(naive_moves(kind, last, by_a), last)
            firsts: dict[int, int] = {}
            for x, v in enumerate(g):
                firsts.setdefault(v, x)
            diff = [(first + i, t, firsts.get(first + i)) for i, t in enumerate(used) if firsts.get(first + i) != t]
            msgs.append(f"{len(used)} of {len(terms)} listed terms checked (those <= {last}), {len(used) - len(diff)} agree")
            if diff:
                i, t, v = diff[0]
                msgs.append(f"FIRST DIFFERENCE a({i}) = {t} listed, computed {v}")
                bad += 1
        elif lst == "periods":
            moves = terms_of(by_a["A242079"])
            diff = []
            for i, t in enumerate(terms):
                n = first + i
                q, p = naive_qp(moves[:n])
                if p != t:
                    diff.append((n, t, p))
            msgs.append(f"{len(terms)} listed periods (n = 0..{len(terms) - 1}), {len(terms) - len(diff)} agree")
            if diff:
                msgs.append(f"FIRST DIFFERENCE a({diff[0][0]}) = {diff[0][1]} listed, p = {diff[0][2]} computed")
                bad += 1
            c1 = all(naive_qp(moves[:n])[1] == moves[n - 1] + 1 for n in range(1, len(moves) + 1))
            msgs.append(f"%C a(n) = A242079(n)+1 for n = 1..{len(moves)}: {'holds' if c1 else 'FAILS'}")
            rec = all(
                terms[n] in (3 * terms[n - 1] - 2 * terms[n - 2], 3 * terms[n - 1] - terms[n - 2])
                for n in range(2, len(terms))
            )
            msgs.append(f"%C recurrence alternatives on the listed terms: {'hold' if rec else 'FAIL'}")
        elif lst == "definition":
            # A242079's definition, on a window of 4 m + 8 values per candidate
            # m: purely periodic iff G[0, mx) == G[p, p + mx) for some p (mx the
            # largest move: the state of a subtraction game is its last mx values)
            def window(moves, m):
                N = 4 * m + 8
                g = naive_grundy(moves, N)
                mx = max(moves)
                b = bytes(min(v, 255) for v in g)
                pure = b.find(b[:mx], 1)
                return g, (pure if pure > 0 else None)
            found, found_ev = [], []
            for n in range(2, len(terms) + 1):
                prev = terms[: n - 1]
                m, least, least_ev = 2 * prev[-1] + 1, None, None
                while least is None and m <= 2 * terms[n - 1]:
                    g, pure = window(prev + [m], m)
                    old = naive_grundy(prev, len(g) - 1)
                    ok_ev = max(g) <= 2 and g != old
                    if ok_ev and least_ev is None:
                        least_ev = m
                    if ok_ev and pure is not None:
                        least = m
                    m += 1
                found.append(least)
                found_ev.append(least_ev)
            ok = found == terms[1:]
            bad += not ok
            msgs.append(f"definition ('periodic' = purely periodic), least m per n = 2..{len(terms)} on a window of 4 m + 8: "
                        f"{found}: {'agree' if ok else 'DISAGREE'} with the listed terms")
            msgs.append(f"reading 'periodic' = eventually periodic (every finite game): {found_ev}"
                        f" (first differing n = {next((i + 2 for i, (x, y) in enumerate(zip(found_ev, terms[1:])) if x != y), None)})")
        for st in e.get("statement", []):
            form = st["form"]
            if form == "purely-periodic-word":
                q, p = naive_qp(naive_moves(kind, max(kind["set"]), by_a))
                g = naive_grundy(naive_moves(kind, 10 * st["period"], by_a), 10 * st["period"])
                ok = q == 0 and p == st["period"] and all(g[x] == st["word"][x % p] for x in range(len(g)))
                msgs.append(f"{st['id']}: q = {q}, p = {p}, word {'agrees' if ok else 'DISAGREES'}")
            elif form == "p-positions-residues":
                moves = naive_moves(kind, max(kind["set"]), by_a)
                q, p = naive_qp(moves)
                n = q + p * st["modulus"] + 1000
                g = naive_grundy(moves, n)
                ok = all((g[x] == 0) == (x % st["modulus"] in st["residues"]) for x in range(n + 1))
                msgs.append(f"{st['id']}: q = {q}, p = {p}; P(x) iff x mod {st['modulus']} in {st['residues']} on [0, {n}] (covers q + lcm): {'holds' if ok else 'FAILS'}")
                # the formula itself against the listed terms, and the g.f.
                f = [5 * ((k - 1) // 5) + 2 * k - 2 for k in range(first, first + len(terms))]
                msgs.append(f"{st['id']}: formula vs listed terms: {'agree' if f == terms else 'DISAGREE'}")
                gf = series_ratio([0, 0, 2, 2, 2, 2, 7], poly_mul([1, 1, 1, 1, 1], [1, -2, 1]), len(terms) + first)
                msgs.append(f"g.f. (Mathar) vs listed terms: {'agree' if gf[first:] == terms else 'DISAGREE'}")
            elif form == "word-until":
                moves = naive_moves(kind, st["until"], by_a)
                g = naive_grundy(moves, st["until"])
                p, w = st["period"], st["word"]
                firstbad = next((x for x in range(st["until"] + 1) if g[x] != w[x % p]), None)
                msgs.append(f"{st['id']}: first x with G(x) != word[x mod {p}] is {firstbad}, G there = {g[firstbad] if firstbad is not None else None}")
            elif form == "period-is-max-plus-one":
                pass
            elif form == "p-positions-residues-on-range":
                low, high, m, res = st["low"], st["high"], st["modulus"], st["residues"]
                ps = set(naive_p_positions(naive_moves(kind, high, by_a), high))
                bad_x = next((x for x in range(low, high + 1) if (x in ps) != (x % m in res)), None)
                msgs.append(f"{st['id']}: P(x) iff x mod {m} in {res} on [{low}, {high}]: " + ("holds" if bad_x is None else f"first fails at x = {bad_x} (P(x) = {bad_x in ps})"))
        if a == "A001581":
            # Plouffe's conjectured g.f. (a %p line) against the listed terms
            num = poly_mul([2, 2], [2, 1, 1, 2, 0, 3])
            den = poly_mul([1, 1, 1, 1, 1, 1, 1], [1, -2, 1])
            ser = series_ratio([0] + num, den, len(terms) + 1)[1:]
            d = next((i for i, (x, y) in enumerate(zip(ser, terms)) if x != y), None)
            res = sorted({v % 36 for v in ser})
            desc = [x for x in range(1, ser[-1] + 1) if x % 36 in res]
            msgs.append(f"Plouffe g.f. expansion = the x >= 1 with x mod 36 in {res}: {'yes' if desc == ser[: len(desc)] else 'NO'}")
            msgs.append(
                "Plouffe g.f. (%p) vs listed terms: "
                + ("agree" if d is None else f"first differs at a({d + 1}): listed {terms[d]}, g.f. {ser[d]}")
            )
        print(f"{a} ({e['list']}): " + "; ".join(msgs))
    return 1 if bad else 0


def poly_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def series_ratio(num: list[int], den: list[int], n: int) -> list[int]:
    """Power series coefficients of num/den (den[0] = +-1), up to x^(n-1)."""
    assert den[0] in (1, -1)
    out = []
    for k in range(n):
        c = num[k] if k < len(num) else 0
        c -= sum(den[j] * out[k - j] for j in range(1, min(k, len(den) - 1) + 1))
        out.append(c * den[0])
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--check", action="store_true", help="exit 1 if record/subtraction.toml differs from what would be generated")
    g.add_argument("--naive", action="store_true", help="recompute every listed term by a naive mex in Python")
    args = ap.parse_args()
    text = SOURCE.read_bytes()
    if args.naive:
        return naive_check(text)
    generated = generate(text).encode("utf-8")
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_bytes() != generated:
            print(f"{OUTPUT.relative_to(ROOT)} differs from `{COMMAND}`'s output; regenerate it", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_bytes(generated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
