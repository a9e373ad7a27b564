#!/usr/bin/env bash
# Installs BAPCtools (`bt`, from PyPI) into a virtual environment under
# target/bapctools, once. It builds the validators and submissions with
# rustc, gcc and pypy3 (see scripts/problemtools.sh for pypy3).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${CARGO_TARGET_DIR:-$root/target}/bapctools
# The version verified with; a newer one may add checks.
version=2026.10.0
if ! [[ -x $venv/bin/bt ]] ||
  [[ $("$venv/bin/pip" show bapctools 2>/dev/null | sed -n 's/^Version: //p') != "$version" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "bapctools==$version"
fi
