//! Progress of a long computation, shown on standard error when a person
//! watches it there, and nowhere else.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Reports that `done` of `total` steps of `what` are done, such as
/// `progress("games", 1200, 10000)`.
///
/// A library calls it from anywhere in its work (it never prints itself):
/// when the binary's [`main`](super::main) found standard error to be a
/// terminal, a line such as `games 1200/10000 (12%)` is written there,
/// updated in place with `\r` at most ten times a second and cleared before
/// the answer is written. Everywhere else (a pipe, a file, a judge,
/// [`run`](super::run), tests) it only loads one flag and returns, so the
/// output is the same whether progress is shown or not.
pub fn progress(what: &str, done: u64, total: u64) {
    if !ENABLED.load(Ordering::Relaxed) {
        return;
    }
    let mut meter = match METER.lock() {
        Ok(meter) => meter,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(line) = meter.tick(what, done, total, Instant::now()) {
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\r{line}");
        let _ = stderr.flush();
    }
}

static ENABLED: AtomicBool = AtomicBool::new(false);
static METER: Mutex<Meter> = Mutex::new(Meter::new());

/// Turns progress on when standard error is a terminal (`main` only).
pub(super) fn enable_if_terminal() {
    let terminal =
        std::fs::read_link("/proc/self/fd/2").map_or(false, |path| is_terminal_path(&path));
    ENABLED.store(terminal, Ordering::Relaxed);
}

/// Clears the progress line, if one was written, so that the answer or the
/// error starts on a clean line (`main` only).
pub(super) fn clear() {
    if !ENABLED.swap(false, Ordering::Relaxed) {
        return;
    }
    let width = match METER.lock() {
        Ok(meter) => meter.width,
        Err(poisoned) => poisoned.into_inner().width,
    };
    if width > 0 {
        let mut stderr = std::io::stderr().lock();
        let _ = write!(stderr, "\r{:width$}\r", "");
        let _ = stderr.flush();
    }
}

/// True for the device of a terminal: a pseudo-terminal (`/dev/pts/N`, what
/// terminal windows and ssh give) or a console (`/dev/ttyN`, `/dev/tty`).
///
/// Rust 1.63 has no `IsTerminal` (1.70), so the link of file descriptor 2
/// under `/proc` is read instead; where `/proc` does not exist the link
/// cannot be read and progress stays off, which is the safe side.
fn is_terminal_path(path: &Path) -> bool {
    path.starts_with("/dev/pts")
        || path
            .to_str()
            .map_or(false, |text| text.starts_with("/dev/tty"))
}

/// Decides when to write a progress line, and what it says.
#[derive(Debug)]
struct Meter {
    last: Option<Instant>,
    /// The length of the longest line written, to clear it.
    width: usize,
}

/// How often the line may change: often enough to look alive, rarely enough
/// to cost nothing.
const EVERY: Duration = Duration::from_millis(100);

impl Meter {
    const fn new() -> Meter {
        Meter {
            last: None,
            width: 0,
        }
    }

    /// The line to write at `now`, or `None` when the last one is too recent
    /// (the last step is always shown).
    fn tick(&mut self, what: &str, done: u64, total: u64, now: Instant) -> Option<String> {
        let due = match self.last {
            None => true,
            Some(last) => done >= total || now.saturating_duration_since(last) >= EVERY,
        };
        if !due {
            return None;
        }
        self.last = Some(now);
        let percent = if total == 0 {
            100
        } else {
            u128::from(done.min(total)) * 100 / u128::from(total)
        };
        let mut line = format!("{what} {done}/{total} ({percent}%)");
        // Pad over the rest of a longer line written before.
        let length = line.len();
        if length < self.width {
            line.push_str(&" ".repeat(self.width - length));
        }
        self.width = self.width.max(length);
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminals_are_told_from_pipes_and_files() {
        for path in ["/dev/pts/3", "/dev/tty1", "/dev/tty"] {
            assert!(is_terminal_path(Path::new(path)), "{path}");
        }
        for path in ["pipe:[12345]", "/tmp/out.txt", "/dev/null", "socket:[9]"] {
            assert!(!is_terminal_path(Path::new(path)), "{path}");
        }
    }

    #[test]
    fn lines_come_at_most_every_tenth_of_a_second_and_always_at_the_end() {
        let mut meter = Meter::new();
        let start = Instant::now();
        assert_eq!(
            meter.tick("games", 1, 400, start).as_deref(),
            Some("games 1/400 (0%)")
        );
        assert_eq!(meter.tick("games", 2, 400, start + EVERY / 2), None);
        assert_eq!(
            meter.tick("games", 200, 400, start + EVERY).as_deref(),
            Some("games 200/400 (50%)")
        );
        assert_eq!(
            meter.tick("games", 400, 400, start + EVERY).as_deref(),
            Some("games 400/400 (100%)")
        );
    }

    #[test]
    fn a_shorter_line_covers_a_longer_one() {
        let mut meter = Meter::new();
        let start = Instant::now();
        let long = meter.tick("games", 10_000, 20_000, start).unwrap();
        let short = meter.tick("games", 1, 1, start).unwrap();
        assert_eq!(short.len(), long.len());
        assert!(short.starts_with("games 1/1 (100%) "));
    }

    #[test]
    fn huge_and_empty_totals_give_sane_percentages() {
        let mut meter = Meter::new();
        let start = Instant::now();
        let line = meter.tick("x", u64::MAX / 2, u64::MAX, start).unwrap();
        assert!(line.ends_with("(49%)"), "{line}");
        assert!(meter
            .tick("x", 0, 0, start)
            .unwrap()
            .starts_with("x 0/0 (100%)"));
    }

    #[test]
    fn progress_is_silent_unless_main_turned_it_on() {
        // `run` and tests never enable it: the call returns at once and the
        // meter is untouched.
        progress("games", 1, 2);
        assert!(METER.lock().unwrap().last.is_none());
    }
}
