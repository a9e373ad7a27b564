#!/usr/bin/env bash
# Mutation testing of the problem libraries against their judge data:
#   scripts/mutants.sh [PROBLEM...] [-- CARGO-MUTANTS-ARGS...]
# For each problem (default: all six, smallest first) runs cargo-mutants on
# the modules listed in .cargo/mutants.toml, with the `judge_data` and
# `validator` tests as the only tests, and leaves its report in
# target/mutants/PROBLEM/mutants.out (caught.txt, missed.txt, timeout.txt,
# unviable.txt, outcomes.json). Arguments after `--` go to every
# cargo-mutants run, e.g. `-- --re 'value_at'` or `-- --iterate`.
#
# Installs cargo-mutants (crates.io, pinned below) into the user's cargo bin
# when absent. Slow: see judge-data/README.md ("Mutation testing") for the
# time per problem; it is not part of CI. MUTANTS_JOBS sets cargo-mutants'
# --jobs (default 1: each job is a full copy of the tree and its builds).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

version=27.1.0
if ! cargo mutants --version 2>/dev/null | grep -qF "$version"; then
  cargo install cargo-mutants --version "$version" --locked
fi

problems=()
extra=()
while (($#)); do
  if [[ $1 == -- ]]; then
    shift
    extra=("$@")
    break
  fi
  problems+=("$1")
  shift
done
if ((${#problems[@]} == 0)); then
  problems=(stone-game nim werewolf go-ko river-crossing clue-sim)
fi

# cargo-mutants stops a mutant's test at its timeout, but a binary that the
# judge runner had started for it (a mutant looping forever) outlives the
# test and keeps a core busy. Every few seconds, stop such orphans: processes
# whose parent is gone (init adopted them) run from this tree's scratch
# copies, which cargo-mutants names after the tree's folder.
scratch="${TMPDIR:-/tmp}/cargo-mutants-$(basename "$root")-"
reap_orphans() {
  while sleep 5; do
    ps -eo pid=,ppid=,args= | while read -r pid ppid command _; do
      if [[ $ppid == 1 && $command == "$scratch"* ]]; then
        kill "$pid" 2>/dev/null || true
      fi
    done
  done
}
reap_orphans &
reaper=$!
trap 'kill "$reaper" 2>/dev/null || true' EXIT

status=0
for problem in "${problems[@]}"; do
  # Whose tests run: the problem's own, and those of every binary that runs
  # its library (nim's S-Nim targets run stone-game's Grundy values).
  case $problem in
    stone-game) tests=stone-game,nim ;;
    nim | werewolf | go-ko | river-crossing | clue-sim) tests=$problem ;;
    *)
      echo "error: unknown problem $problem" >&2
      exit 2
      ;;
  esac
  echo "== $problem (tests of: $tests)"
  mkdir -p "target/mutants/$problem"
  start=$SECONDS
  cargo mutants --package "$problem" --test-package "$tests" \
    --jobs "${MUTANTS_JOBS:-1}" --output "target/mutants/$problem" \
    ${extra[@]+"${extra[@]}"} || status=1
  echo "== $problem: $((SECONDS - start)) s"
done
exit $status
