# Wrong (rule: of several pairs, the smallest, compared element by element
# in ascending order). The largest pair is printed (the order of our default
# contract), still in ascending order.
# Otherwise right: every pair of werewolves, the smallest first.
import sys


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    claims = []
    for token in data[1:1 + n]:
        claims.append((token.startswith("-"), int(token.lstrip("+-"))))
    # Pairs in ascending order, the smallest first.
    for a in range(n, 0, -1):
        for b in range(n, a, -1):
            wolf = {a, b}
            lies = [(about not in wolf) if says_wolf else (about in wolf) for says_wolf, about in claims]
            if sum(lies) == 2 and lies[a - 1] != lies[b - 1]:
                print(a, b)
                return
    print("No Solution")


main()
