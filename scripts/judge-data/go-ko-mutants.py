#!/usr/bin/env python3
"""Writes the go-ko cases that issue #35's mutation testing asked for (see
judge-data/MUTATION-TESTING.md, "go-ko"), with answers from a breadth-first
flood fill that shares nothing with the Rust solver.

    python3 scripts/judge-data/go-ko-mutants.py

The solver's group search looks at 32 points of a row at a time when a run
of stones is that long and nothing above or below it starts another run
(see `search_group` in crates/go-ko/src/board.rs). No case before these
had a group where that shortcut decides the answer. Each case below is a
group whose only liberty a slip in the shortcut loses, so a wrong search
says `Suicide` (or `K.O.`) where the answer is `Safe` (or `Suicide`):

- secret/long-runs/liberties-above-and-below-one-point: a 70-stone run whose
  only liberties are the two points above and below one of its stones. A
  search that combines "empty above" and "empty below" with XOR loses both.
- secret/long-runs/runs-above-and-below-one-point: the same with a stone
  above and a stone below that point, which lead to the only liberty. A
  search that combines "own stone above" and "own stone below" with XOR
  skips both.
- secret/long-runs/liberty-above-after-a-run-above: the search goes up into
  a one-stone run and comes back; the only liberty is above a stone of the
  long run 32 points further on, near the row's end. A search that skips
  the "above" check once too often after coming back misses it.
- secret/long-runs/narrow-board-of-one-group: an 8 x 12 board of X with two
  empty points; O plays on one. The rows are shorter than 32 points: a
  search that takes 32 points at a time across the end of a row marks the
  stones of the next rows done before their liberty is seen.

- secret/long-runs/run-to-the-row-end-then-the-next-row,
  first-row-run-over-two-rows, run-from-the-33rd-point-to-its-row-start:
  a run is found 32 points at a time from the stone the search enters it
  by, to the right and to the left. Here a wrong bound on that stepping
  runs on into the next row (or back past the row's start), and the
  group's only liberty is where the wrong run hides it.
- secret/long-runs/random-long-runs-{216,639,1097}: three boards of
  `seeded_board` below (random rows of long runs of one colour, few empty
  points), found among 3,000 seeds to tell apart a search that reads the
  row below a run at the wrong place, takes "not its own colour above"
  for "its own colour above", or checks the wrong 32 points right of a
  run's entry.

Deterministic: fixed seeds.
"""
import os
import random
from collections import deque

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "judge-data", "go-ko", "secret", "long-runs")


def neighbours(board, row, col):
    for d_row, d_col in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + d_row, col + d_col
        if 0 <= r < len(board) and 0 <= c < len(board[0]):
            yield r, c


def group(board, row, col):
    colour = board[row][col]
    seen = {(row, col)}
    work = deque(seen)
    while work:
        for r, c in neighbours(board, *work.popleft()):
            if (r, c) not in seen and board[r][c] == colour:
                seen.add((r, c))
                work.append((r, c))
    return seen


def has_liberty(board, stones):
    return any(board[r][c] == "." for stone in stones for r, c in neighbours(board, *stone))


def verdict(rows, row, col, stone):
    """The answer line for `stone` played on the empty point (row, col)."""
    board = [list(line) for line in rows]
    assert board[row][col] == "."
    board[row][col] = stone
    opponent = "O" if stone == "X" else "X"
    for r, c in neighbours(board, row, col):
        if board[r][c] == opponent and not has_liberty(board, group(board, r, c)):
            return "K.O."
    if not has_liberty(board, group(board, row, col)):
        return "Suicide"
    return "Safe"


def line(width, fill, marks):
    cells = [fill] * width
    for col, symbol in marks.items():
        cells[col] = symbol
    return "".join(cells)


def write(name, rows, row, col, stone, expected):
    answer = verdict(rows, row, col, stone)
    assert answer == expected, (name, answer)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name + ".in"), "w") as case:
        case.write("".join(text + "\n" for text in rows) + f"{row} {col} {stone}\n")
    with open(os.path.join(OUT, name + ".ans"), "w") as case:
        case.write(answer + "\n")


def seeded_board(seed):
    """Rows of 1 to 8, columns of 32 to 140: each row runs of one colour,
    switching with chance 1/mean_run at each point, a few points empty."""
    rng = random.Random(seed)
    rows = rng.randint(1, 8)
    cols = rng.randint(32, 140)
    empty = rng.choice([0.0, 0.003, 0.01, 0.03])
    mean_run = rng.choice([3.0, 20.0, 60.0, 200.0])
    board = []
    for _ in range(rows):
        colour = rng.choice("XO")
        cells = []
        for _ in range(cols):
            if rng.random() < 1.0 / mean_run:
                colour = "O" if colour == "X" else "X"
            cells.append("." if rng.random() < empty else colour)
        board.append(cells)
    row, col = rng.randrange(rows), rng.randrange(cols)
    board[row][col] = "."
    return ["".join(cells) for cells in board], row, col, rng.choice("XO")


def main():
    # Row 2 is a run of X from column 0 to 68; X plays at its end (2, 69),
    # where O is above and below, so its own group is searched. The O rows
    # keep a liberty at (0, 0) or in row 4, so nothing is captured. Each
    # row is (its colour, {column: another symbol}).
    cases = {
        "liberties-above-and-below-one-point": [
            ("O", {0: "."}), ("O", {10: "."}), ("O", {10: "."}), ("O", {0: "."}),
        ],
        "runs-above-and-below-one-point": [
            ("O", {0: ".", 10: "."}), ("O", {10: "X"}), ("O", {10: "X"}), ("O", {40: "."}),
        ],
        "liberty-above-after-a-run-above": [
            ("O", {0: "."}), ("O", {30: "X", 62: "."}), ("O", {}), (".", {}),
        ],
    }
    for name, (top, above, below, bottom) in cases.items():
        rows = [top, above, ("X", {69: "."}), below, bottom]
        write(name, [line(70, fill, marks) for fill, marks in rows], 2, 69, "X", "Safe")
    # A run found 32 points at a time from its entry, to the right or the
    # left, must stop at the end of its row: three runs whose stepping
    # crosses into the next row (or past the row's start) if done wrongly,
    # each with its group's only liberty where the wrong run hides it.
    write(
        "run-to-the-row-end-then-the-next-row",
        [
            line(40, "X", {**{col: "O" for col in range(7)}, 7: "."}),
            line(40, "O", {col: "X" for col in range(9)}),
            line(40, "O", {0: "."}),
        ],
        0, 7, "O", "Suicide",
    )
    write(
        "first-row-run-over-two-rows",
        [
            line(20, "X", {0: "."}),
            line(20, "O", {col: "X" for col in range(13)}),
            line(20, "O", {5: "."}),
        ],
        0, 0, "X", "Safe",
    )
    write(
        "run-from-the-33rd-point-to-its-row-start",
        [line(40, "X", {0: "."}), line(40, "O", {32: "."})],
        1, 32, "O", "Safe",
    )
    narrow = [line(8, "X", {}) for _ in range(12)]
    narrow[4] = line(8, "X", {7: "."})
    narrow[10] = line(8, "X", {7: "."})
    write("narrow-board-of-one-group", narrow, 4, 7, "O", "Suicide")
    for seed, expected in ((216, "Safe"), (639, "Suicide"), (1097, "Suicide")):
        write(f"random-long-runs-{seed}", *seeded_board(seed), expected)


if __name__ == "__main__":
    main()
