"""The same job as `go-ko --sgf --summary`, with sgfmill: parse an SGF
collection, replay each game's main line (setup, then the moves, captures
counted), print one line per game. For scripts/bench-go-ko-sgf.sh; sgfmill
enforces no ko and allows suicide, so only the replay's work is compared.
"""

import sys

from sgfmill import sgf, sgf_grammar, sgf_moves


def main():
    data = sys.stdin.buffer.read()
    out = []
    for number, coarse in enumerate(sgf_grammar.parse_sgf_collection(data), 1):
        game = sgf.Sgf_game.from_coarse_game_tree(coarse)
        board, moves = sgf_moves.get_setup_and_moves(game)
        captured = {"b": 0, "w": 0}
        for colour, point in moves:
            if point is None:
                continue
            before = sum(row.count(None) for row in board.board)
            board.play(point[0], point[1], colour)
            # Empty points after = before - 1 + removed stones.
            captured[colour] += sum(row.count(None) for row in board.board) - before + 1
        out.append("game %d: %d moves, black captured %d, white captured %d\n"
                   % (number, len(moves), captured["b"], captured["w"]))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
