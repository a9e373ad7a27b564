#!/usr/bin/env python3
"""Writes the nim cases that issue #35's mutation testing asked for (see
judge-data/MUTATION-TESTING.md, "nim"), with answers from a brute force that
shares nothing with the Rust solver: Grundy values as the mex of the values
one move away over a plain table (nim-targets.py's `grundy_table`), and the
winning move found by trying every pile in order and every move size from
the smallest, keeping the first that leaves an XOR of 0.

    pypy3 scripts/judge-data/nim-mutants.py    # python3 works, slower

- secret/s-nim-move-small-sets-{0,1,2}: `--cases --moves SET --move`, 40
  games each of up to 4 piles of at most 60, under three small sets (S-Nim
  moves can raise a pile's Grundy value). The winning pile is found from the
  target value g XOR X of each pile; a solver that mixes up XOR and OR
  there finds no move (or the wrong one).
- judges/hdu-1536/secret/many-sets-that-never-repeat: 40 cases of a set
  whose Grundy values do not repeat within 10^7 positions, every heap at
  most 10000. Heaps that small need a table of 10001 values per set; a
  solver that runs the cycle search for every set (0.3 to 0.7 s each) takes
  far past the limit.
- secret/s-nim-long-preperiod-and-period-*: the set
  1377,1527,2202,6930,7200,8269,8709,9983, whose Grundy values repeat with
  period 373475 from position 889942 on (found by a search over random
  sets; checked here on the table itself, below). A pile inside the
  preperiod but past the table's first 2^16 values, and a pile of 10^11,
  below preperiod * period: a solver that reduces piles into the period
  too early, or grows its table to any pile below that product, fails.

Deterministic: fixed seeds.
"""
import importlib.util
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("nim_targets", os.path.join(HERE, "nim-targets.py"))
targets = importlib.util.module_from_spec(spec)
spec.loader.exec_module(targets)

DATA = os.path.join(HERE, "..", "..", "judge-data", "nim")

# Grundy values do not repeat within 10^7 positions (the set of
# secret/s-nim-no-repeat-piles-below-1e7).
NEVER_REPEATS = [4, 14, 27, 97, 140, 162, 269, 391, 461, 603, 707, 793, 801, 842, 902, 953]
LONG = [1377, 1527, 2202, 6930, 7200, 8269, 8709, 9983]
LONG_PREPERIOD = 889942
LONG_PERIOD = 373475


def periodic_values(moves, preperiod, period):
    """The Grundy value of any pile under `moves`, from a plain table that
    covers the preperiod, one window of max(moves) and a period past it.
    The claimed period is checked on that window: a value depends only on
    the max(moves) values before it, so a window that repeats after
    `period` positions makes the values periodic from `preperiod` on."""
    largest = max(moves)
    table = targets.grundy_table(moves, preperiod + largest + period)
    for n in range(preperiod, preperiod + largest):
        assert table[n] == table[n + period], (n, table[n], table[n + period])

    def value(pile):
        if pile >= len(table):
            pile = preperiod + (pile - preperiod) % period
        return table[pile]

    return value


def first_winning_move(moves, value, piles):
    """(pile index from 0, take) of the first winning move, or None."""
    x = 0
    for pile in piles:
        x ^= value(pile)
    if x == 0:
        return None
    for i, pile in enumerate(piles):
        for take in sorted(moves):
            if take <= pile and value(pile - take) ^ value(pile) ^ x == 0:
                return i, take
    raise AssertionError("a won position without a winning move")


def answer_lines(moves, value, piles):
    found = first_winning_move(moves, value, piles)
    if found is None:
        return ["No"]
    return ["Yes", f"{found[0] + 1} {found[1]}"]


def write(folder, name, args, text, answer):
    os.makedirs(folder, exist_ok=True)
    base = os.path.join(folder, name)
    if args is not None:
        with open(base + ".args", "w", newline="") as f:
            f.write(args + "\n")
    with open(base + ".in", "w", newline="") as f:
        f.write(text)
    with open(base + ".ans", "w", newline="") as f:
        f.write(answer)


def game_text(piles):
    return f"{len(piles)}\n" + " ".join(map(str, piles)) + "\n"


def small_set_cases():
    rng = random.Random(35553)
    sets = [[4, 9, 12], [2, 3, 7], [1, 5, 6, 11]]
    for number, moves in enumerate(sets):
        table = targets.grundy_table(moves, 60)
        games = [[1, 14, 1, 25]] if number == 0 else []
        while len(games) < 40:
            games.append([rng.randint(0, 60) for _ in range(rng.randint(1, 4))])
        text = f"{len(games)}\n" + "".join(game_text(piles) for piles in games)
        answer = []
        for piles in games:
            answer += answer_lines(moves, table.__getitem__, piles)
        write(
            os.path.join(DATA, "secret"),
            f"s-nim-move-small-sets-{number}",
            "--cases --moves " + ",".join(map(str, moves)) + " --move",
            text,
            "\n".join(answer) + "\n",
        )


def never_repeating_cases():
    rng = random.Random(35638)
    table = targets.grundy_table(NEVER_REPEATS, 10000)
    cases = []
    letters = []
    for _ in range(40):
        positions = [[rng.randint(0, 10000) for _ in range(rng.randint(1, 10))] for _ in range(10)]
        targets.balance(rng, NEVER_REPEATS, positions)
        cases.append(targets.s_nim_case_text(NEVER_REPEATS, positions))
        line = ""
        for heaps in positions:
            x = 0
            for h in heaps:
                x ^= table[h]
            line += "W" if x else "L"
        letters.append(line)
    write(
        os.path.join(DATA, "judges", "hdu-1536", "secret"),
        "many-sets-that-never-repeat",
        None,
        "".join(cases) + "0\n",
        "\n".join(letters) + "\n",
    )


def long_period_cases():
    value = periodic_values(LONG, LONG_PREPERIOD, LONG_PERIOD)
    args = "--moves " + ",".join(map(str, LONG)) + " --move"
    for name, piles in [
        ("pile-in-the-preperiod", [500000, 123456]),
        ("pile-of-1e11", [10**11, 77777]),
    ]:
        write(
            os.path.join(DATA, "secret"),
            f"s-nim-long-preperiod-and-period-{name}",
            args,
            game_text(piles),
            "\n".join(answer_lines(LONG, value, piles)) + "\n",
        )


def main():
    small_set_cases()
    never_repeating_cases()
    long_period_cases()


if __name__ == "__main__":
    main()
