# Wrong (rule: each of the T games is decided on its own). The XOR is kept
# from one game to the next. Otherwise right (Nim: the first player wins iff
# the XOR of the piles is not zero).
import sys
data = sys.stdin.read().split()
t = int(data[0])
pos = 1
x = 0
out = []
for _ in range(t):
    n = int(data[pos]); pos += 1
    for p in data[pos:pos + n]:
        x ^= int(p)
    pos += n
    out.append("Yes" if x else "No")
print("\n".join(out))
