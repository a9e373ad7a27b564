# Wrong (rule: a plain `j`, with no sign, says "player j is a human").
# Only `+j` is read as "human"; anything else as "werewolf".
# Otherwise right: every set of M werewolves tried in the contract's order
# (exhaustive, fine for the small games where this shows).
import sys
from itertools import combinations


def main():
    data = sys.stdin.read().split()
    n, m, l = int(data[0]), int(data[1]), int(data[2])
    claims = []
    for token in data[3:3 + n]:
        claims.append((not token.startswith("+"), int(token.lstrip("+-"))))
    # Sets in the contract's order: the largest descending sequence first.
    for wolves in combinations(range(n, 0, -1), m):
        wolf = set(wolves)
        lies = [(about not in wolf) if says_wolf else (about in wolf) for says_wolf, about in claims]
        liars = sum(lies)
        lying_wolf = any(lies[w - 1] for w in wolves)
        honest_wolf = any(not lies[w - 1] for w in wolves)
        if liars == l and lying_wolf and honest_wolf:
            print(" ".join(map(str, wolves)))
            return
    print("No Solution")


main()
