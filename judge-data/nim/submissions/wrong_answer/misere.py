# Wrong (rule: whoever takes the last stone wins). Read as misere (taking the
# last stone loses): Bouton's misere rule, which differs from plain Nim only
# when every pile holds at most one stone. Right on both samples.
import sys
data = sys.stdin.read().split()
n = int(data[0])
piles = [int(x) for x in data[1:1 + n]]
x = 0
for p in piles:
    x ^= p
if max(piles, default=0) <= 1:
    print("Yes" if x == 0 else "No")
else:
    print("Yes" if x != 0 else "No")
