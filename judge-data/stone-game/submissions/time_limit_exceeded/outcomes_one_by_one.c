/* Right but too slow: the outcome of every pile size from 0 up to n, one by
 * one (a size wins when a move of 1, 2 or 3 stones reaches a losing size),
 * keeping only the last three. O(n): instant for the judge's n <= 1000, but
 * n = 18446744073709551615 would take centuries. The fast way: n mod 4. */
#include <stdio.h>

int main(void) {
    unsigned long long n;
    if (scanf("%llu", &n) != 1) return 0;
    /* last[k] is the outcome of size i - 1 - k (1: the player to move wins) */
    int last[3] = {0, 0, 0}; /* size 0 loses; sizes below 0 never used */
    int known = 1, now = 0;  /* sizes known so far; outcome of size i */
    for (unsigned long long i = 1; i <= n; i++) {
        now = 0;
        for (int k = 0; k < 3 && k < known; k++)
            if (!last[k]) now = 1;
        last[2] = last[1];
        last[1] = last[0];
        last[0] = now;
        if (known < 3) known++;
    }
    puts((n == 0 ? 0 : now) ? "A win" : "B win");
    return 0;
}
