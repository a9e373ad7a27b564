//! The one error type of the judge-data tools.

use std::io;
use std::path::PathBuf;

/// Why the runner, the process helpers or the submissions could not do
/// their job. A solution's failure is not one: that is a verdict in an
/// [`Outcome`](crate::judge_data::Outcome).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file or folder could not be read or made.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// `judge-data/` breaks its layout (see [`crate::judge_data`]).
    #[error("{}: {rule}", .path.display())]
    Layout {
        /// The file, folder or case (relative to its problem) at fault.
        path: PathBuf,
        /// The rule it breaks, or what was expected there.
        rule: String,
    },
    /// A program could not be started or waited for.
    #[error("cannot run {program}: {source}")]
    Run {
        /// The program or command line.
        program: String,
        /// What the system said.
        source: io::Error,
    },
    /// The binary to judge is not there.
    #[error("no binary {} (build the release binaries first)", .0.display())]
    NoBinary(PathBuf),
    /// A submission did not compile.
    #[error("gcc -O2 {} failed:\n{stderr}", .file.display())]
    Build {
        /// The submission's source file.
        file: PathBuf,
        /// The compiler's messages.
        stderr: String,
    },
}

impl Error {
    /// An [`Error::Io`] of `path`, for `map_err`.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }

    /// An [`Error::Layout`]: `path` breaks `rule`.
    pub fn layout(path: impl Into<PathBuf>, rule: impl Into<String>) -> Error {
        Error::Layout {
            path: path.into(),
            rule: rule.into(),
        }
    }
}
