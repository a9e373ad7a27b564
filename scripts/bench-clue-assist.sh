#!/usr/bin/env bash
# Benchmarks `clue-sim --assist` (a seat's notebook at a real table): first the
# search over every seat's view after every turn of 20 classic six-player
# games (in-process times of the count and of the advice, and the slowest
# view of each), then whole commands on judge-data views: the two slowest
# six-player views that search found, a whole three-player game and a
# twelve-player view. A process start (`true`) is measured alongside as the
# floor. Figures: crates/clue-sim/README.md, "At a real table".
#   scripts/bench-clue-assist.sh
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

cargo build --release --quiet --manifest-path "$bench_root/Cargo.toml" -p clue-sim --bins --examples
clue_sim=$bench_bin/clue-sim
data=$bench_root/judge-data/clue-sim/secret

echo "in-process, every view of 20 six-player games (seeds 1000-1019):"
"$bench_bin/examples/assist-slowest" 6 20 1000 "$bench_tmp"
measure "baseline: true (process start)" "$data/assist-classic-six-slowest-count-found.in" true
for case in \
    assist-classic-six-slowest-count-found \
    assist-classic-six-slowest-advice-found \
    assist-classic-three-whole-game-seat-1 \
    assist-classic-twelve-players-seat-5; do
    diff <("$clue_sim" --assist <"$data/$case.in") "$data/$case.ans" >/dev/null \
        || { echo "$case: wrong answer" >&2; exit 1; }
    measure "$case" "$data/$case.in" "$clue_sim" --assist
done
