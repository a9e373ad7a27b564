#!/usr/bin/env bash
# Judges every binary on its judge-data cases (or only the problems named):
#   scripts/check.sh [PROBLEM...]
# Builds the release binaries once, runs each case under the time limit in
# judge-data/<problem>/timelimit, prints AC/WA/RE/TLE and the time per case,
# the failures with their input and expected versus got, and finally
# "N passed, M failed". Exits non-zero on any failure or when no case ran.
# Needs bash, coreutils and cargo.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
cargo build --release --workspace --bins --quiet
bin_dir=${CARGO_TARGET_DIR:-$root/target}/release
exec "$bin_dir/judge" "$bin_dir" "$@"
