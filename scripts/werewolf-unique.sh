#!/usr/bin/env bash
# Whether some werewolf game of N players, M werewolves and L liars has
# exactly one valid set, decided by OR-Tools CP-SAT (scripts/werewolf-unique.py
# says how; OR-Tools is installed from PyPI into target/cpsat-venv on first
# use). For the numbers the puzzle generator refuses, at small N.
#
#   scripts/werewolf-unique.sh N M L [SECONDS]
#   scripts/werewolf-unique.sh --every N
set -euo pipefail
source "$(dirname "$0")/bench-lib.sh"
exec "$(cpsat_python)" "$bench_root/scripts/werewolf-unique.py" "$@"
