# Wrong (rule: a position's value is the XOR of its heaps' Grundy values).
# Each heap is only won (1) or lost (0), and the XOR of those decides: right
# for one heap, wrong when a heap's Grundy value is 2 or more. Otherwise
# right (the mex over the moves).
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
        g[n] = min(v, 1)
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
    print("".join(letters))


main()
