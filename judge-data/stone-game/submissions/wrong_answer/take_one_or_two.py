# Wrong (rule: the moves are 1, 2 or 3 stones). Read as "1 or 2 stones", so
# the losing piles are the multiples of 3. Otherwise right.
import sys
n = int(sys.stdin.read().split()[0])
print("B win" if n % 3 == 0 else "A win")
