#!/usr/bin/env bash
# Installs problemtools (Kattis' verifyproblem and problem2html, from PyPI)
# into a virtual environment under target/problemtools, once; also checks
# for what the packages need: pandoc (scripts/package.sh turns the Markdown
# statements into LaTeX with it), pypy3 (problemtools and BAPCtools run
# Python submissions with it) and kpsewhich (problem2html). On a Debian machine as root the two are
# installed with apt-get when missing; elsewhere, install them yourself.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${CARGO_TARGET_DIR:-$root/target}/problemtools
# The version verified with; a newer one may add checks.
version=1.20260907
if ! "$venv/bin/python" -c "import problemtools" 2>/dev/null ||
  [[ $("$venv/bin/pip" show problemtools 2>/dev/null | sed -n 's/^Version: //p') != "$version" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "problemtools==$version"
fi
missing=()
command -v pandoc > /dev/null || missing+=(pandoc)
command -v pypy3 > /dev/null || missing+=(pypy3)
# problem2html finds the LaTeX statement's files with kpsewhich (no LaTeX
# itself is needed).
command -v kpsewhich > /dev/null || missing+=(texlive-binaries)
if ((${#missing[@]} > 0)); then
  if [[ $(id -u) == 0 ]] && command -v apt-get > /dev/null; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" > /dev/null
  else
    echo "error: problemtools needs ${missing[*]}: install them" >&2
    exit 1
  fi
fi
