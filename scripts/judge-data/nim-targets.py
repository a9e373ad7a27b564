#!/usr/bin/env python3
"""Writes the secret cases of nim's judge targets (luogu-p2197, kattis-snim,
hdu-1536, luogu-p1247, luogu-p4279) with answers from a brute force that
shares nothing with the Rust solver: Nim by XOR of the piles, S-Nim by the
definition of Grundy values (the mex of the values one move away, a plain
table up to the largest heap), the winning move of P1247 by trying every pile
in order for the one size that zeroes the XOR, misère Nim (P4279) by Bouton's
misère rule. Both rules are first checked against an exhaustive game search
(every move tried, memoised) on every position of up to four piles of up to 6
stones, and the small cases are answered by that search itself.

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


def search_won(piles, misere, memo):
    """Exhaustive search: won iff some move leads to a lost position; under
    the misère rule a position with no stone is won (the opponent took the
    last one)."""
    key = (tuple(piles), misere)
    if key in memo:
        return memo[key]
    won = misere and all(p == 0 for p in piles)
    for i, p in enumerate(piles):
        for take in range(1, p + 1):
            after = list(piles)
            after[i] -= take
            if not search_won(after, misere, memo):
                won = True
                break
        if won:
            break
    memo[key] = won
    return won


def search_first_move(piles, memo):
    """The first winning move (pile index from 0, take) in order, by search."""
    for i, p in enumerate(piles):
        for take in range(1, p + 1):
            after = list(piles)
            after[i] -= take
            if not search_won(after, False, memo):
                return i, take
    return None


def xor_move(piles):
    """Nim's winning move on the first pile it exists for: the pile a with
    a XOR x < a, taking a - (a XOR x); None when x = 0."""
    x = 0
    for p in piles:
        x ^= p
    if x == 0:
        return None
    for i, p in enumerate(piles):
        if p ^ x < p:
            return i, p - (p ^ x)
    raise AssertionError("no pile has the top bit of the XOR")


def misere_won(piles):
    """Bouton's misère rule: with a pile of 2 or more, won iff the XOR is not
    0; with every pile 0 or 1, won iff the XOR is 0."""
    x = 0
    for p in piles:
        x ^= p
    if any(p > 1 for p in piles):
        return x != 0
    return x == 0


def check_rules_by_search():
    memo = {}
    positions = [[]]
    layer = [[]]
    for _ in range(4):
        layer = [p + [a] for p in layer for a in range(7)]
        positions += layer
    for piles in positions:
        assert xor_move(piles) == search_first_move(piles, memo), piles
        assert misere_won(piles) == search_won(piles, True, memo), piles


def p1247_answer(piles, memo=None):
    if memo is not None:
        move = search_first_move(piles, memo)
    else:
        move = xor_move(piles)
    if move is None:
        return "lose\n"
    i, take = move
    after = list(piles)
    after[i] -= take
    return f"{take} {i + 1}\n" + " ".join(map(str, after)) + "\n"


def p1247_cases():
    rng = random.Random(1247)
    cases = []
    cases.append(("one-pile-take-all", [7]))
    cases.append(("one-pile-1e9", [10**9]))
    cases.append(("one-pile-of-one", [1]))
    cases.append(("two-equal-piles-lose", [10**9, 10**9]))
    cases.append(("one-two-three-lose", [1, 2, 3]))
    cases.append(("move-on-the-last-pile", [1, 1, 4]))
    cases.append(("several-piles-could-move-first-wins", [6, 5, 7, 3]))
    cases.append(("empty-piles-around", [0, 5, 0, 3, 0]))
    cases.append(("all-empty-lose", [0, 0, 0]))
    cases.append(("ones-odd", [1, 1, 1]))
    cases.append(("ones-even-lose", [1, 1, 1, 1]))
    cases.append(("powers-of-two", [2**i for i in range(30)]))
    for i in range(8):
        k = rng.randint(1, 4)
        cases.append((f"small-random-{i}", [rng.randint(0, 6) for _ in range(k)]))
    for i in range(6):
        k = rng.randint(5, 200)
        piles = [rng.randint(1, rng.choice([10, 1000, 10**9])) for _ in range(k)]
        cases.append((f"random-{i}", maybe_lost(rng, piles)))
    for i in range(4):
        piles = [rng.randint(1, 10**9) for _ in range(10**4)]
        cases.append((f"large-k10000-{i}", maybe_lost(rng, piles) if i % 2 else piles))
    # The largest the statement allows: k = 500000 piles up to 10^9 (a win,
    # so the second line is as long as the input), and a loss of k = 500000
    # one-digit piles (kept small: the repository holds these files).
    piles = [rng.randint(1, 10**9) for _ in range(500000)]
    cases.append(("largest-k500000-up-to-1e9", piles))
    piles = [rng.randint(1, 9) for _ in range(500000)]
    x = 0
    for p in piles[:-1]:
        x ^= p
    piles[-1] = x if x else 8
    if piles[-1] != x:
        piles[-2] ^= 8
    cases.append(("k500000-small-piles-lose", piles))
    return cases


def maybe_cancelled(rng, piles):
    """Half of the time (with two piles or more), the last pile becomes the
    XOR of the others when that is a legal P4279 pile (1 to 5000)."""
    if rng.random() < 0.5 and len(piles) > 1:
        x = 0
        for p in piles[:-1]:
            x ^= p
        if 1 <= x <= 5000:
            piles[-1] = x
    return piles


def p4279_cases():
    rng = random.Random(4279)
    cases = []
    cases.append(("one-stone", [[1]]))
    cases.append(("two-single-stones", [[1, 1]]))
    cases.append(("odd-ones-brother", [[1, 1, 1], [1], [1, 1, 1, 1, 1]]))
    cases.append(("even-ones-john", [[1, 1], [1, 1, 1, 1], [1] * 50]))
    cases.append(("one-big-pile-john", [[2], [5000], [1, 1, 7], [1, 4999, 1, 1]]))
    cases.append(("two-equal-big-piles-brother", [[2, 2], [5000, 5000], [3, 3, 1, 1], [7, 6, 1]]))
    cases.append(("xor-zero-with-big-piles", [[1, 2, 3], [4, 5, 1], [5000, 4999, 1]]))
    cases.append(("fifty-piles-of-5000", [[5000] * 50, [5000] * 49, [5000] * 49 + [1]]))
    for i in range(8):
        games = []
        for _ in range(rng.randint(1, 40)):
            games.append([rng.randint(1, 6) for _ in range(rng.randint(1, 4))])
        cases.append((f"small-searched-{i}", games))
    for i in range(8):
        games = []
        for _ in range(rng.randint(1, 500)):
            n = rng.randint(1, 50)
            top = rng.choice([1, 2, 3, 100, 5000])
            piles = [rng.randint(1, top) for _ in range(n)]
            games.append(maybe_cancelled(rng, piles))
        cases.append((f"random-{i}", games))
    for i in range(6):
        games = []
        for _ in range(500):
            piles = [rng.randint(1, 5000) for _ in range(50)]
            games.append(maybe_cancelled(rng, piles))
        cases.append((f"largest-t500-n50-up-to-5000-{i}", games))
    return cases


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
    check_rules_by_search()
    memo = {}
    for name, piles in p1247_cases():
        small = len(piles) <= 4 and max(piles, default=0) <= 6
        answer = p1247_answer(piles, memo if small else None)
        write("luogu-p1247", name, f"{len(piles)}\n" + " ".join(map(str, piles)) + "\n", answer)
    for name, games in p4279_cases():
        lines = [str(len(games))]
        answers = []
        for piles in games:
            lines.append(str(len(piles)))
            lines.append(" ".join(map(str, piles)))
            small = len(piles) <= 4 and max(piles) <= 6
            won = search_won(piles, True, memo) if small else misere_won(piles)
            answers.append("John" if won else "Brother")
        write("luogu-p4279", name, "\n".join(lines) + "\n", "\n".join(answers) + "\n")
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
