#!/usr/bin/env python3
"""Paper A's finite check (§6) the way the paper describes its script.

For every primitive non-additive triple S = {a, b, c} with 2 <= a <= 8,
a < b <= 40, b < c <= 100: compute the nim-sequence by the mex rule and stop
at the first repeated window of c consecutive values ("the accompanying
script detects the first repeated complete nim-value state of length c"),
the windows kept as bytes in a dict; decide admissibility by the three angle
tests of Prop. 20 / Lemma 22 from their definitions; count.

This is the reference that `cargo bench --bench sweep` times against
`nimcert sweep` (both single-threaded, whole process). It prints the counts
the paper publishes: 15,385 triples, 7,557 admissible (all purely periodic
with least period the least admissible candidate), 7,828 not admissible
(none purely periodic).

Usage: finite_check.py [A_MAX B_MAX C_MAX]   (default 8 40 100)
"""

import sys
from math import gcd


def first_repeated_window(a, b, c):
    """(q, p): the least pre-period and period, by the first repeated window."""
    moves = (a, b, c)
    values = []
    for x in range(c):
        options = {values[x - s] for s in moves if s <= x}
        v = 0
        while v in options:
            v += 1
        values.append(v)
    seen = {}
    x = c
    while True:
        window = bytes(values[x - c:x])
        y = seen.get(window)
        if y is not None:
            return y - c, x - y
        seen[window] = x
        options = {values[x - a], values[x - b], values[x - c]}
        v = 0
        while v in options:
            v += 1
        values.append(v)
        x += 1


def in_z(a, b, r):
    """r in Z = W0(B) mod m: r mod m < b and floor(r mod m / a) even (Prop. 7)."""
    r %= a + b
    return r < b and (r // a) % 2 == 0


def tests(a, b, rho):
    """Prop. 20's three angle tests at rho, from the definitions (mod m)."""
    m, delta = a + b, b - a
    z = [r for r in range(m) if in_z(a, b, r)]
    zset = set(z)
    # T0: Z and Z + rho disjoint.
    t_ab = all((r + rho) % m not in zset for r in z)
    # T1: (Z ∩ [0, delta)) and Z + (delta - rho) disjoint.
    shift = (delta - rho) % m
    t_ca = all(not (y < delta and y in zset) for y in ((r + shift) % m for r in z))
    # T2: (rho + Lambda) ∩ Z = ∅ and (rho + D) ∩ Lambda = ∅,
    # D = [a, b) \ Z, Lambda = [delta, b) \ Z.
    lam = {w for w in range(delta, b) if w not in zset}
    d = [u for u in range(a, b) if u not in zset]
    t_cb = all((w + rho) % m not in zset for w in lam) and all(
        (u + rho) % m not in lam for u in d
    )
    return t_ab, t_ca, t_cb


def main():
    a_max, b_max, c_max = (int(x) for x in sys.argv[1:4]) if len(sys.argv) > 3 else (8, 40, 100)
    total = admissible = as_predicted = non_admissible = non_adm_pure = 0
    for a in range(2, a_max + 1):
        for b in range(a + 1, b_max + 1):
            for c in range(b + 1, c_max + 1):
                if gcd(gcd(a, b), c) != 1 or c == a + b:
                    continue
                total += 1
                q, p = first_repeated_window(a, b, c)
                candidates = (a + b, c + a, c + b)
                ok = [cand for cand, t in zip(candidates, tests(a, b, c % (a + b))) if t]
                if ok:
                    admissible += 1
                    as_predicted += q == 0 and p == ok[0]
                else:
                    non_admissible += 1
                    non_adm_pure += q == 0
    print(f"triples {total}")
    print(f"admissible {admissible} (purely periodic with the least admissible candidate: {as_predicted})")
    print(f"not admissible {non_admissible} (purely periodic: {non_adm_pure})")


if __name__ == "__main__":
    main()
