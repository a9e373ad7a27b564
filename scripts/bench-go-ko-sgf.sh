#!/usr/bin/env bash
# Benchmarks `go-ko --sgf` on a collection of 10,000 random 19x19 games of 300
# moves (18 MB) and on one 52x52 game of 2,500 moves, both written by the
# seeded generator crates/go-ko/examples/go-ko-sgf-gen.rs (legal games under
# the default rules; under target/, never committed). In the same run: sgfmill
# (PyPI, in a venv under target/, installed here if missing) doing the same
# job on the collection (scripts/sgfmill_replay.py: parse, replay the main
# line, count captures), its summary lines checked equal to ours, and the
# ratio. sgfmill stops at 26x26, so the 52x52 game is ours alone. sgfmill runs
# once, go-ko best of $BENCH_RUNS.
# Figures: crates/go-ko/README.md.
#   scripts/bench-go-ko-sgf.sh [GAMES]      (default 10000)
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

games=${1:-10000}
cargo build --release --quiet --manifest-path "$bench_root/Cargo.toml" -p go-ko --bins --examples
go_ko=$bench_bin/go-ko
venv=${CARGO_TARGET_DIR:-$bench_root/target}/oracle-venv
if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import sgfmill' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet sgfmill
fi

collection=$bench_tmp/go-ko-sgf-$games-19x19-300.sgf
big=$bench_tmp/go-ko-sgf-1-52x52-2500.sgf
"$bench_bin/examples/go-ko-sgf-gen" "$games" 300 19 1 >"$collection"
"$bench_bin/examples/go-ko-sgf-gen" 1 2500 52 2 >"$big"

# sgfmill runs once, timed here, its summary lines kept to check against ours.
theirs_out=$bench_tmp/go-ko-sgf-sgfmill.out
start=$(date +%s%N)
cat "$collection" | "$venv/bin/python" "$bench_root/scripts/sgfmill_replay.py" >"$theirs_out"
theirs=$(awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.3f", ns / 1e9 }')
if ! "$go_ko" --sgf --summary <"$collection" | cmp -s - "$theirs_out"; then
    echo "go-ko and sgfmill disagree on the collection's captures" >&2
    exit 1
fi

seconds() { awk '{ for (i = 1; i < NF; i++) if ($(i + 1) == "s") print $i }' <<<"$1"; }
echo "== $games random 19x19 games of 300 moves ($(wc -c <"$collection") bytes); summaries agree"
measure "baseline: wc -c" "$collection" wc -c
line=$(measure "go-ko --sgf" "$collection" "$go_ko" --sgf)
echo "$line"
ours=$(seconds "$line")
measure "go-ko --sgf --summary" "$collection" "$go_ko" --sgf --summary
measure "go-ko --sgf --rules tromp-taylor" "$collection" "$go_ko" --sgf --rules tromp-taylor
printf '%-48s %8.3f s  (one run)\n' "sgfmill (python3)" "$theirs"
awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "ratio sgfmill / go-ko --sgf: %.0fx\n", a / b }'

echo "== one 52x52 game of 2,500 moves ($(wc -c <"$big") bytes)"
measure "go-ko --sgf" "$big" "$go_ko" --sgf
measure "go-ko --sgf --rules nz" "$big" "$go_ko" --sgf --rules nz
