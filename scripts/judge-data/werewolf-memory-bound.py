#!/usr/bin/env python3
"""The most memory werewolf's solver can count for a game of N <= 2000 (the
largest N of the judge data), under its own accounting and under each of the
30 cargo-mutants mutants of that accounting (judge-data/MUTATION-TESTING.md,
"werewolf"). Prints the largest count of each, in MiB, against the 1024 MiB
limit. When every count stays below the limit, no game the data may hold is
refused by the solver or by a mutant, and the mutants answer as it does.

    python3 scripts/judge-data/werewolf-memory-bound.py

The counts follow crates/werewolf/src/lib.rs (`Solver::new`,
`largest_by_top`, `single_bounds`, `table_words`, `integer_sqrt`) and
knapsack.rs (`without_words`). Each quantity is taken at its largest:
- a table has (min(M, N - M) + 1) rows of ceil((hi - lo + 1) / 64) words,
  and hi - lo <= N (each statement moves one weight by one);
- the top-werewolf search is counted as if it ran (once per game);
- `single_bounds` reserves M + 4 words per fixing, and there are at most 2N
  fixings (a player below the top, werewolf or human), with M taken as N.
"""

LIMIT_WORDS = (1 << 30) // 8
TABLE_BUDGET = 1 << 22
WORDS_PER_PLAYER = 16
LARGEST_N = 2000


def integer_sqrt(value, mutant):
    if mutant == "1355:5 -> 0":
        return 0
    if mutant == "1355:5 -> 1":
        return 1
    root = 0
    while True:
        a = root * 1 if mutant == "1356:17 + -> *" else root + 1
        b = root * 1 if mutant == "1356:42 + -> *" else root + 1
        fits = a * b > value if mutant == "1356:47 <= -> >" else a * b <= value
        if not fits:
            return root
        root += 1


def table_words(length, players, keep_prefix, mutant):
    if keep_prefix:
        tables = (players + 1) * 2 + 1
    else:
        step = max(integer_sqrt(players, mutant), 1)
        quotient = op(mutant, "1349:18", players, step, "/")
        tables = op(mutant, "1349:25", quotient, 1, "+") + step
    return length * (tables + 4)


def op(mutant, key, a, b, default):
    """`a default b`, or the mutant's operator at `key` (no mutant here
    takes a usize below zero: that would be a panic, not a count)."""
    chosen = default
    for name in ("+", "-", "*", "/", "%"):
        if mutant == f"{key} {default} -> {name}":
            chosen = name
    if chosen == "-":
        assert a >= b, (mutant, a, b)
        return a - b
    if chosen == "+":
        return a + b
    if chosen == "*":
        return a * b
    return a // b if chosen == "/" else a % b


def without_words(length, items, queries, left_out, mutant):
    if mutant == "k193:5 -> 0":
        return 0
    if mutant == "k193:5 -> 1":
        return 1
    leaves = 1 << (max(queries, 1) - 1).bit_length()
    depth = op(mutant, "k194:50", leaves.bit_length() - 1, 1, "+")
    runs = items + left_out
    entries = (
        runs * op(mutant, "k197:27", 2, depth, "*")
        + left_out
        + op(mutant, "k199:36", op(mutant, "k199:27", 3, leaves, "*"), items, "+")
    )
    return length * op(mutant, "k200:30", depth, 2, "+") + entries * 2


def top_search_words(length, players, mutant):
    most = op(mutant, "716:22", 3, players, "*")
    return (
        without_words(length, players, most, op(mutant, "718:72", 3, most, "*"), mutant)
        + op(mutant, "721:36", 64, most, "*")
        + op(mutant, "722:36", 32, players, "*")
    )


def largest_count(mutant):
    """The largest total count over N <= LARGEST_N, in words."""
    largest = 0
    for players in range(1, LARGEST_N + 1):
        rows = players // 2
        words = (players + 1 + 63) // 64
        length = (rows + 1) * words
        # The prefix is kept when it fits: the largest such table, and the
        # largest table (which may or may not fit).
        shapes = [(length, length * (players + 1) <= TABLE_BUDGET)]
        fitting = TABLE_BUDGET // (players + 1)
        if fitting < length:
            shapes.append((fitting, True))
        for size, keep_prefix in shapes:
            single = 2 * players * op(mutant, "996:47", players, 4, "+")
            total = (
                players * WORDS_PER_PLAYER
                + table_words(size, players, keep_prefix, mutant)
                + top_search_words(size, players, mutant)
                + single
            )
            largest = max(largest, total)
    return largest


MUTANTS = [
    None,
    "600:18 > -> >=",
    "716:22 * -> +", "716:22 * -> /",
    "718:72 * -> +", "718:72 * -> /",
    "721:36 * -> +", "721:36 * -> /",
    "722:36 * -> +", "722:36 * -> /",
    "996:47 + -> *",
    "1349:25 + -> -", "1349:25 + -> *", "1349:18 / -> %",
    "1355:5 -> 0", "1355:5 -> 1",
    "1356:47 <= -> >", "1356:17 + -> *", "1356:42 + -> *",
    "k193:5 -> 0", "k193:5 -> 1",
    "k194:50 + -> -", "k194:50 + -> *",
    "k197:27 * -> /", "k197:27 * -> +",
    "k199:36 + -> -", "k199:36 + -> *",
    "k199:27 * -> +", "k199:27 * -> /",
    "k200:30 + -> -", "k200:30 + -> *",
]


def main():
    worst = 0
    for mutant in MUTANTS:
        count = largest_count(mutant)
        worst = max(worst, count)
        name = mutant or "the solver"
        print(f"{name:24} {count * 8 / (1 << 20):8.1f} MiB")
    print(f"largest: {worst * 8 / (1 << 20):.1f} MiB of {LIMIT_WORDS * 8 >> 20} MiB")
    assert worst < LIMIT_WORDS


if __name__ == "__main__":
    main()
