#!/usr/bin/env bash
# Judges every binary on its judge-data cases (or only the problems named):
#   scripts/check.sh [PROBLEM...]
# Builds the release binaries once, runs each case under the time limit in
# judge-data/<problem>/timelimit, prints AC/WA/RE/TLE and the time per case,
# the failures with their input and expected versus got, and finally
# "N passed, M failed". Then every judge target is exported to one file
# (scripts/export.sh), built with a bare `rustc --edition 2021 -O`, and judged
# with no flags on that target's cases, as the judge will run it.
#
# Anyone's solution, on the cases a judge would use (sample/ and secret/, no
# flags; bad-input and flag cases test our binaries only):
#   scripts/check.sh PROBLEM --solution 'python3 sol.py' [--judge TARGET]
#                    [--time-limit SECONDS] [-j N] [--fail-fast]
# The known right and wrong solutions in judge-data/*/submissions/ (each must
# get its verdict; C is built with gcc, Python runs with python3):
#   scripts/check.sh --submissions [PROBLEM...]
#
# Exits non-zero on any failure or when no case ran. Needs bash, coreutils
# and cargo (plus gcc and python3 for --submissions).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
cargo build --release --workspace --bins --quiet
bin_dir=${CARGO_TARGET_DIR:-$root/target}/release
judge="$bin_dir/judge"

# Anything but a list of problems: the runner does it all.
for arg in "$@"; do
  if [[ $arg == -* ]]; then
    exec "$judge" "$bin_dir" "$@"
  fi
done

status=0
"$judge" "$bin_dir" "$@" || status=1

# The judge targets, through their single-file exports with no flags.
problems=("$@")
if ((${#problems[@]} == 0)); then
  problems=()
  for dir in judge-data/*/; do problems+=("$(basename "$dir")"); done
fi
submit="$bin_dir/submit-check"
mkdir -p "$submit"
for problem in "${problems[@]}"; do
  [[ -d judge-data/$problem/judges ]] || continue
  for target_dir in judge-data/"$problem"/judges/*/; do
    target=$(basename "$target_dir")
    echo
    echo "== $problem --judge $target, as the single file scripts/export.sh --judge $target writes"
    if ! scripts/export.sh --judge "$target" --out "$submit" > /dev/null; then
      echo "error: cannot export --judge $target" >&2
      status=1
      continue
    fi
    if ! rustc --edition 2021 -O "$submit/$target.rs" -o "$submit/$target" 2> "$submit/$target.rustc"; then
      cat "$submit/$target.rustc" >&2
      echo "error: $target.rs does not build" >&2
      status=1
      continue
    fi
    "$judge" "$bin_dir" "$problem" --solution "$submit/$target" --judge "$target" || status=1
  done
done
exit "$status"
