#!/usr/bin/env bash
# Benchmarks go-ko on 4000x4000 boards (16 MB each) made by
# crates/go-ko/examples/go-ko-gen.rs (written under target/, never
# committed): planted boards from the judge data's generator (judge-tools'
# `go-ko-board`: a snake-shaped group captured whole, the same snake searched
# as the mover's own group, a solid board captured from its centre), and
# random stones. Side by side
# with two baselines that only read the same input: `wc -c`, and judge-io's
# line reader alone, then keeping the lines in memory
# (crates/go-ko/examples/read_lines.rs, with --keep). Then one-row boards of
# 8, 32 and 128 MB piped in: a line longer than what a pipe hands over at a
# time (64 KiB) must still be read in linear time (it was quadratic: 1.7 s for
# 32 MB, 29 s for 128 MB), so each row should take about 4 times the one before.
# Figures: crates/go-ko/README.md.
#   scripts/bench-go-ko.sh [SIZE]      (default 4000)
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"

size=${1:-4000}
# Only this crate is built, with its examples, so that a neighbour crate that
# is half-written cannot stop the benchmark.
cargo build --release --quiet --manifest-path "$bench_root/Cargo.toml" -p go-ko --bins --examples
go_ko=$bench_bin/go-ko

# Each planted board's verdict is known by construction: the generator says
# it on standard error; a random board's is not known.
for kind in corner-snake-captured open-snake-joined centre-captured random; do
    file=$bench_tmp/go-ko-$kind-$size.in
    expected=$("$bench_bin/examples/go-ko-gen" "$kind" "$size" 7 2>&1 >"$file")
    verdict=$("$go_ko" <"$file")
    if [[ $kind != random && $verdict != "$expected" ]]; then
        echo "$kind: expected $expected, got $verdict" >&2
        exit 1
    fi
    echo "== $kind ${size}x$size ($(wc -c <"$file") bytes): $verdict"
    measure "baseline: wc -c" "$file" wc -c
    measure "baseline: judge-io line reader" "$file" "$bench_bin/examples/read_lines"
    measure "baseline: line reader keeping the lines" "$file" "$bench_bin/examples/read_lines" --keep
    measure "go-ko" "$file" "$go_ko"
    measure "go-ko --show" "$file" "$go_ko" --show
done

# One row of '.' then the move: a single line of 8, 32 and 128 MB.
for mb in 8 32 128; do
    file=$bench_tmp/go-ko-row-${mb}MB.in
    if [[ ! -s $file ]]; then
        { head -c "${mb}000000" /dev/zero | tr '\0' '.'; printf '\n0 0 X\n'; } >"$file"
    fi
    echo "== one row of $mb MB: $("$go_ko" <"$file")"
    measure "baseline: wc -c" "$file" wc -c
    measure "go-ko" "$file" "$go_ko"
done
