/* Wrong: n is read as a signed 64-bit long long. scanf("%lld") saturates
 * anything past 2^63 - 1 (glibc), so n = 18446744073709551612, a multiple of
 * 4 (B wins), reads as 9223372036854775807, which is 3 mod 4 (A wins). */
#include <stdio.h>

int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 0;
    puts(n % 4 == 0 ? "B win" : "A win");
    return 0;
}
