# Wrong (rule: at least one werewolf lies). Only a truthful werewolf is
# demanded, so sets whose werewolves all tell the truth pass.
# Otherwise right: every set of M werewolves tried in the contract's order
# (exhaustive, fine for the small games where this shows).
import sys
from itertools import combinations


def main():
    data = sys.stdin.read().split()
    n, m, l = int(data[0]), int(data[1]), int(data[2])
    claims = []
    for token in data[3:3 + n]:
        claims.append((token.startswith("-"), int(token.lstrip("+-"))))
    # Sets in the contract's order: the largest descending sequence first.
    for wolves in combinations(range(n, 0, -1), m):
        wolf = set(wolves)
        lies = [(about not in wolf) if says_wolf else (about in wolf) for says_wolf, about in claims]
        liars = sum(lies)
        lying_wolf = any(lies[w - 1] for w in wolves)
        honest_wolf = any(not lies[w - 1] for w in wolves)
        if liars == l and honest_wolf:
            print(" ".join(map(str, wolves)))
            return
    print("No Solution")


main()
