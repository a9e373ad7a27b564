#!/usr/bin/env bash
# Writes single-file judge submissions:
#   scripts/export.sh PROBLEM...        -> target/submit/PROBLEM.rs
#   scripts/export.sh --judge TARGET    -> target/submit/TARGET.rs, whose main
#                                          runs that judge target with no flags
#   scripts/export.sh --all             -> every problem and every judge target
#   scripts/export.sh --out DIR ...     -> DIR/NAME.rs instead
#   scripts/export.sh --compact ...     -> without comments, docs or spaces it can do without
# Each file holds the binary and the workspace libraries it uses, and builds
# with a bare `rustc --edition 2021 -O NAME.rs`; a target's file holds only
# what the target uses. A broken export rule is reported as
# `error: FILE:LINE: ...` (status 1). See crates/judge-tools/EXPORT.md.
# Needs bash and cargo.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
exec cargo run -q --release -p judge-tools --bin export -- "$@"
