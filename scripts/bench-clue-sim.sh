#!/usr/bin/env bash
# Benchmarks clue-sim: the strength table (smart against seed players with 3,
# 4 and 6 players, and against two random players; 3,000 games each from seed
# 20170521, seats rotated), the time of a 10,000-game run of six smart players
# on the classic set, and single games on the largest card sets (256 cards)
# for every strategy. Inputs are a few bytes, written here.
# Figures: crates/clue-sim/README.md, "Benchmark".
#   scripts/bench-clue-sim.sh [GAMES]      (default 3000 for the strength table)
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

games=${1:-3000}
# Only this crate is built, so that a half-written neighbour cannot stop it.
cargo build --release --quiet --manifest-path "$bench_root/Cargo.toml" -p clue-sim --bins
clue=$bench_bin/clue-sim

printf '6 1\n' >"$bench_tmp/clue-6.in"

echo "== strength: $games games each from seed 20170521, classic cards, seats rotated"
for list in smart,seed,seed smart,seed,seed,seed smart,seed,seed,seed,seed,seed smart,random,random; do
    players=$(tr ',' '\n' <<<"$list" | wc -l)
    echo "-- --strategy $list"
    echo "$players 20170521" | "$clue" --games "$games" --rotate --strategy "$list" | grep -E '^(smart|seed|random) '
done

echo "== speed"
measure "10000 games, six smart players" "$bench_tmp/clue-6.in" "$clue" --games 10000
measure "10000 games, six seed players" "$bench_tmp/clue-6.in" "$clue" --games 10000 --strategy seed

# The largest card sets: 256 cards as 3 categories, as 16 of 16, and as 256
# categories of one card; 12 players and 2 players.
big3=$bench_tmp/clue-big3.in
{
    echo "12 5"
    echo 3
    for c in 0 1 2; do
        n=$((c == 2 ? 56 : 100))
        printf 'cat%d %d' "$c" "$n"
        for ((i = 0; i < n; i++)); do printf ' c%d_%d' "$c" "$i"; done
        echo
    done
} >"$big3"
big16=$bench_tmp/clue-big16.in
{
    echo "2 5"
    echo 16
    for ((c = 0; c < 16; c++)); do
        printf 'cat%d 16' "$c"
        for ((i = 0; i < 16; i++)); do printf ' c%d_%d' "$c" "$i"; done
        echo
    done
} >"$big16"
for strategy in smart seed random; do
    measure "one game, 256 cards in 3 categories, 12 $strategy" "$big3" "$clue" --strategy "$strategy"
    measure "one game, 256 cards in 16 categories, 2 $strategy" "$big16" "$clue" --strategy "$strategy"
done
measure "100 games, 256 cards in 3 categories, 12 smart" "$big3" "$clue" --games 100
