#!/usr/bin/env bash
# Benchmarks `clue-sim --deduce` on judge-data inputs: the contract's third
# sample, real 50-suggestion games, 50 shows that player 1 never sees, and
# the slowest inputs a search over ~10,000 random histories found (few
# facts, many shows nobody saw: every open card its own type). A process
# start (`true`) is measured alongside as the floor. Figures:
# crates/clue-sim/README.md.
#   scripts/bench-clue-deduce.sh
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

# Only this crate is built, so that a half-written neighbour cannot stop it.
cargo build --release --quiet --manifest-path "$bench_root/Cargo.toml" -p clue-sim --bins
clue_sim=$bench_bin/clue-sim
data=$bench_root/judge-data/clue-sim

measure "baseline: true (process start)" "$data/sample/deduce-sample-3.in" true
for case in \
    sample/deduce-sample-3 \
    secret/deduce-game-50-suggestions-3-certain \
    secret/deduce-all-hidden-50-suggestions \
    secret/deduce-odds-you-never-show-50-suggestions \
    secret/deduce-slow-found-13-hidden-shows \
    secret/deduce-odds-slowest-found-9-hidden-shows; do
    read -r -a flags <"$data/$case.args"
    # The answer must still be the checked one.
    diff <("$clue_sim" "${flags[@]}" <"$data/$case.in") "$data/$case.ans" >/dev/null \
        || { echo "$case: wrong answer" >&2; exit 1; }
    measure "${case#*/} (${flags[*]})" "$data/$case.in" "$clue_sim" "${flags[@]}"
done
