# Right: Bouton's theorem. The first player wins iff the XOR of the piles is
# not 0. Python's integers never overflow, so every u64 pile is exact.
import sys

def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    x = 0
    for token in data[1:1 + n]:
        x ^= int(token)
    print("Yes" if x else "No")

main()
