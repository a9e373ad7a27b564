#!/usr/bin/env bash
# Compares `go-ko --sgf` with sgfmill (PyPI, up to 25x25) and GNU Go (Debian
# `gnugo`, over GTP, up to 19x19) on seeded random games (default rules, and
# suicide with positional superko under --rules tromp-taylor) and on games GNU
# Go plays against itself: final position and captures of every game. Installs
# what it needs: gnugo with apt-get (as root), sgfmill in a venv under target/.
# The rules each oracle enforces, and why the comparison is fair: see the
# driver, scripts/sgf_oracles.py. Counts: crates/go-ko/README.md.
#   scripts/sgf-oracles.sh [GAMES_PER_RULES] [SELF_PLAY_GAMES] [--keep DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
games=${1:-2000}
self_play=${2:-20}
shift $(($# < 2 ? $# : 2))
if [[ ! -x /usr/games/gnugo ]]; then
    apt-get install -y gnugo >/dev/null || { apt-get update >/dev/null && apt-get install -y gnugo >/dev/null; }
fi
venv=${CARGO_TARGET_DIR:-$root/target}/oracle-venv
if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import sgfmill' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet sgfmill
fi
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p go-ko --bins
exec "$venv/bin/python" "$root/scripts/sgf_oracles.py" \
    --go-ko "${CARGO_TARGET_DIR:-$root/target}/release/go-ko" \
    --games "$games" --self-play "$self_play" "$@"
