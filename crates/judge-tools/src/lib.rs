//! Development tools for puzzle-judges; nothing here is submitted to a judge.
//!
//! - [`judge_data`]: finds the cases under `judge-data/<problem>/`, runs a
//!   binary on them under the time limit, and judges the result. Both
//!   `scripts/check.sh` (through the `judge` binary) and every problem
//!   crate's `tests/judge_data.rs` use it, so the two agree by construction.
//! - [`process`]: runs a binary on bytes under a time limit, for the runner
//!   and for every crate's command-line tests (`run_binary`), and work on a
//!   few threads at once (`on_threads`, for the runner and the export test).
//! - [`snapshot`]: the text of a snapshot of one case, for the insta tests
//!   of every problem crate.
//! - [`submissions`]: known right and wrong solutions kept beside the data,
//!   judged to prove that the data tells them apart.
//! - [`export`]: turns a problem binary and the workspace libraries it uses
//!   into one `.rs` file for a judge (`scripts/export.sh`, see `EXPORT.md`),
//!   checking the rules that make that paste correct.
//! - [`generated`]: cases too big for git, built from a recipe
//!   (`NAME.gen`) beside the cases into `target/judge-data/`, hash-checked.
//! - [`bounds`]: checks that a contract's cases reach every bound of its
//!   statement, and that the README's "Bounds" table says so truly.
//! - [`package`]: writes each contract as a problem package in the Kattis
//!   format (`scripts/package.sh`), from the judge data, the crate README's
//!   statement regions and the export.

pub mod bounds;
mod error;
pub mod export;
pub mod generated;
pub mod judge_data;
pub mod package;
pub mod process;
pub mod snapshot;
pub mod submissions;

pub use error::Error;
pub use judge_data::assert_judge_data_passes;
pub use package::assert_validator;
pub use process::run_binary;
