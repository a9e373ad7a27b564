/* Right but too slow: each heap's Grundy value computed on its own, by
 * walking every position from 0 up to the heap (the mex of the values one
 * move away), then a position wins iff the XOR of its heaps' values is not
 * zero. O(h k) per heap: up to 100 x 100 heaps of 10000 with 100 moves is
 * 10^10 steps. The fast way walks the positions once, up to the largest
 * heap, and looks every heap up in that one table. */
#include <stdio.h>
#include <string.h>

static int moves[100], k;
static int g[10001];

static int grundy(int h) {
    for (int n = 0; n <= h; n++) {
        char seen[102];
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < k; i++)
            if (moves[i] <= n && g[n - moves[i]] <= 100) seen[g[n - moves[i]]] = 1;
        int v = 0;
        while (seen[v]) v++;
        g[n] = v;
    }
    return g[h];
}

int main(void) {
    int m;
    if (scanf("%d", &k) != 1) return 0;
    for (int i = 0; i < k; i++) scanf("%d", &moves[i]);
    scanf("%d", &m);
    for (int j = 0; j < m; j++) {
        int l, x = 0;
        scanf("%d", &l);
        for (int i = 0; i < l; i++) {
            int h;
            scanf("%d", &h);
            x ^= grundy(h);
        }
        putchar(x ? 'W' : 'L');
    }
    putchar('\n');
    return 0;
}
