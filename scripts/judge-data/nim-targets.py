#!/usr/bin/env python3
"""Writes the secret cases of nim's judge targets (luogu-p2197, kattis-snim,
hdu-1536) with answers from a brute force that shares nothing with the Rust
solver: Nim by XOR of the piles, S-Nim by the definition of Grundy values (the
mex of the values one move away, a plain table up to the largest heap).

    python3 scripts/judge-data/nim-targets.py   # rewrites judge-data/nim/judges/*/secret/

Deterministic: a fixed seed per case.
"""
import os
import random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "judge-data", "nim", "judges")


def grundy_table(moves, top):
    values = []
    for n in range(top + 1):
        seen = {values[n - s] for s in moves if s <= n}
        g = 0
        while g in seen:
            g += 1
        values.append(g)
    return values


def s_nim_line(moves, positions):
    top = max((max(p) for p in positions if p), default=0)
    g = grundy_table(moves, top)
    letters = []
    for heaps in positions:
        x = 0
        for h in heaps:
            x ^= g[h]
        letters.append("W" if x else "L")
    return "".join(letters)


def s_nim_case_text(moves, positions):
    lines = [" ".join(str(v) for v in [len(moves)] + moves), str(len(positions))]
    for heaps in positions:
        lines.append(" ".join(str(v) for v in [len(heaps)] + heaps))
    return "\n".join(lines) + "\n"


def random_s_nim_case(rng, k, max_size, m, max_l, max_heap, repeats=True):
    moves = [rng.randint(1, max_size) for _ in range(k)]
    if repeats and k > 1:
        moves[rng.randrange(k)] = moves[rng.randrange(k)]
    positions = []
    for _ in range(m):
        l = rng.randint(1, max_l)
        positions.append([rng.randint(0, max_heap) for _ in range(l)])
    return moves, positions


def balance(rng, moves, positions):
    """Turns about half of the positions into losses (XOR of values 0) by
    replacing the last heap with one whose value cancels the others."""
    top = max((max(p) for p in positions if p), default=0)
    g = grundy_table(moves, top)
    by_value = {}
    for h, v in enumerate(g):
        by_value.setdefault(v, []).append(h)
    for heaps in positions:
        if rng.random() < 0.5 and len(heaps) > 1:
            x = 0
            for h in heaps[:-1]:
                x ^= g[h]
            if x in by_value:
                heaps[-1] = rng.choice(by_value[x])


def maybe_lost(rng, piles):
    """Half of the time, makes the last pile the XOR of the others, so the
    game is lost for the first player (No)."""
    if rng.random() < 0.5:
        x = 0
        for p in piles[:-1]:
            x ^= p
        piles[-1] = x
    return piles


def write(target, name, text, answer):
    folder = os.path.join(ROOT, target, "secret")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + ".in"), "w", newline="") as f:
        f.write(text)
    with open(os.path.join(folder, name + ".ans"), "w", newline="") as f:
        f.write(answer)


def s_nim_cases():
    """(name, [(moves, positions), ...]) for both S-Nim targets."""
    cases = []
    rng = random.Random(20171)
    cases.append(("one-move-of-one", [([1], [[0], [1], [2], [0, 0], [1, 1], [3, 4, 5]])]))
    cases.append(("heaps-below-every-move", [([5, 7], [[0], [4], [1, 2, 3], [4, 4], [5], [6, 6]])]))
    cases.append(("repeated-sizes", [([3, 3, 1, 1, 3], [[1], [2], [3], [4], [2, 2], [3, 4, 5]])]))
    cases.append(("zero-heaps-only", [([2, 5], [[0, 0, 0], [0]])]))
    cases.append(("size-10000-heap-9999-and-10000", [([10000], [[9999], [10000], [10000, 10000], [20000 - 10001]])]))
    for i in range(8):
        k = rng.randint(1, 6)
        cases.append((f"small-random-{i}", [balanced(rng, *random_s_nim_case(rng, k, 12, rng.randint(1, 12), 5, 60))]))
    for i in range(6):
        k = rng.randint(5, 40)
        cases.append((f"medium-random-{i}", [balanced(rng, *random_s_nim_case(rng, k, 500, 50, 30, 10000))]))
    for i in range(5):
        cases.append((f"largest-k100-m100-l100-{i}", [balanced(rng, *random_s_nim_case(rng, 100, 10000, 100, 100, 10000))]))
        # Every position of the largest size: l = 100 heaps each.
    for i in range(3):
        moves, _ = random_s_nim_case(rng, 100, 10000, 1, 1, 1)
        positions = [[rng.randint(0, 10000) for _ in range(100)] for _ in range(100)]
        balance(rng, moves, positions)
        cases.append((f"largest-every-position-full-{i}", [(moves, positions)]))
    for i in range(3):
        moves = sorted(rng.sample(range(1, 101), rng.randint(60, 100)))
        moves_with_repeats = moves + [rng.choice(moves) for _ in range(100 - len(moves))]
        rng.shuffle(moves_with_repeats)
        positions = [[rng.randint(0, 10000) for _ in range(rng.randint(1, 100))] for _ in range(100)]
        balance(rng, moves_with_repeats, positions)
        cases.append((f"small-sizes-high-grundy-{i}", [(moves_with_repeats, positions)]))
    return cases


