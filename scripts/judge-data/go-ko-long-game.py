#!/usr/bin/env python3
"""Writes judge-data/go-ko/secret/sgf/long-tromp-taylor-game: one random game
of 4,000 moves on 19x19 under `--rules tromp-taylor` (suicide allowed, no
position twice), from `random_game` of scripts/sgf_oracles.py, which checks
every move against the set of all earlier positions itself. The answer is
sgfmill's final position and the captures counted from its moves, not
go-ko's.

    target/oracle-venv/bin/python scripts/judge-data/go-ko-long-game.py

(scripts/sgf-oracles.sh makes that venv, with sgfmill from PyPI.)

Under superko each move is checked against the earlier positions by a
64-bit hash and confirmed point by point. A replayer that compares every
move with every earlier position (or whose hash puts them all under one
key) does about 4,000^2 / 2 such comparisons here, each of a whole board,
and runs far past the time limit; go-ko takes a few milliseconds.

Deterministic: a fixed seed.
"""
import importlib.util
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "sgf_oracles", os.path.join(HERE, "..", "sgf_oracles.py")
)
oracles = importlib.util.module_from_spec(spec)
spec.loader.exec_module(oracles)

OUT = os.path.join(HERE, "..", "..", "judge-data", "go-ko", "secret", "sgf")
NAME = "long-tromp-taylor-game"
SIZE, MOVES, SEED = 19, 4000, 35


def main():
    rng = random.Random(SEED)
    moves, board, captured, events = oracles.random_game(rng, SIZE, MOVES, "tromp-taylor")
    record = oracles.sgf_of(SIZE, moves, rng)
    head = "game 1: %d moves, black captured %d, white captured %d" % (
        len(moves),
        captured["b"],
        captured["w"],
    )
    with open(os.path.join(OUT, NAME + ".in"), "w") as case:
        case.write(record + "\n")
    with open(os.path.join(OUT, NAME + ".args"), "w") as case:
        case.write("--sgf --rules tromp-taylor\n")
    with open(os.path.join(OUT, NAME + ".ans"), "w") as case:
        case.write("\n".join([head] + oracles.rows_of(board, SIZE)) + "\n")
    print(head, events)


if __name__ == "__main__":
    main()
