# Wrong (rule: n is any u64, beyond the original problem's 1000). The outcomes
# are tabled up to the judge limit of 1000, so a larger n indexes past the
# table (IndexError). Otherwise right: a position is a win when some move
# reaches a lost one.
import sys
n = int(sys.stdin.read().split()[0])
win = [False] * 1001
for i in range(1, 1001):
    win[i] = any(i >= k and not win[i - k] for k in (1, 2, 3))
print("A win" if win[n] else "B win")