def balanced(rng, moves, positions):
    balance(rng, moves, positions)
    return (moves, positions)


def main():
    rng = random.Random(2197)
    # luogu-p2197: T games, n piles; statement: T <= 10, n <= 10^4, piles <= 10^9.
    luogu = []
    luogu.append(("one-empty-game", [[0]]))
    luogu.append(("no-piles-game", [[]]))
    luogu.append(("one-pile", [[1], [0], [10**9]]))
    luogu.append(("two-equal-piles", [[7, 7], [10**9, 10**9]]))
    luogu.append(("over-2-31", [[2**31, 1], [2**31 + 5, 2**31 + 5], [2**32 - 1, 2**31 - 1, 2**31]]))
    luogu.append(("over-2-32", [[2**32, 2**32], [2**32 + 1, 1], [2**33, 2**32 + 2**31, 2**31 + 2**32 + 2**33]]))
    luogu.append(("u64-max", [[2**64 - 1, 2**64 - 1], [2**64 - 1, 2**63]]))
    for i in range(12):
        games = []
        for _ in range(rng.randint(1, 10)):
            piles = [rng.randint(0, rng.choice([3, 100, 10**9])) for _ in range(rng.randint(1, 50))]
            games.append(maybe_lost(rng, piles))
        luogu.append((f"random-{i}", games))
    for i in range(11):
        games = []
        t = 10 if i < 2 else rng.randint(1, 10)
        for _ in range(t):
            n = 10**4 if i < 2 else rng.randint(1, 1000)
            piles = [rng.randint(0, 10**9) for _ in range(n)]
            games.append(maybe_lost(rng, piles))
        luogu.append((f"large-{i}" if i >= 2 else f"largest-t10-n10000-{i}", games))
    for name, games in luogu:
        lines = [str(len(games))]
        answers = []
        for piles in games:
            lines.append(str(len(piles)))
            lines.append(" ".join(map(str, piles)))
            x = 0
            for p in piles:
                x ^= p
            answers.append("Yes" if x else "No")
        write("luogu-p2197", name, "\n".join(lines) + "\n", "\n".join(answers) + "\n")

    cases = s_nim_cases()
    for name, parts in cases:
        moves, positions = parts[0]
        write("kattis-snim", name, s_nim_case_text(moves, positions), s_nim_line(moves, positions) + "\n")
    # hdu-1536: the same cases grouped several to a file, ending with 0.
    rng = random.Random(1536)
    groups = [(name, [part]) for name, [part] in cases]
    merged = []
    for start in range(0, len(cases), 4):
        chunk = cases[start:start + 4]
        merged.append((f"four-cases-from-{chunk[0][0]}", [p[0] for _, p in chunk]))
    for name, parts in groups[:24] + merged:
        text = "".join(s_nim_case_text(m, p) for m, p in parts) + "0\n"
        answer = "".join(s_nim_line(m, p) + "\n" for m, p in parts)
        write("hdu-1536", name, text, answer)


if __name__ == "__main__":
    main()
