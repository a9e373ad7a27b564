# Wrong (rule: n = 0, A cannot move and loses). The contestant's "nothing to
# take, so nobody can beat A" prints A win for an empty pile. Otherwise right.
import sys
n = int(sys.stdin.read().split()[0])
if n == 0:
    print("A win")
else:
    print("B win" if n % 4 == 0 else "A win")
