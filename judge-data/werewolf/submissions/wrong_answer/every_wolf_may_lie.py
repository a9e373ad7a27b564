# Wrong: it forgets half of the werewolf rule. It demands a lying werewolf
# but not a truthful one, so it accepts sets whose werewolves all lie.
# Exhaustive (fine for the small games where this shows).
import sys
from itertools import combinations

def main():
    data = sys.stdin.read().split()
    n, m, l = int(data[0]), int(data[1]), int(data[2])
    claims = []
    for token in data[3:3 + n]:
        claims.append((token.startswith("-"), int(token.lstrip("+-"))))
    for wolves in combinations(range(n, 0, -1), m):
        wolf = set(wolves)
        lies = [(about not in wolf) if says_wolf else (about in wolf) for says_wolf, about in claims]
        if sum(lies) == l and any(lies[w - 1] for w in wolves):
            print(" ".join(map(str, wolves)))
            return
    print("No Solution")

main()
