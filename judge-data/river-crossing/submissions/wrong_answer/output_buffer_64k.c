/* Wrong (bound: the longest plan). The whole answer is written into one
   64 KiB buffer and printed with a single fwrite at the end, a common speed
   trick; snprintf stops at the end of the buffer, so a longer answer is cut
   short. The longest plan in the statement's range, 1000 priests, 999
   devils and a boat for two (3,995 crossings, 70,203 bytes), does not fit;
   every plan the data had before it (at most 1,999 crossings, about 35 KB)
   does.
   Otherwise the search of time_limit_exceeded/every_load.c: a
   breadth-first search from the goal over every load (one interval of
   devils per number of priests), then from the current state always the
   smallest next state still on a shortest plan. */
#include <stdio.h>
#include <stdlib.h>

static int P, D, C;
static int *dist; /* crossings to the goal, -1 unknown; index (p, d, boat) */

static int id(int p, int d, int b) { return (p * (D + 1) + d) * 2 + b; }
static int bank_ok(int priests, int devils) { return priests == 0 || priests >= devils; }
static int safe(int p, int d) { return bank_ok(p, d) && bank_ok(P - p, D - d); }
static int max(int x, int y) { return x > y ? x : y; }
static int min(int x, int y) { return x < y ? x : y; }

/* The safe states one crossing from (p, d, b), in order of (priests, devils)
   on the left: calls visit(np, nd) for each. Left p, d; boat at b. */
static void crossings(int p, int d, int b, void (*visit)(int, int, void *), void *env) {
    int hp = b == 0 ? p : P - p, hd = b == 0 ? d : D - d;
    for (int a = 0; a <= hp && a <= C; a++) {
        int np = b == 0 ? p - a : p + a;
        /* devils c moved: left bank keeps nd = d -/+ c, right keeps D - nd. */
        int lo = 0, hi = min(C - a, hd);
        if (a == 0) lo = 1;
        /* left bank safe: np == 0 or np >= nd; right: P - np == 0 or P - np >= D - nd */
        int ndmin = 0, ndmax = D;
        if (np > 0) ndmax = min(ndmax, np);
        if (P - np > 0) ndmin = max(ndmin, D - (P - np));
        if (b == 0) { lo = max(lo, d - ndmax); hi = min(hi, d - ndmin); }
        else { lo = max(lo, ndmin - d); hi = min(hi, ndmax - d); }
        for (int c = lo; c <= hi; c++) visit(np, b == 0 ? d - c : d + c, env);
    }
}

static int *queue, tail, from, from_b;
static void discover(int np, int nd, void *env) {
    (void)env;
    int t = id(np, nd, 1 - from_b);
    if (dist[t] < 0) { dist[t] = dist[from] + 1; queue[tail++] = t; }
}

struct best { int want, b, p, d; };
static void consider(int np, int nd, void *env) {
    struct best *best = env;
    if (dist[id(np, nd, 1 - best->b)] != best->want) return;
    if (best->p < 0 || np < best->p || (np == best->p && nd < best->d)) { best->p = np; best->d = nd; }
}

static char out[1 << 16];
static size_t used;
static void put(int p, int d, int b) {
    if (used < sizeof out)
        used += snprintf(out + used, sizeof out - used, "%d %d %d %d %c\n", p, d, P - p, D - d, b ? 'R' : 'L');
    if (used >= sizeof out) used = sizeof out - 1; /* snprintf wrote only what fits */
}

int main(void) {
    int p, d, b;
    char bank[8];
    if (scanf("%d %d %d", &P, &D, &C) != 3) return 1;
    if (scanf("%d %d %7s", &p, &d, bank) == 3) b = bank[0] == 'R';
    else { p = P; d = D; b = 0; }
    int n = (P + 1) * (D + 1) * 2;
    dist = malloc(sizeof(int) * n);
    queue = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++) dist[i] = -1;
    int head = 0;
    /* Every crossing can be undone by the same load going back, so the
       distances to the goal (everyone right, boat on either bank) come from
       a search from the goal. */
    if (safe(0, 0)) {
        dist[id(0, 0, 1)] = 0; queue[tail++] = id(0, 0, 1);
        dist[id(0, 0, 0)] = 0; queue[tail++] = id(0, 0, 0);
    }
    while (head < tail) {
        from = queue[head++];
        from_b = from % 2;
        crossings((from / 2) / (D + 1), (from / 2) % (D + 1), from_b, discover, NULL);
    }
    if (!safe(p, d) || dist[id(p, d, b)] < 0) { printf("No Solution\n"); return 0; }
    used = snprintf(out, sizeof out, "%d\n", dist[id(p, d, b)]);
    put(p, d, b);
    while (dist[id(p, d, b)] > 0) {
        struct best best = { dist[id(p, d, b)] - 1, b, -1, -1 };
        crossings(p, d, b, consider, &best);
        p = best.p; d = best.d; b = 1 - b;
        put(p, d, b);
    }
    fwrite(out, 1, used, stdout);
    return 0;
}
