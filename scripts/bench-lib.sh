# Shared by the scripts/bench-*.sh benchmarks; source it, do not run it.
#
#   measure LABEL INPUT_FILE COMMAND [ARGS...]
#
# Runs COMMAND with INPUT_FILE piped to its standard input by `cat`, as a judge
# feeds it, best of $BENCH_RUNS runs (default 3), and prints one line:
#   LABEL  0.123 s  peak 1234 KiB
# Peak memory comes from GNU time (/usr/bin/time, Debian package `time`); where
# it is missing the column says "n/a". Output is discarded, and a non-zero
# exit status stops the benchmark.

bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Where cargo puts the binaries (CARGO_TARGET_DIR is honoured).
bench_bin=${CARGO_TARGET_DIR:-$bench_root/target}/release
bench_tmp=${BENCH_TMP:-$bench_root/target/bench-data}
mkdir -p "$bench_tmp"

# cpsat_python: the python of a venv under target/ with OR-Tools (CP-SAT) from
# PyPI, installed on first use (scripts/bench-werewolf.sh, werewolf-unique.sh).
cpsat_python() {
    local venv=${CARGO_TARGET_DIR:-$bench_root/target}/cpsat-venv
    if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import ortools' 2>/dev/null; then
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet ortools==9.15.6755 >&2
    fi
    echo "$venv/bin/python"
}

# build_release: builds every release binary once; they land in $bench_bin.
build_release() {
    cargo build --release --workspace --bins --quiet --manifest-path "$bench_root/Cargo.toml"
}

measure() {
    local label=$1 input=$2
    shift 2
    local runs=${BENCH_RUNS:-3} best="" peak="n/a" run start end elapsed
    for ((run = 0; run < runs; run++)); do
        if [[ -x /usr/bin/time ]]; then
            start=$(date +%s%N)
            cat "$input" | /usr/bin/time -f '%M' -o "$bench_tmp/.rss" "$@" >/dev/null \
                || { echo "$label: command failed" >&2; return 1; }
            end=$(date +%s%N)
            peak=$(tail -n 1 "$bench_tmp/.rss")
        else
            start=$(date +%s%N)
            cat "$input" | "$@" >/dev/null || { echo "$label: command failed" >&2; return 1; }
            end=$(date +%s%N)
        fi
        elapsed=$((end - start))
        if [[ -z $best || $elapsed -lt $best ]]; then best=$elapsed; fi
    done
    printf '%-48s %8.3f s  peak %s KiB\n' "$label" "$(echo "$best" | awk '{ printf "%.3f", $1 / 1e9 }')" "$peak"
}
