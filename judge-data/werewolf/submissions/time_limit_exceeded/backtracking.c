/* Too slow: the natural backtracking. It tries the werewolf sets in the
 * contract's order (players N, N-1, ..., 1 chosen greedily as werewolves,
 * largest set first) and checks each complete set, so it answers small games
 * at once but takes C(N, M) steps when no set works: N = 100, M = 50. */
#include <stdio.h>

static int n, m, l, about[1001], wolf_claim[1001], chosen[1001], is_wolf[1001];

static int valid(void) {
    int liars = 0, wolf_liar = 0, wolf_honest = 0;
    for (int i = 1; i <= n; i++) {
        int lie = wolf_claim[i] ? !is_wolf[about[i]] : is_wolf[about[i]];
        liars += lie;
        if (is_wolf[i]) {
            if (lie) wolf_liar = 1; else wolf_honest = 1;
        }
    }
    return liars == l && wolf_liar && wolf_honest;
}

/* Chooses `left` more werewolves among players 1..top, largest first. */
static int search(int top, int left) {
    if (left == 0) return valid();
    for (int p = top; p >= left; p--) {
        is_wolf[p] = 1;
        chosen[left] = p;
        if (search(p - 1, left - 1)) return 1;
        is_wolf[p] = 0;
    }
    return 0;
}

int main(void) {
    if (scanf("%d %d %d", &n, &m, &l) != 3) return 0;
    for (int i = 1; i <= n; i++) {
        char sign = '+';
        scanf(" %c", &sign);
        if (sign != '+' && sign != '-') { ungetc(sign, stdin); sign = '+'; }
        scanf("%d", &about[i]);
        wolf_claim[i] = sign == '-';
    }
    if (m >= 1 && search(n, m)) {
        for (int k = m; k >= 1; k--) printf(k == m ? "%d" : " %d", chosen[k]);
        printf("\n");
    } else {
        printf("No Solution\n");
    }
    return 0;
}
