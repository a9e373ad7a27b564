"""Compares `go-ko --sgf` with two replayers nobody here wrote: sgfmill (up
to 25x25) and GNU Go over GTP (`loadsgf`, `list_stones`, `captures`; up to
19x19), on seeded random games full of captures and kos, and on games GNU Go
plays against itself. Run by scripts/sgf-oracles.sh, which installs both.

The random games are made legal under the rules compared, and the oracles
are asked only where their rules agree with ours:

- sgfmill's Board.play allows suicide (the group is removed) and enforces no
  ko at all; GNU Go's loadsgf enforces nothing either (it plays a suicide,
  removing the stones and counting them for the opponent, as we do). So the
  legality of moves is decided by this script's own exact checks (whole
  positions compared, below), and the oracles give the final position; the
  captures come from GNU Go's `captures` and, for sgfmill, from counting the
  stones each of its moves removes.
- Default-rule games (simple ko, no suicide) go to both oracles and to
  `go-ko --sgf`; suicide games with positional superko (no position twice)
  to both oracles and to `go-ko --sgf --rules tromp-taylor`.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

from sgfmill import boards

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP skips I


def position(board):
    return tuple(tuple(row) for row in board.board)


def count(board, colour):
    return sum(row.count(colour) for row in board.board)


def removed(before, board, colour):
    """After `colour` placed a stone on `board` that had `before` (black,
    white) stones: the opponent stones it took, and its own it lost."""
    black, white = count(board, "b"), count(board, "w")
    if colour == "b":
        return before[1] - white, before[0] + 1 - black
    return before[0] - black, before[1] + 1 - white


def random_game(rng, size, length, rules):
    """A random game legal under `rules` ('simple' or 'tromp-taylor'),
    biased towards fights (moves next to recent ones), with a few passes.
    Returns the moves [(colour, (row, col) or None)], the final sgfmill board
    and the captures {colour: stones}."""
    board = boards.Board(size)
    captured = {"b": 0, "w": 0}
    history = {position(board)}  # every position, the start included
    events = {"a ko made": 0, "a suicide": 0, "a capture": 0}
    last_placement = None  # (colour, position before it) of the last move
    moves = []
    colour = "b"
    recent = []
    for _ in range(length):
        empties = [(r, c) for r in range(size) for c in range(size) if board.get(r, c) is None]
        if not empties or rng.random() < 0.02:
            moves.append((colour, None))
            history.add(position(board))
            last_placement = None
            colour = "w" if colour == "b" else "b"
            continue
        near = []
        for (r, c) in recent[-4:]:
            for (dr, dc) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= r + dr < size and 0 <= c + dc < size and board.get(r + dr, c + dc) is None:
                    near.append((r + dr, c + dc))
        played = False
        for _ in range(30):
            point = rng.choice(near) if near and rng.random() < 0.6 else rng.choice(empties)
            trial = board.copy()
            other = "w" if colour == "b" else "b"
            before = (count(trial, "b"), count(trial, "w"))
            ko_point = trial.play(point[0], point[1], colour)
            after = position(trial)
            if rules == "simple":
                if trial.get(*point) is None:
                    continue  # suicide
                if last_placement is not None and last_placement[0] == other and last_placement[1] == after:
                    continue  # simple ko: the position before the opponent's move
            elif after in history:
                continue  # positional superko (a lone suicide repeats too)
            taken, lost = removed(before, trial, colour)
            captured[colour] += taken
            captured[other] += lost  # a suicide counts for the opponent
            events["a ko made"] += ko_point is not None
            events["a suicide"] += lost > 0
            events["a capture"] += taken > 0
            last_placement = (colour, position(board))
            board = trial
            history.add(after)
            moves.append((colour, point))
            recent.append(point)
            played = True
            break
        if not played:
            moves.append((colour, None))
            history.add(position(board))
            last_placement = None
        colour = "w" if colour == "b" else "b"
    return moves, board, captured, events


def sgf_of(size, moves, rng):
    """The SGF text: sgfmill's rows count from the bottom, SGF's from the top."""
    parts = ["(;GM[1]FF[4]SZ[%d]" % size]
    for colour, point in moves:
        if point is None:
            value = "tt" if size <= 19 and rng.random() < 0.5 else ""
        else:
            row, col = point
            value = LETTERS[col] + LETTERS[size - 1 - row]
        parts.append(";%s[%s]" % (colour.upper(), value))
    parts.append(")")
    return "".join(parts)


def rows_of(board, size):
    """The final position in go-ko's layout, top row first."""
    symbol = {None: ".", "b": "X", "w": "O"}
    return [
        "".join(symbol[board.get(size - 1 - line, col)] for col in range(size))
        for line in range(size)
    ]


