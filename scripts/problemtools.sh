#!/usr/bin/env bash
# Installs problemtools (Kattis' verifyproblem, problem2html and
# problem2pdf, from PyPI) into a virtual environment under
# target/problemtools, once; also checks for what the packages need, from
# Debian: pandoc (scripts/package.sh turns the Markdown statements into
# LaTeX with it), pypy3 (problemtools and BAPCtools run Python submissions
# with it), TeX Live (problem2pdf and BAPCtools' PDFs: latexmk, the LaTeX
# packages of both tools' templates, LuaLaTeX and the Latin Modern fonts)
# and poppler-utils (pdftotext, to check each PDF). On a Debian machine as
# root the missing ones are installed with apt-get; elsewhere, install them
# yourself.
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
needed=(pandoc pypy3 latexmk texlive-latex-recommended texlive-latex-extra
  texlive-science texlive-luatex fonts-lmodern poppler-utils)
missing=()
if command -v dpkg-query > /dev/null; then
  for package in "${needed[@]}"; do
    dpkg-query -W -f '${Status}' "$package" 2> /dev/null | grep -q 'install ok installed' ||
      missing+=("$package")
  done
else
  # Not Debian: the commands at least.
  for command in pandoc pypy3 latexmk lualatex pdflatex pdftotext; do
    command -v "$command" > /dev/null || missing+=("$command")
  done
fi
if ((${#missing[@]} > 0)); then
  if [[ $(id -u) == 0 ]] && command -v apt-get > /dev/null; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" > /dev/null
  else
    echo "error: problemtools needs ${missing[*]}: install them" >&2
    exit 1
  fi
fi
