# Wrong (rule: the first player wins iff the XOR of the piles is not zero).
# The contestant's "the total number of stones decides": an odd total wins.
# Right on both samples (1 2 3 and 1 2). Otherwise right.
import sys
data = sys.stdin.read().split()
n = int(data[0])
piles = [int(x) for x in data[1:1 + n]]
print("Yes" if sum(piles) % 2 == 1 else "No")
