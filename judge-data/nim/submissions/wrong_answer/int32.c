/* Wrong: the piles are read into a 32-bit int, as contestants often write
 * it. scanf("%d") keeps only the low 32 bits (or worse) of a pile past
 * 2^31 - 1, so the XOR is wrong once the piles pass 2^31: 4294967296 reads
 * as 0, and `2 4294967296 0` (a win) comes out as a loss. */
#include <stdio.h>

int main(void) {
    int n, x = 0, a;
    if (scanf("%d", &n) != 1) return 0;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &a) != 1) break;
        x ^= a;
    }
    puts(x ? "Yes" : "No");
    return 0;
}
