#!/usr/bin/env bash
# Benchmarks of `werewolf`: whole-process time and peak memory on random and
# adversarial games, the scaling of the adversarial families, and the
# backtracking baseline on N = 40, M = 20 under a time limit.
#
#   scripts/bench-werewolf.sh            (BENCH_RUNS=5 for steadier figures)
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

target=${CARGO_TARGET_DIR:-$bench_root/target}
cargo build --release --quiet -p werewolf --bins --examples --manifest-path "$bench_root/Cargo.toml"
bin=$target/release/werewolf
gen=$target/release/examples/werewolf-gen
baseline=$target/release/examples/backtracking

# Everyone in the top half says "player 1 is a human" and L is the liar
# count of the top half: the largest set with the right counts has only
# truthful werewolves, so the witness search must run (the slow path).
top_half_trusts_player_1() {
    awk -v n="$1" -v seed="$2" 'BEGIN {
        srand(seed); h = int(n / 2); liars = 0
        for (i = 1; i <= n; i++) {
            if (i > h) { about[i] = 1; wolfclaim[i] = 0 }
            else { about[i] = 1 + int(rand() * n); wolfclaim[i] = rand() < 0.5 }
        }
        for (i = 1; i <= n; i++) if ((about[i] > h) != wolfclaim[i]) liars++
        print n, n - h, liars
        for (i = 1; i <= n; i++) print (wolfclaim[i] ? "-" : "+") about[i]
    }'
}
# The only valid set is players 1..n/2, last in the contract's order.
bottom_half_only() {
    awk -v n="$1" 'BEGIN {
        h = int(n / 2); print n, h, 1
        k = 0
        for (i = 1; i <= n; i++) {
            if (i == 1) print "+2"; else if (i == 3) print "-2"
            else { print "+" (h + 1 + k % (n - h)); k++ }
        }
    }'
}
all_say_player_1_is_human() {
    awk -v n="$1" 'BEGIN { print n, int(n / 2), 0; for (i = 1; i <= n; i++) print "+1" }'
}

echo "== N = 100 (judge limits): every run must stay under 10 ms"
for seed in 1 2 3; do
    "$gen" random 100 50 - "$seed" >"$bench_tmp/ww-random-$seed.in"
    measure "random N=100 M=50 planted L, seed $seed" "$bench_tmp/ww-random-$seed.in" "$bin"
done
"$gen" random 100 50 97 8 >"$bench_tmp/ww-random-none.in"
measure "random N=100 M=50 L=97 (no answer)" "$bench_tmp/ww-random-none.in" "$bin"
"$gen" pool 100 50 - 4 >"$bench_tmp/ww-pool.in"
measure "statements about 3 players N=100" "$bench_tmp/ww-pool.in" "$bin"
all_say_player_1_is_human 100 >"$bench_tmp/ww-plus1-100.in"
measure "all say 1 is human N=100 M=50 (no answer)" "$bench_tmp/ww-plus1-100.in" "$bin"
bottom_half_only 100 >"$bench_tmp/ww-bottom-100.in"
measure "only answer 50..1, N=100 M=50" "$bench_tmp/ww-bottom-100.in" "$bin"
for seed in 1 2 3; do
    top_half_trusts_player_1 100 "$seed" >"$bench_tmp/ww-top-100-$seed.in"
    measure "top half trusts 1 (slow path) N=100, seed $seed" "$bench_tmp/ww-top-100-$seed.in" "$bin"
done
echo "slowest of 20000 games of adversarial shapes, N=100, in process:"
"$target/release/examples/hunt" 100 20000 1 2>&1 >/dev/null

echo "== scaling"
for n in 200 300 400 500 600 700 800 1000; do
    top_half_trusts_player_1 "$n" 1 >"$bench_tmp/ww-top-$n.in"
    measure "top half trusts 1 (slow path) N=$n" "$bench_tmp/ww-top-$n.in" "$bin"
done
for n in 1000 2000 4000; do
    "$gen" random "$n" $((n / 2)) - 1 >"$bench_tmp/ww-random-$n.in"
    measure "random N=$n M=$((n / 2)) planted L" "$bench_tmp/ww-random-$n.in" "$bin"
    bottom_half_only "$n" >"$bench_tmp/ww-bottom-$n.in"
    measure "only answer $((n / 2))..1, N=$n" "$bench_tmp/ww-bottom-$n.in" "$bin"
done

echo "== backtracking baseline (examples/backtracking.rs), 20 s limit"
for seed in 1 2 3; do
    "$gen" random 40 20 - "$seed" >"$bench_tmp/ww-40-$seed.in"
    measure "werewolf N=40 M=20 planted L, seed $seed" "$bench_tmp/ww-40-$seed.in" "$bin"
    "$gen" random 40 20 20 "$seed" >"$bench_tmp/ww-40-l20-$seed.in"
    inputs=("ww-40-$seed" "ww-40-l20-$seed")
    if [[ $seed == 1 ]]; then
        # No answer although many sets have the right counts.
        all_say_player_1_is_human 40 >"$bench_tmp/ww-40-plus1.in"
        measure "werewolf N=40 M=20 all say 1 is human" "$bench_tmp/ww-40-plus1.in" "$bin"
        inputs+=("ww-40-plus1")
    fi
    for input in "${inputs[@]}"; do
        start=$(date +%s%N)
        if timeout 20 "$baseline" <"$bench_tmp/$input.in" >/dev/null; then
            printf '%-48s %8.3f s\n' "backtracking $input" "$(echo $(( $(date +%s%N) - start )) | awk '{ printf "%.3f", $1 / 1e9 }')"
        else
            printf '%-48s %8s\n' "backtracking $input" "> 20 s"
        fi
    done
done
