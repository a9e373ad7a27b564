/* Wrong from Grundy value 64 on: the values one move away are kept in one
 * 64-bit mask (a common speed trick), so a value of 64 or more is never
 * marked and the mex stops at 64. With the moves 1..100, heap 65 gets 64
 * instead of 65, and heaps 65 and 64 (a win: 65 XOR 64 = 1) come out as a
 * loss. Otherwise the right method: one table up to the largest heap, then
 * the XOR of the heaps' values. */
#include <stdio.h>

static int moves[100], k;
static int g[10001];
static int heaps[100][100], sizes[100];

int main(void) {
    int m, top = 0;
    if (scanf("%d", &k) != 1) return 0;
    for (int i = 0; i < k; i++) scanf("%d", &moves[i]);
    scanf("%d", &m);
    for (int p = 0; p < m; p++) {
        scanf("%d", &sizes[p]);
        for (int i = 0; i < sizes[p]; i++) {
            scanf("%d", &heaps[p][i]);
            if (heaps[p][i] > top) top = heaps[p][i];
        }
    }
    for (int n = 0; n <= top; n++) {
        unsigned long long seen = 0;
        for (int i = 0; i < k; i++)
            if (moves[i] <= n && g[n - moves[i]] < 64) seen |= 1ULL << g[n - moves[i]];
        int v = 0;
        while (v < 64 && (seen >> v & 1)) v++;
        g[n] = v;
    }
    for (int p = 0; p < m; p++) {
        int x = 0;
        for (int i = 0; i < sizes[p]; i++) x ^= g[heaps[p][i]];
        putchar(x ? 'W' : 'L');
    }
    putchar('\n');
    return 0;
}
