# Wrong (rule: the two werewolves in ascending order). The right pair,
# printed larger first.
# Otherwise right: every pair of werewolves, the smallest first.
import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    claims = []
    for token in data[1:1 + n]:
        claims.append((token.startswith("-"), int(token.lstrip("+-"))))
    # Pairs in ascending order, the smallest first.
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            wolf = {a, b}
            lies = [(about not in wolf) if says_wolf else (about in wolf) for says_wolf, about in claims]
            if sum(lies) == 2 and lies[a - 1] != lies[b - 1]:
                print(b, a)
                return
    print("No Solution")


main()
