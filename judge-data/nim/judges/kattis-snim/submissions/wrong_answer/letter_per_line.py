# Wrong (rule: the output is one line of m letters). Each letter is printed
# on its own line. Otherwise right.
import sys


def grundy_table(moves, top):
    g = [0] * (top + 1)
    for n in range(top + 1):
        seen = set()
        for s in moves:
            if s <= n:
                seen.add(g[n - s])
        v = 0
        while v in seen:
            v += 1
        g[n] = v
    return g


def main():
    data = sys.stdin.read().split()
    pos = 0
    k = int(data[pos]); pos += 1
    moves = [int(x) for x in data[pos:pos + k]]; pos += k
    m = int(data[pos]); pos += 1
    positions = []
    for _ in range(m):
        l = int(data[pos]); pos += 1
        positions.append([int(x) for x in data[pos:pos + l]]); pos += l
    top = max((max(p) for p in positions if p), default=0)
    g = grundy_table(moves, top)
    letters = []
    for heaps in positions:
        x = 0
        for h in heaps:
            x ^= g[h]
        letters.append("W" if x else "L")
    print("\n".join(letters))


main()
