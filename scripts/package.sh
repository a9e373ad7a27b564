#!/usr/bin/env bash
# Writes problem packages in the Kattis problem package format, which
# DOMjudge, Kattis and BAPCtools import:
#   scripts/package.sh [NAME...]     -> target/packages/NAME/ and NAME.zip
# NAME is a problem (its contract with no flags) or a judge target; with no
# NAME, every one. See crates/judge-tools/PACKAGES.md.
#   scripts/package.sh --verify [NAME...]
# also runs problemtools' verifyproblem on each package and problem2html on
# its statement (problemtools is installed into target/problemtools from
# PyPI on first use; it needs python3 with venv, pandoc, and pypy3 for the
# Python submissions).
# Needs bash and cargo.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
verify=false
if [[ ${1:-} == --verify ]]; then
  verify=true
  shift
fi
cargo build --release --workspace --bins --quiet
bin_dir=${CARGO_TARGET_DIR:-$root/target}/release
out=${CARGO_TARGET_DIR:-$root/target}/packages
"$bin_dir/package" "$bin_dir" --out "$out" "$@"
$verify || exit 0

scripts/problemtools.sh
tools=${CARGO_TARGET_DIR:-$root/target}/problemtools/bin
names=()
for name in "$@"; do names+=("${name//-/}"); done
if ((${#names[@]} == 0)); then
  for zip in "$out"/*.zip; do names+=("$(basename "$zip" .zip)"); done
fi
# The one warning every package gets, and why it stays: see
# crates/judge-tools/PACKAGES.md, "Verifying and importing".
allowed='Support for version 2023-07-draft is very incomplete'
status=0
for name in "${names[@]}"; do
  log="$out/$name.verify.log"
  "$tools/verifyproblem" "$out/$name" -p config data validators graders submissions > "$log" 2>&1 || true
  summary=$(tail -n 1 "$log")
  problems=$(grep -E '^(ERROR|WARNING)' "$log" | grep -v -F "$allowed" || true)
  if [[ $summary != "$name tested: 0 errors, "* || -n $problems ]]; then
    echo "FAIL verifyproblem $name: $summary (log: $log)"
    [[ -z $problems ]] || echo "$problems" | sed 's/^/  /'
    status=1
  else
    echo "ok   verifyproblem $name: $summary"
  fi
  html=$(mktemp -d)
  if ! (cd "$html" && "$tools/problem2html" "$out/$name" > problem2html.log 2>&1); then
    sed 's/^/  /' "$html/problem2html.log"
    echo "FAIL problem2html $name"
    status=1
  else
    echo "ok   problem2html $name"
  fi
  rm -rf "$html"
done
exit $status
