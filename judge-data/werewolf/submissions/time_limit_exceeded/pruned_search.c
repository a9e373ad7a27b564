/* Too slow: a pruned search. Like plain backtracking it tries the werewolf
 * sets in the contract's order (players N, N-1, ..., 1 chosen greedily as
 * werewolves, largest set first), but it cuts every branch whose counts cannot
 * be completed: with nobody a werewolf the liars are the "-j" claims, and
 * making j a werewolf adds one liar per "+j" claim and removes one per "-j"
 * claim, so can[i][k][s] (k of players 1..i change the count by exactly s)
 * says whether the werewolves still to choose can reach L liars. Only the
 * condition on the werewolves (one lies, one tells the truth) is left to the
 * complete sets, so it still tries every set when many have the right counts
 * and none has a lying and an honest werewolf: N = 100, M = 50, everyone says
 * "player 1 is a werewolf", L = 0 has C(99, 49) of them. Sized for the
 * judge's N <= 100. */
#include <stdio.h>

#define OFF 100

static int n, m, l, about[101], wolf_claim[101], weight[101], chosen[101], is_wolf[101];
static char can[101][101][2 * OFF + 1];

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

/* Chooses `left` more werewolves among players 1..top, largest first, whose
 * weights add up to `need`. */
static int search(int top, int left, int need) {
    if (left == 0) return need == 0 && valid();
    for (int p = top; p >= left; p--) {
        int rest = need - weight[p];
        if (rest < -OFF || rest > OFF || !can[p - 1][left - 1][rest + OFF]) continue;
        is_wolf[p] = 1;
        chosen[left] = p;
        if (search(p - 1, left - 1, rest)) return 1;
        is_wolf[p] = 0;
    }
    return 0;
}

int main(void) {
    if (scanf("%d %d %d", &n, &m, &l) != 3) return 0;
    int wolf_claims = 0;
    for (int i = 1; i <= n; i++) {
        char sign = '+';
        scanf(" %c", &sign);
        if (sign != '+' && sign != '-') { ungetc(sign, stdin); sign = '+'; }
        scanf("%d", &about[i]);
        wolf_claim[i] = sign == '-';
        wolf_claims += wolf_claim[i];
        weight[about[i]] += wolf_claim[i] ? -1 : 1;
    }
    can[0][0][OFF] = 1;
    for (int i = 1; i <= n; i++)
        for (int k = 0; k <= m && k <= i; k++)
            for (int s = -OFF; s <= OFF; s++) {
                int from = s - weight[i];
                can[i][k][s + OFF] = can[i - 1][k][s + OFF] ||
                    (k > 0 && from >= -OFF && from <= OFF && can[i - 1][k - 1][from + OFF]);
            }
    if (m >= 1 && search(n, m, l - wolf_claims)) {
        for (int k = m; k >= 1; k--) printf(k == m ? "%d" : " %d", chosen[k]);
        printf("\n");
    } else {
        printf("No Solution\n");
    }
    return 0;
}
