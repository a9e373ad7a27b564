# Wrong (rule: exactly M werewolves). Read as at least M: a set with more
# werewolves than M may answer too, the largest of all such sets wins.
# Otherwise right: every set tried, each size in the contract's order
# (exhaustive, fine for the small games where this shows).
import sys
from itertools import combinations


def main():
    data = sys.stdin.read().split()
    n, m, l = int(data[0]), int(data[1]), int(data[2])
    claims = []
    for token in data[3:3 + n]:
        claims.append((token.startswith("-"), int(token.lstrip("+-"))))
    best = None
    for size in range(m, n + 1):
        # The first valid set of a size is the largest of that size.
        for wolves in combinations(range(n, 0, -1), size):
            wolf = set(wolves)
            lies = [(about not in wolf) if says_wolf else (about in wolf) for says_wolf, about in claims]
            liars = sum(lies)
            lying_wolf = any(lies[w - 1] for w in wolves)
            honest_wolf = any(not lies[w - 1] for w in wolves)
            if liars == l and lying_wolf and honest_wolf:
                if best is None or wolves > best:
                    best = wolves
                break
    print(" ".join(map(str, best)) if best else "No Solution")


main()
