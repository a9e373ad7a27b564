#!/usr/bin/env bash
# Benchmarks stone-game on u64::MAX stones for move sets whose outcomes repeat
# early, late (preperiods of 844 128 and 5 865 475 positions), and not within
# the 10^7 positions of the contract (n just below 10^7, answered by walking,
# and n = u64::MAX, the error). Figures: crates/stone-game/README.md.
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"
# Only this binary: a workspace build (build_release) would stop on any other
# crate that does not compile at the moment.
cargo build --release --quiet --manifest-path "$bench_root/Cargo.toml" -p stone-game
bin=${CARGO_TARGET_DIR:-$bench_root/target}/release/stone-game

echo 18446744073709551615 > "$bench_tmp/stone-max.in"
echo 9999999 > "$bench_tmp/stone-below-limit.in"
max=$bench_tmp/stone-max.in

# Exit status 1 is the expected answer here, so `measure` (which stops on any
# failure) cannot time it: best of $BENCH_RUNS by hand, without peak memory.
measure_error() {
    local label=$1 input=$2 best="" start end run
    shift 2
    for ((run = 0; run < ${BENCH_RUNS:-3}; run++)); do
        start=$(date +%s%N)
        if "$@" < "$input" > /dev/null 2>&1; then echo "$label: expected an error" >&2; return 1; fi
        end=$(date +%s%N)
        if [[ -z $best || $((end - start)) -lt $best ]]; then best=$((end - start)); fi
    done
    printf '%-48s %8.3f s  (status 1, as required)\n' "$label" "$(echo "$best" | awk '{ printf "%.3f", $1 / 1e9 }')"
}

late=44,138,166,252,287,352,380,453,470,582,597,661,752,844,899,983
never=4,14,27,97,140,162,269,391,461,603,707,793,801,842,902,953
measure "1,2,3 (no --moves), n = u64::MAX" "$max" "$bin"
measure "--moves 1,3,4, n = u64::MAX" "$max" "$bin" --moves 1,3,4
measure "--moves 937..1000 (64 moves), n = u64::MAX" "$max" "$bin" --moves "$(seq -s, 937 1000)"
measure "preperiod 844128, n = u64::MAX" "$max" "$bin" --moves 16,36,297,509,564,637,805,809
measure "preperiod 5865475, n = u64::MAX" "$max" "$bin" --moves "$late"
measure "no repeat within 10^7, n = 9999999" "$bench_tmp/stone-below-limit.in" "$bin" --moves "$never"
measure_error "no repeat within 10^7, n = u64::MAX" "$max" "$bin" --moves "$never"
