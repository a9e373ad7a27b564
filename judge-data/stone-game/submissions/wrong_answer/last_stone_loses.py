# Wrong (rule: whoever takes the last stone wins). Read as misere: taking
# the last stone loses, so the player to move loses exactly when n is 1 more
# than a multiple of 4. Otherwise right (every u64 read exactly).
import sys
n = int(sys.stdin.read().split()[0])
print("B win" if n % 4 == 1 else "A win")
