#!/usr/bin/env bash
# Runs the benchmarks: scripts/bench.sh [PROBLEM...] (default: every
# scripts/bench-<problem>.sh). Each prints its own figures;
# the figures measured are in each crate's README, "Benchmark".
set -euo pipefail
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if (($# == 0)); then
    set -- $(cd "$dir" && ls bench-*.sh | grep -v '^bench-lib\.sh$' | sed 's/^bench-//; s/\.sh$//')
fi
for problem in "$@"; do
    script="$dir/bench-$problem.sh"
    [[ -f $script ]] || { echo "error: no benchmark $script" >&2; exit 2; }
    echo "== $problem"
    bash "$script"
done
