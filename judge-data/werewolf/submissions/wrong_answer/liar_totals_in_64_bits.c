/* Wrong (bound: the largest number of liars with an answer). The pruned
 * search of time_limit_exceeded/pruned_search.c, with its table made small
 * and fast the common way: can[i][k] keeps in one 64-bit word the liar
 * totals that k werewolves among players 1..i can give (bit t: exactly t
 * liars, counting every "-j" claim as a lie until j is chosen). A total of
 * 64 or more falls off the word, so it answers "No Solution" whenever an
 * answer needs 64 liars or more; the statement allows up to N - 1 = 99.
 * At N <= 100 the data had answers with at most 59 liars, so only
 * secret/max-size/random-n100-m50-seed2 (56 liars, but totals past 63 on
 * the way) and the extended cycles (500 and 1000 liars) rejected it, each
 * by chance; secret/max-size/liars-99-* reach the bound itself.
 * Like pruned_search.c it runs on for ages on the adversarial cases with
 * many sets of the right counts and no valid one. Arrays for N <= 2000
 * (the extended cases), so that only the 64-bit word is wrong. */
#include <stdio.h>
#include <stdint.h>

#define MAXN 2001

static int wolf_claims, n, m, l, about[MAXN], wolf_claim[MAXN], weight[MAXN], chosen[MAXN], is_wolf[MAXN];
static uint64_t can[MAXN][MAXN];

/* The totals of `set` with `by` more liars each (negative: fewer). */
static uint64_t shifted(uint64_t set, int by) {
    if (by >= 64 || by <= -64) return 0;
    return by >= 0 ? set << by : set >> -by;
}

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

/* Chooses `left` more werewolves among players 1..top, largest first, that
 * bring the liar total from the "-j" claims alone to `need`. */
static int search(int top, int left, int need) {
    if (left == 0) return need == wolf_claims && valid();
    for (int p = top; p >= left; p--) {
        int rest = need - weight[p];
        if (rest < 0 || rest >= 64 || !(can[p - 1][left - 1] >> rest & 1)) continue;
        is_wolf[p] = 1;
        chosen[left] = p;
        if (search(p - 1, left - 1, rest)) return 1;
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
        wolf_claims += wolf_claim[i];
        weight[about[i]] += wolf_claim[i] ? -1 : 1;
    }
    can[0][0] = shifted(1, wolf_claims);
    for (int i = 1; i <= n; i++)
        for (int k = 0; k <= m && k <= i; k++)
            can[i][k] = can[i - 1][k] | (k > 0 ? shifted(can[i - 1][k - 1], weight[i]) : 0);
    if (m >= 1 && search(n, m, l)) {
        for (int k = m; k >= 1; k--) printf(k == m ? "%d" : " %d", chosen[k]);
        printf("\n");
    } else {
        printf("No Solution\n");
    }
    return 0;
}
