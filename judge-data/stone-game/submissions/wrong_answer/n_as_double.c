/* Wrong (bound: n up to 2^64 - 1). Reads n as a double, which holds every
   integer exactly only up to 2^53; past that n is rounded, here to a
   multiple of 4 or 2^64 itself, so the remainder mod 4 is lost.
   u64::MAX = 2^64 - 1 (A wins, 3 mod 4) becomes 2^64 (B wins).
   Otherwise right: the first player wins unless n is a multiple of 4. */
#include <math.h>
#include <stdio.h>

int main(void) {
    double n;
    if (scanf("%lf", &n) != 1) return 1;
    printf(fmod(n, 4.0) == 0.0 ? "B win\n" : "A win\n");
    return 0;
}
