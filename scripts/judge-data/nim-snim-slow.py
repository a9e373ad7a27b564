#!/usr/bin/env python3
"""Writes judge-data/nim/judges/kattis-snim/secret/slow-every-heap-10000-k100-*:
the largest input the S-Nim statement allows (k = 100 distinct move sizes,
m = 100 positions of l = 100 heaps, every heap 9900 to 10000). A solution
that walks every position for each heap on its own (10^10 steps) takes far
past the limit here. Answers from the brute force of nim-targets.py (the
mex of the values one move away over a plain table, then XOR), about half
of the positions balanced into losses. Fixed seeds: running it again gives
the same files.

    python3 scripts/judge-data/nim-snim-slow.py
"""
import importlib.util
import os
import random

spec = importlib.util.spec_from_file_location(
    "nim_targets", os.path.join(os.path.dirname(os.path.abspath(__file__)), "nim-targets.py")
)
targets = importlib.util.module_from_spec(spec)
spec.loader.exec_module(targets)


def main():
    rng = random.Random(2027)
    moves = sorted(rng.sample(range(1, 201), 100))
    positions = [[rng.randint(9900, 10000) for _ in range(100)] for _ in range(100)]
    targets.balance(rng, moves, positions)
    targets.write(
        "kattis-snim",
        "slow-every-heap-10000-k100-0",
        targets.s_nim_case_text(moves, positions),
        targets.s_nim_line(moves, positions) + "\n",
    )


if __name__ == "__main__":
    main()