class Gnugo:
    def __init__(self):
        self.process = subprocess.Popen(
            ["/usr/games/gnugo", "--mode", "gtp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError("gnugo ended")
            if line == "\n" and lines:
                break
            if line != "\n":
                lines.append(line.rstrip("\n"))
        answer = " ".join(lines)
        if not answer.startswith("="):
            raise RuntimeError("gnugo: %s -> %s" % (command, answer))
        return answer[1:].strip()

    def final(self, size):
        """The position (go-ko's layout) and the captures of GNU Go's board."""
        grid = [["."] * size for _ in range(size)]
        for colour, symbol in (("black", "X"), ("white", "O")):
            for vertex in self.ask("list_stones " + colour).split():
                col = GTP_COLUMNS.index(vertex[0])
                row = size - int(vertex[1:])
                grid[row][col] = symbol
        captures = {"b": int(self.ask("captures black")), "w": int(self.ask("captures white"))}
        return ["".join(row) for row in grid], captures

    def close(self):
        self.ask("quit")
        self.process.wait()


def self_play(gnugo, rng, size, length):
    """A game GNU Go plays against itself (level 0); its moves, final
    position and captures, from GNU Go."""
    gnugo.ask("boardsize %d" % size)
    gnugo.ask("clear_board")
    gnugo.ask("level 0")
    gnugo.ask("set_random_seed %d" % rng.randrange(1 << 30))
    moves = []
    passes = 0
    colour = "b"
    while len(moves) < length and passes < 2:
        vertex = gnugo.ask("genmove " + ("black" if colour == "b" else "white")).lower()
        if vertex == "resign":
            break
        if vertex == "pass":
            moves.append((colour, None))
            passes += 1
        else:
            col = GTP_COLUMNS.lower().index(vertex[0])
            row = int(vertex[1:]) - 1  # sgfmill's rows count from the bottom
            moves.append((colour, (row, col)))
            passes = 0
        colour = "w" if colour == "b" else "b"
    rows, captures = gnugo.final(size)
    return moves, rows, captures


def replay_sgfmill(size, moves):
    board = boards.Board(size)
    captured = {"b": 0, "w": 0}
    for colour, point in moves:
        if point is None:
            continue
        before = (count(board, "b"), count(board, "w"))
        board.play(point[0], point[1], colour)
        taken, lost = removed(before, board, colour)
        captured[colour] += taken
        captured["w" if colour == "b" else "b"] += lost
    return rows_of(board, size), captured


def go_ko(binary, records, rules):
    """Runs go-ko --sgf on the collection; per game its (rows, captures)."""
    if not records:
        return []
    text = "\n".join(records) + "\n"
    result = subprocess.run(
        [binary, "--sgf", "--rules", rules], input=text.encode(), capture_output=True, check=False
    )
    if result.returncode != 0:
        raise RuntimeError("go-ko failed: " + result.stderr.decode())
    games = []
    for line in result.stdout.decode().splitlines():
        if line.startswith("game "):
            words = line.replace(",", "").split()
            games.append(([], {"b": int(words[6]), "w": int(words[9])}))
        else:
            games[-1][0].append(line)
    return games


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--go-ko", required=True)
    parser.add_argument("--games", type=int, default=2000, help="random games per rule set")
    parser.add_argument("--self-play", type=int, default=20)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--keep", help="write the first games of each kind here, with their answers")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    gnugo = Gnugo()
    totals = {}
    seen = {}
    failures = 0

    def check(kind, size, record, ours, oracle_name, oracle):
        nonlocal failures
        key = (kind, oracle_name)
        totals[key] = totals.get(key, 0) + 1
        if ours != oracle:
            failures += 1
            if failures <= 5:
                print("MISMATCH %s vs %s on %dx%d: %s\n  ours   %s\n  oracle %s"
                      % (kind, oracle_name, size, size, record, ours, oracle), file=sys.stderr)

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.sgf")
        for rules in ("simple", "tromp-taylor"):
            records, expected = [], []
            for number in range(args.games):
                # Small boards fill up and fight; a fifth go past 19x19.
                size = rng.choice([2, 3, 4, 5, 5, 6, 7, 7, 9, 9, 11, 13, 19, 21, 25])
                length = rng.randrange(size * size * 3 // 2 + 2)
                moves, board, captured, events = random_game(rng, size, length, rules)
                for name, value in events.items():
                    seen[(rules, name)] = seen.get((rules, name), 0) + value
                records.append(sgf_of(size, moves, rng))
                expected.append((size, moves, (rows_of(board, size), captured)))
            ours = go_ko(args.go_ko, records, rules)
            kind = "random/" + rules
            for record, (size, moves, sgfmill), mine in zip(records, expected, ours):
                check(kind, size, record, mine, "sgfmill", sgfmill)
                if size <= 19:
                    with open(path, "w") as out:
                        out.write(record)
                    gnugo.ask("loadsgf " + path)
                    check(kind, size, record, mine, "gnugo", gnugo.final(size))
            if args.keep:
                write_kept(args.keep, "random-" + rules, records, ours, rules)
        records, expected = [], []
        for number in range(args.self_play):
            size = rng.choice([7, 9, 9, 13])
            moves, rows, captures = self_play(gnugo, rng, size, size * size * 2)
            records.append(sgf_of(size, moves, rng))
            expected.append((size, moves, (rows, captures)))
        ours = go_ko(args.go_ko, records, "simple")
        for record, (size, moves, gnugo_final), mine in zip(records, expected, ours):
            check("self-play", size, record, mine, "gnugo", gnugo_final)
            check("self-play", size, record, mine, "sgfmill", replay_sgfmill(size, moves))
        if args.keep:
            write_kept(args.keep, "gnugo-self-play", records, ours, "simple")
    gnugo.close()
    for (kind, oracle), games in sorted(totals.items()):
        print("%-22s vs %-8s %6d games compared" % (kind, oracle, games))
    for (rules, name), value in sorted(seen.items()):
        print("random/%-15s %6d moves with %s" % (rules, value, name))
    print("%d mismatches" % failures)
    sys.exit(1 if failures else 0)


def write_kept(folder, name, records, ours, rules):
    """Keeps a few checked games as judge-data cases: the first ones with
    a capture, each with its answer (the output, agreed by the oracles)."""
    os.makedirs(folder, exist_ok=True)
    kept = 0
    for record, (rows, captures) in zip(records, ours):
        if kept == 2 or len(rows) > 19 or captures["b"] + captures["w"] < 3:
            continue
        kept += 1
        stem = os.path.join(folder, "%s-%d" % (name, kept))
        with open(stem + ".in", "w") as out:
            out.write(record + "\n")
        with open(stem + ".args", "w") as out:
            out.write("--sgf" + ("" if rules == "simple" else " --rules " + rules) + "\n")
        with open(stem + ".ans", "w") as out:
            out.write("game 1: %d moves, black captured %d, white captured %d\n"
                      % (record.count(";") - 1, captures["b"], captures["w"]))
            out.write("".join(row + "\n" for row in rows))


if __name__ == "__main__":
    main()
