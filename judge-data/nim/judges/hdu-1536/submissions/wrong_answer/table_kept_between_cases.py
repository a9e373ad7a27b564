# Wrong (rule: each case has its own move set). The Grundy table is computed
# for the first case and kept, only grown for larger heaps, for the cases
# after it. Otherwise right: Grundy values as the mex over the moves, a
# position wins iff the XOR of its heaps' values is not zero; cases until a
# lone 0.
import sys


def main():
    data = sys.stdin.read().split()
    pos = 0
    g = []
    out = []
    while True:
        k = int(data[pos]); pos += 1
        if k == 0:
            break
        moves = [int(x) for x in data[pos:pos + k]]; pos += k
        m = int(data[pos]); pos += 1
        positions = []
        for _ in range(m):
            l = int(data[pos]); pos += 1
            positions.append([int(x) for x in data[pos:pos + l]]); pos += l
        top = max((max(p) for p in positions if p), default=0)
        for n in range(len(g), top + 1):
            seen = set()
            for s in moves:
                if s <= n:
                    seen.add(g[n - s])
            v = 0
            while v in seen:
                v += 1
            g.append(v)
        letters = []
        for heaps in positions:
            x = 0
            for h in heaps:
                x ^= g[h]
            letters.append("W" if x else "L")
        out.append("".join(letters))
    print("\n".join(out))


main()
