#!/usr/bin/env bash
# Writes problem packages in the Kattis / ICPC problem package format:
#   scripts/package.sh [--format legacy|2025-09] [NAME...]
#       -> target/packages/SHORT/ and SHORT.zip, in format version legacy
#          (problemtools, Kattis, DOMjudge; the default) or 2025-09
#   scripts/package.sh --contest [NAME...]
#       -> also target/packages/contest/ and contest.zip: contest.yaml,
#          problems.yaml, languages.yaml and every package in 2025-09, the
#          contest folder BAPCtools works on and DOMjudge imports
#   scripts/package.sh --verify [NAME...]
#       -> all of the above, then problemtools (verifyproblem, problem2html,
#          problem2pdf) on every legacy package and BAPCtools (bt validate,
#          bt run, bt pdf, bt solutions, bt zip) on the contest folder; any
#          error or warning fails. The PDFs are left in target/packages/pdf/
#          and target/packages/contest/
# NAME is a problem (its contract with no flags) or a judge target; with no
# NAME, every one. SHORT is NAME without its dashes. The tools are installed
# from PyPI into target/ on first use (scripts/problemtools.sh,
# scripts/bapctools.sh). See crates/judge-tools/PACKAGES.md.
# Needs bash, cargo and pandoc (--verify installs pandoc, pypy3 and TeX Live
# with apt-get when it can: scripts/problemtools.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
verify=false
args=()
while (($# > 0)); do
  case $1 in
    --verify) verify=true; args+=(--contest) ;;
    --format) args+=("$1" "$2"); shift ;;
    *) args+=("$1") ;;
  esac
  shift
done
if $verify; then
  scripts/problemtools.sh
  scripts/bapctools.sh
fi
command -v pandoc > /dev/null || { echo "error: the packages need pandoc: install it" >&2; exit 1; }
cargo build --release --workspace --bins --quiet
target=${CARGO_TARGET_DIR:-$root/target}
bin_dir=$target/release
out=$target/packages
"$bin_dir/package" "$bin_dir" --out "$out" ${args[@]+"${args[@]}"}
$verify || exit 0

# The packages built: every package folder of the contest.
names=()
while read -r name; do names+=("$name"); done < <(sed -n 's/^- id: //p' "$out/contest/problems.yaml")
jobs=$(nproc 2> /dev/null || echo 2)
status=0

# problemtools on each legacy package, $jobs at a time.
problemtools() {
  local out=$1 name=$2 tools=$3 log summary problems html
  log="$out/$name.verify.log"
  "$tools/verifyproblem" "$out/$name" -p config data validators graders submissions > "$log" 2>&1 || true
  summary=$(tail -n 1 "$log")
  problems=$(grep -E '^(ERROR|WARNING)' "$log" || true)
  if [[ $summary != "$name tested: 0 errors, 0 warnings" || -n $problems ]]; then
    echo "FAIL verifyproblem $name: $summary (log: $log)"
    [[ -z $problems ]] || echo "$problems" | sed 's/^/  /'
    return 1
  fi
  echo "ok   verifyproblem $name: $summary"
  html=$(mktemp -d)
  # problem2html exits 0 on some errors: its log must have none.
  if ! (cd "$html" && "$tools/problem2html" "$out/$name" > problem2html.log 2>&1) ||
    grep -q '^ERROR' "$html/problem2html.log" || ! [[ -s $html/${name}_html/index.html ]]; then
    sed 's/^/  /' "$html/problem2html.log"
    echo "FAIL problem2html $name"
    rm -rf "$html"
    return 1
  fi
  echo "ok   problem2html $name"
  rm -rf "$html"
  # problem2pdf too exits 0 on some errors: the log must have no LaTeX
  # error (`!` lines) and the PDF must hold the samples.
  log="$out/pdf/$name.problem2pdf.log"
  if ! "$tools/problem2pdf" -o "$out/pdf/$name.pdf" "$out/$name" > "$log" 2>&1 ||
    grep -qE '^(!|ERROR)' "$log" || ! pdftotext "$out/pdf/$name.pdf" - | grep -q 'Sample Input 1'; then
    grep -E '^(!|ERROR)' -A 3 "$log" | sed 's/^/  /'
    echo "FAIL problem2pdf $name (log: $log)"
    return 1
  fi
  echo "ok   problem2pdf $name: $out/pdf/$name.pdf"
}
export -f problemtools
mkdir -p "$out/pdf"
printf '%s\n' "${names[@]}" |
  xargs -P "$jobs" -I{} bash -c 'problemtools "$@"' _ "$out" {} "$target/problemtools/bin" ||
  status=1

# BAPCtools on the contest folder: each command over every problem, with
# its own parallelism; it exits 1 on any error or warning.
bt=$target/bapctools/bin/bt
# BAPCtools remembers every problem's uuid in its user config folder and warns
# when another folder on the machine holds the same problem: every other
# checkout's packages do. Its memory is kept per checkout, under target/.
export XDG_CONFIG_HOME=$target/bapctools-config
# `bt zip` (plain) validates the data again, reporting each bound the input
# validators check (`bt constraints` lists them), and builds every statement,
# the contest PDF and the solution slides before it packs the contest;
# `--kattis` writes the zip of problem zips that Kattis and DOMjudge import.
for command in validate run pdf solutions zip "zip --kattis --force --no-generate"; do
  log="$out/contest.bt-${command// /}.log"
  # shellcheck disable=SC2086 # the command's words
  if (cd "$out/contest" && "$bt" $command --no-bar --jobs "$jobs") > "$log" 2>&1 < /dev/null &&
    ! grep -qE 'WARNING|ERROR' "$log"; then
    echo "ok   bt $command: every problem (log: $log)"
  else
    echo "FAIL bt $command (log: $log)"
    grep -E 'WARNING|ERROR|FATAL' "$log" | sed 's/^/  /'
    status=1
  fi
done
exit $status
