#!/usr/bin/env bash
# Writes single-file judge submissions:
#   scripts/export.sh PROBLEM...      -> target/submit/PROBLEM.rs
#   scripts/export.sh --all           -> every problem (every crate with src/main.rs)
#   scripts/export.sh --out DIR ...   -> DIR/PROBLEM.rs instead
#   scripts/export.sh --compact ...   -> without comments or blank lines, for
#                                        judges that limit the source size
# Each file holds the binary and the workspace libraries it uses, and builds
# with a bare `rustc --edition 2021 -O PROBLEM.rs`. A broken export rule is
# reported as `error: FILE:LINE: ...` (status 1). See crates/judge-tools/EXPORT.md.
# Needs bash and cargo.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
exec cargo run -q --release -p judge-tools --bin export -- "$@"
