#!/usr/bin/env bash
# Benchmark of river-crossing on the worst inputs of the extended range
# (P, D, C up to 1000): the whole process per input, best of $BENCH_RUNS runs,
# with its peak memory. Inputs are one or two lines; the mid-game ones come
# from the deterministic generator crates/river-crossing/examples/river-crossing-gen.rs
# ("farthest": the state whose plan is the longest) and are written under
# target/, never committed.
#   scripts/bench-river-crossing.sh
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

target=${CARGO_TARGET_DIR:-$bench_root/target}
# Only this crate is built (with its generator), so a neighbour crate that is
# half-written cannot stop the benchmark.
cargo build --release --quiet --manifest-path "$bench_root/Cargo.toml" -p river-crossing --bins --examples
solver=$target/release/river-crossing
gen=$target/release/examples/river-crossing-gen

# The generator's arguments, then the solver's flags after "--". The label is
# the input (both lines), the flags and the first line of the answer.
case_() {
    local gen_args=() flags=() file first label
    while (($#)) && [[ $1 != -- ]]; do gen_args+=("$1"); shift; done
    if (($#)); then shift; flags=("$@"); fi
    file=$bench_tmp/river-crossing-$(IFS=-; echo "${gen_args[*]}").in
    "$gen" "${gen_args[@]}" >"$file"
    first=$("$solver" "${flags[@]}" <"$file" | head -n 1)
    label=$(paste -s -d '/' "$file" | sed 's|/| / |')
    if ((${#flags[@]})); then label+=" ${flags[*]}"; fi
    measure "$label -> $first" "$file" "$solver" "${flags[@]}"
}

echo "== equal numbers (the safe states are two columns and a diagonal)"
case_ 1000 1000 3
case_ 1000 1000 4
case_ 1000 1000 1000
case_ 1000 1000 3 farthest
case_ 1000 1000 4 farthest -- --hint
echo "== unequal numbers (D < P: a band of safe states, up to half the grid)"
case_ 1000 999 2
case_ 1000 999 1000
case_ 1000 500 1000
case_ 1000 400 10
case_ 1000 600 16
case_ 1000 700 50
case_ 1000 900 100
case_ 1000 700 30 farthest
case_ 1000 900 50 farthest
case_ 1000 600 16 farthest
case_ 1000 700 30 farthest -- --hint
echo "== one kind only, and the goal lost"
case_ 1000 0 1000
case_ 0 1000 1000
case_ 1000 1 2
case_ 999 1000 1000
