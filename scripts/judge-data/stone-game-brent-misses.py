#!/usr/bin/env python3
"""Writes stone-game's `secret/brent-misses-preperiod-*` cases (issue #35,
mutation testing), with answers from a plain DP over every position below
10^7, not from the solver.

    python3 scripts/judge-data/stone-game-brent-misses.py [OUTDIR]

The move set below was found by a random search over sets of 8 to 20 sizes
up to 2000, run with the library's own `periodicity` (a search, not an
oracle). Its outcomes start repeating at about 8.56 * 10^6 with a period of
1609: within the 10^7-position rule, but past 2^23 - 1, the last place
where Brent's cycle search parks its tortoise below 10^7, so the solver
must find the cycle with its second walk (the check against S_10^7).

The DP: position i is a loss iff no move reaches a loss. The period is the
shift to the nearest earlier copy of the last 3 * max(S) outcomes below
10^7 (a window longer than max S fixes the state, so from any copy on the
values repeat for ever), and the preperiod is found by walking back while
the outcomes agree with those one period later. The answer for n >= 10^7
is the outcome of the position congruent to n in [preperiod, preperiod +
period).
"""

import sys
from pathlib import Path

MOVES = [43, 70, 144, 258, 396, 492, 618, 691, 789, 918, 1287, 1543, 1596,
         1720, 1739, 1763, 1839, 1922]
LIMIT = 10**7
U64_MAX = 2**64 - 1


def outcomes(moves, size):
    """1 where the player to move wins, 0 where they lose, positions 0..size-1."""
    win = bytearray(size)
    for position in range(size):
        if not win[position]:
            for move in moves:
                if position + move < size:
                    win[position + move] = 1
    return bytes(win)


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "judge-data/stone-game/secret")
    values = outcomes(MOVES, LIMIT)
    window = 3 * max(MOVES)
    start = LIMIT - window
    copy = values.rfind(values[start:], 0, LIMIT - 1)
    period = start - copy
    preperiod = copy
    while preperiod > 0 and values[preperiod - 1] == values[preperiod - 1 + period]:
        preperiod -= 1
    assert preperiod + period + max(MOVES) <= LIMIT
    assert preperiod > 2**23, preperiod
    print(f"preperiod {preperiod}, period {period}")

    def value(pile):
        return values[pile if pile < LIMIT else preperiod + (pile - preperiod) % period]

    largest_loss = U64_MAX
    while value(largest_loss):
        largest_loss -= 1
    # n = 10^7, the first position past the DP; u64::MAX (a win); the
    # largest loss up to u64::MAX: a loss is rare here, so a solver that
    # takes the wrong period most likely lands on a win.
    piles = {"10-pow-7": LIMIT, "u64-max": U64_MAX, "largest-loss-in-u64": largest_loss}
    for name, pile in piles.items():
        answer = "A win" if value(pile) else "B win"
        stem = out / f"brent-misses-preperiod-{preperiod}-{name}"
        stem.with_suffix(".args").write_text("--moves " + ",".join(map(str, MOVES)) + "\n")
        stem.with_suffix(".in").write_text(f"{pile}\n")
        stem.with_suffix(".ans").write_text(answer + "\n")
        print(stem.name, pile, answer)


if __name__ == "__main__":
    main()
