#!/usr/bin/env bash
# Builds the web pages: every solver and the two games in the browser, run by
# the same crates compiled to WebAssembly.
#   scripts/web.sh          -> target/web/, a static folder: open
#                              target/web/index.html, or host it as it is
#   scripts/web.sh --test   -> also the browser test (crates/web/browser-tests):
#                              headless Chromium through Selenium, against the
#                              native binaries on every judge-data case
# Rustup cannot add the wasm32 target here, so the binaries are built by
# Debian's rustc 1.63 (the oldest compiler the crates promise) for
# wasm32-wasi, crate by crate (Debian's cargo cannot read the workspace), and
# shrunk by binaryen's wasm-opt. Every .wasm is embedded in binaries.js,
# gzipped and as base64, so the pages open from the disk (file://) too, where
# a page may not fetch; the loader inflates it with the browser's own
# DecompressionStream.
# On a Debian machine as root, what is missing is installed with apt-get
# (rustc, libstd-rust-dev-wasm32, binaryen; with --test also chromium and
# chromium-driver) and Selenium and pytest from PyPI into target/web-venv.
# See crates/web/README.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
test=false
case ${1-} in
  --test) test=true ;;
  "") ;;
  *) echo "error: unknown argument \"$1\"" >&2; echo "usage: scripts/web.sh [--test]" >&2; exit 2 ;;
esac
target=${CARGO_TARGET_DIR:-$root/target}

need() {
  local missing=() package
  for package in "$@"; do
    dpkg -s "$package" > /dev/null 2>&1 || missing+=("$package")
  done
  ((${#missing[@]} == 0)) && return
  if [[ $(id -u) == 0 ]] && command -v apt-get > /dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
  else
    echo "error: the web pages need ${missing[*]} (Debian packages): install them" >&2
    exit 1
  fi
}
need rustc libstd-rust-dev-wasm32 binaryen

# Each crate of the web build: name, source, the crates it uses. Order
# matters: a crate comes after those it uses.
libraries=(
  "judge_io crates/judge-io/src/lib.rs"
  "stone_game crates/stone-game/src/lib.rs judge_io"
  "werewolf crates/werewolf/src/lib.rs judge_io"
  "nim crates/nim/src/lib.rs judge_io stone_game"
  "go_ko crates/go-ko/src/lib.rs judge_io"
  "river_crossing crates/river-crossing/src/lib.rs judge_io"
  "clue_sim crates/clue-sim/src/lib.rs judge_io"
  "web crates/web/src/lib.rs judge_io river_crossing clue_sim nim stone_game werewolf go_ko"
)
# Each WebAssembly binary: its name on the page, its main.rs, its library.
binaries=(
  "werewolf crates/werewolf/src/main.rs werewolf"
  "stone-game crates/stone-game/src/main.rs stone_game"
  "nim crates/nim/src/main.rs nim"
  "go-ko crates/go-ko/src/main.rs go_ko"
  "river-crossing crates/river-crossing/src/main.rs river_crossing"
  "clue-sim crates/clue-sim/src/main.rs clue_sim"
  "games crates/web/src/bin/games.rs web"
)

build=$target/wasm32-wasi
rm -rf "$build"
mkdir -p "$build"
# opt-level 3 and these features (every current browser has them): bulk
# memory turns memcpy into one instruction, which alone made go-ko's
# 4000 x 4000 board twice as fast; simd128 lets LLVM vectorise loops.
features=+bulk-memory,+simd128,+nontrapping-fptoint
rustc_wasm=(/usr/bin/rustc --edition 2021 --target wasm32-wasi -C opt-level=3
  -C "target-feature=$features" -C panic=abort -C codegen-units=1 -C strip=symbols
  -L "$build" -D warnings)
externs() {
  local name
  for name in "$@"; do printf -- '--extern %s=%s/lib%s.rlib\n' "$name" "$build" "$name"; done
}
for entry in "${libraries[@]}"; do
  read -r name source uses <<< "$entry"
  # shellcheck disable=SC2046,SC2086 # one word per --extern argument
  "${rustc_wasm[@]}" --crate-type rlib --crate-name "$name" "$source" --out-dir "$build" $(externs $uses)
done

out=$target/web
rm -rf "$out"
mkdir -p "$out"
cp -r crates/web/site/. "$out/"
{
  echo "// The binaries, built by scripts/web.sh (wasm32-wasi, rustc 1.63, wasm-opt),"
  echo "// gzipped, as base64: a page opened from the disk may not fetch a .wasm file."
  echo "self.puzzleJudgesWasm = {};"
} > "$out/binaries.js"
for entry in "${binaries[@]}"; do
  read -r name source library <<< "$entry"
  # shellcheck disable=SC2046
  "${rustc_wasm[@]}" -C lto=fat --crate-type bin --crate-name "${name//-/_}" "$source" \
    $(externs judge_io "$library") -o "$build/$name.raw.wasm"
  wasm-opt -O3 --enable-bulk-memory --enable-simd --enable-nontrapping-float-to-int \
    "$build/$name.raw.wasm" -o "$build/$name.wasm"
  {
    printf '// %s: %s\npuzzleJudgesWasm["%s"] =\n  "' "$name" "$source" "$name"
    # -n: no name nor time in the header, so the same binary gives the same bytes.
    gzip -9 -n -c "$build/$name.wasm" | base64 -w 0
    printf '";\n'
  } >> "$out/binaries.js"
done

# The examples each solver panel offers: every sample of judge-data (with
# its flags, and --judge for a judge target's), then the cases listed in
# crates/web/examples.py.
cargo build --release --quiet -p judge-tools --bin cases
"$target/release/cases" > "$build/cases.jsonl"
python3 crates/web/examples.py "$build/cases.jsonl" > "$out/examples.js"

bytes=$(du -sb "$out" | cut -f1)
echo "target/web: $((bytes / 1024)) KiB; open target/web/index.html"
$test || exit 0

# The browser test: Debian's Chromium and its driver, Selenium and pytest in
# a virtual environment, the native binaries to compare with.
need chromium chromium-driver
venv=$target/web-venv
if ! "$venv/bin/python" -c "import selenium, pytest" 2> /dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "selenium==4.*" "pytest==9.*"
fi
cargo build --release --quiet --workspace --bins
export WEB_SITE=$out NATIVE_BIN=$target/release PYTHONDONTWRITEBYTECODE=1
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider crates/web/browser-tests
