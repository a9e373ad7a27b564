//! Command-line flags, parsed the same way by every binary in a few lines of
//! std code (judges compile one file with no crates, so no `clap` here).

use super::error::Error;

/// The command-line arguments, consumed flag by flag.
///
/// A problem's [`Problem::flags`](super::Problem::flags) takes what it knows;
/// whatever is left afterwards is a usage error. Both `--name VALUE` and
/// `--name=VALUE` are accepted.
///
/// ```
/// let mut args = judge_io::Args::new(["--moves=1,3,4", "--cases"]);
/// assert!(args.flag("--cases"));
/// assert!(!args.flag("--move"));
/// assert_eq!(args.value("--moves")?, Some("1,3,4".to_string()));
/// args.finish()?;
/// # Ok::<(), judge_io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Args {
    /// The arguments not yet taken, in order.
    rest: Vec<String>,
}

impl Args {
    /// Arguments from a list (the program name not included).
    pub fn new<I, S>(args: I) -> Args
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Args {
            rest: args.into_iter().map(Into::into).collect(),
        }
    }

    /// The process's arguments; one that is not UTF-8 is a usage error.
    pub fn from_env() -> Result<Args, Error> {
        let mut rest = Vec::new();
        for arg in std::env::args_os().skip(1) {
            match arg.into_string() {
                Ok(arg) => rest.push(arg),
                Err(arg) => {
                    return Err(Error::usage(format!("argument {arg:?} is not valid UTF-8")))
                }
            }
        }
        Ok(Args { rest })
    }

    /// The arguments not taken yet, in order.
    pub fn rest(&self) -> &[String] {
        &self.rest
    }

    /// True when `--help` or `-h` is among the arguments.
    pub fn wants_help(&self) -> bool {
        self.rest.iter().any(|arg| arg == "--help" || arg == "-h")
    }

    /// Takes the switch `name` (every occurrence); true if it was there.
    pub fn flag(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|arg| arg != name);
        self.rest.len() != before
    }

    /// Takes the option `name` with its value. Missing: `None`. Given twice,
    /// or with no value after it: a usage error.
    pub fn value(&mut self, name: &str) -> Result<Option<String>, Error> {
        let mut found = None;
        let mut index = 0;
        while index < self.rest.len() {
            let arg = &self.rest[index];
            let value = if arg == name {
                if index + 1 == self.rest.len() {
                    return Err(Error::usage(format!("{name} needs a value")));
                }
                self.rest.remove(index);
                self.rest.remove(index)
            } else if let Some(value) = arg
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('='))
            {
                let value = value.to_string();
                self.rest.remove(index);
                value
            } else {
                index += 1;
                continue;
            };
            if found.replace(value).is_some() {
                return Err(Error::usage(format!("{name} is given more than once")));
            }
        }
        Ok(found)
    }

    /// Succeeds only if nothing is left beside `flag`, which must stand alone.
    pub fn finish_alone(self, flag: &str) -> Result<(), Error> {
        match self.rest.first() {
            None => Ok(()),
            Some(arg) => Err(Error::usage(format!(
                "{flag} takes no other flag or argument, found {arg:?}"
            ))),
        }
    }

    /// Succeeds only if every argument was taken.
    pub fn finish(self) -> Result<(), Error> {
        match self.rest.first() {
            None => Ok(()),
            Some(arg) if arg.starts_with('-') => Err(Error::usage(format!("unknown flag {arg:?}"))),
            Some(arg) => Err(Error::usage(format!("unexpected argument {arg:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_takes_the_next_argument_or_the_part_after_equals() {
        let mut args = Args::new(["--a", "1", "--b=2"]);
        assert_eq!(args.value("--a").unwrap(), Some("1".to_string()));
        assert_eq!(args.value("--b").unwrap(), Some("2".to_string()));
        assert_eq!(args.value("--c").unwrap(), None);
        args.finish().unwrap();
    }

    #[test]
    fn value_at_the_end_without_its_argument_is_a_usage_error() {
        let error = Args::new(["--moves"]).value("--moves").unwrap_err();
        assert!(error.is_usage());
        assert_eq!(error.to_string(), "--moves needs a value");
    }

    #[test]
    fn value_given_twice_is_a_usage_error() {
        let error = Args::new(["--moves", "1", "--moves=2"])
            .value("--moves")
            .unwrap_err();
        assert_eq!(error.to_string(), "--moves is given more than once");
    }

    #[test]
    fn a_longer_flag_is_not_taken_for_a_prefix() {
        let mut args = Args::new(["--movesx=1", "--move"]);
        assert_eq!(args.value("--moves").unwrap(), None);
        assert!(args.flag("--move"));
        assert_eq!(
            args.finish().unwrap_err().to_string(),
            "unknown flag \"--movesx=1\""
        );
    }

    #[test]
    fn leftovers_are_unknown_flags_or_unexpected_arguments() {
        let error = Args::new(["--nope"]).finish().unwrap_err();
        assert!(error.is_usage());
        assert_eq!(error.to_string(), "unknown flag \"--nope\"");
        let error = Args::new(["file.txt"]).finish().unwrap_err();
        assert_eq!(error.to_string(), "unexpected argument \"file.txt\"");
    }

    #[test]
    fn help_is_recognised_in_either_spelling() {
        assert!(Args::new(["--x", "--help"]).wants_help());
        assert!(Args::new(["-h"]).wants_help());
        assert!(!Args::new(["--helpme"]).wants_help());
    }
}
