# Right: with moves 1, 2 or 3, the player to move loses exactly when n is a
# multiple of 4. Python reads every u64 exactly.
import sys
n = int(sys.stdin.read().split()[0])
print("B win" if n % 4 == 0 else "A win")
