/* Wrong (rule: the current state `p d B`).
   The current state's p and d read as the people on the right bank. The
   statement: on the left bank (the others on the right).
   Otherwise right: a breadth-first search backwards from the goal over every
   load, then from the current state always the smallest next state still
   on a shortest plan. */
#include <stdio.h>
#include <stdlib.h>

static int P, D, C;
static int cap; /* the most people the boat holds */
static int *dist; /* crossings to the goal, -1 unknown; index (p, d, boat) */
static int *queue;

static int id(int p, int d, int b) { return (p * (D + 1) + d) * 2 + b; }

/* p priests and d devils on the left bank, the others on the right. */
static int bank_ok(int priests, int devils) { return priests == 0 || priests >= devils; }
static int safe(int p, int d) { return bank_ok(p, d) && bank_ok(P - p, D - d); }

/* May the boat carry a priests and c devils? */
static int load_ok(int a, int c) { return a + c >= 1 && a + c <= cap; }

/* The crossing from (p, d, b) carrying a priests and c devils lands in
   (*np, *nd, 1 - b); returns 1 when it is allowed. */
static int cross(int p, int d, int b, int a, int c, int *np, int *nd) {
    if (!load_ok(a, c)) return 0;
    if (b == 0) { *np = p - a; *nd = d - c; } else { *np = p + a; *nd = d + c; }
    if (*np < 0 || *nd < 0 || *np > P || *nd > D) return 0;
    return safe(*np, *nd);
}

/* Is state x = (p1, d1) smaller than y = (p2, d2) in the plan order? */
static int smaller(int p1, int d1, int p2, int d2) {
    return p1 < p2 || (p1 == p2 && d1 < d2);
}

int main(void) {
    int p, d, b;
    char bank[8];
    if (scanf("%d %d %d", &P, &D, &C) != 3) return 1;
    cap = C;
    if (scanf("%d %d %7s", &p, &d, bank) == 3) { b = bank[0] == 'R'; p = P - p; d = D - d; }
    else { p = P; d = D; b = 0; }
    int n = (P + 1) * (D + 1) * 2;
    dist = malloc(sizeof(int) * n);
    queue = malloc(sizeof(int) * n);
    for (int i = 0; i < n; i++) dist[i] = -1;
    int head = 0, tail = 0;
    /* Distances to the goal, by a search backwards from it: everyone on the
       right bank, the boat on either bank. */
    if (safe(0, 0)) {
        dist[id(0, 0, 1)] = 0; queue[tail++] = id(0, 0, 1);
        dist[id(0, 0, 0)] = 0; queue[tail++] = id(0, 0, 0);
    }
    while (head < tail) {
        int t = queue[head++];
        int tb = t % 2, td = (t / 2) % (D + 1), tp = (t / 2) / (D + 1);
        /* Which crossings land in t? The boat came from the other bank with
           a priests and c devils, who now stand on t's boat bank. */
        int hp = tb == 1 ? P - tp : tp, hd = tb == 1 ? D - td : td;
        for (int a = 0; a <= hp && a <= cap; a++)
            for (int c = 0; c <= hd && a + c <= cap; c++) {
                int sp = tb == 1 ? tp + a : tp - a, sd = tb == 1 ? td + c : td - c;
                int np, nd, s = id(sp, sd, 1 - tb);
                if (dist[s] >= 0 || !cross(sp, sd, 1 - tb, a, c, &np, &nd)) continue;
                dist[s] = dist[t] + 1; queue[tail++] = s;
            }
    }
    if (!safe(p, d) || dist[id(p, d, b)] < 0) { printf("No Solution\n"); return 0; }
    printf("%d\n", dist[id(p, d, b)]);
    printf("%d %d %d %d %c\n", p, d, P - p, D - d, b ? 'R' : 'L');
    while (dist[id(p, d, b)] > 0) {
        int want = dist[id(p, d, b)] - 1, bp = -1, bd = -1;
        int hp = b == 0 ? p : P - p, hd = b == 0 ? d : D - d;
        for (int a = 0; a <= hp && a <= cap; a++)
            for (int c = 0; c <= hd && a + c <= cap; c++) {
                int np, nd;
                if (!cross(p, d, b, a, c, &np, &nd)) continue;
                if (dist[id(np, nd, 1 - b)] != want) continue;
                if (bp < 0 || smaller(np, nd, bp, bd)) { bp = np; bd = nd; }
            }
        p = bp; d = bd; b = 1 - b;
        printf("%d %d %d %d %c\n", p, d, P - p, D - d, b ? 'R' : 'L');
    }
    return 0;
}
