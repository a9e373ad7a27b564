//! Running a binary on bytes, as a judge does: feed its standard input,
//! collect its output, kill it at a time limit; and [`on_threads`], for
//! running many at once.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use crate::Error;

/// What one run of a binary did.
#[derive(Debug)]
pub struct Run {
    /// How it ended; `None` when it was killed at the time limit.
    pub status: Option<ExitStatus>,
    /// Its standard output.
    pub stdout: Vec<u8>,
    /// Its standard error.
    pub stderr: Vec<u8>,
    /// Wall-clock time from start to end (or to the kill).
    pub elapsed: Duration,
}

impl Run {
    /// The exit status code, `None` when killed (by the limit or a signal).
    pub fn code(&self) -> Option<i32> {
        self.status.and_then(|status| status.code())
    }

    /// Standard output as text (lossy).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Standard error as text (lossy).
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
}

/// Runs `binary` with `args` and `input` on its standard input, killed
/// after `limit`.
///
/// Input is fed, and output drained, on threads of their own, so a large
/// input or output cannot deadlock against the pipe buffers. A program that
/// exits without reading all of its input (bad input, a usage error) is no
/// failure of the run.
pub fn run<S: AsRef<OsStr>>(
    binary: &Path,
    args: &[S],
    input: &[u8],
    limit: Duration,
) -> Result<Run, Error> {
    let mut command = Command::new(binary);
    command.args(args);
    run_command(command, &binary.display().to_string(), input, limit)
}

/// Runs a shell command line (`sh -c LINE`, so `python3 sol.py` and
/// `./a.out` both work) as [`run`] does. At the limit its whole process
/// group is killed, so what the shell started goes too.
pub fn run_shell(line: &str, input: &[u8], limit: Duration) -> Result<Run, Error> {
    let mut command = Command::new("sh");
    command.args(["-c", line]);
    run_command(command, line, input, limit)
}

/// Runs `command` (shown as `name` in errors) in a process group of its
/// own, feeding `input` and killing the group at `limit`.
fn run_command(
    mut command: Command,
    name: &str,
    input: &[u8],
    limit: Duration,
) -> Result<Run, Error> {
    let start = Instant::now();
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| Error::Run {
            program: name.to_string(),
            source,
        })?;
    // The three pipes were asked for just above.
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let feeder = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = drain(child.stdout.take().expect("stdout is piped"));
    let stderr = drain(child.stderr.take().expect("stderr is piped"));
    let waited = child.wait_timeout(limit).map_err(|source| Error::Run {
        program: name.to_string(),
        source,
    })?;
    let elapsed = start.elapsed();
    if waited.is_none() {
        kill_group(child.id());
        let _ = child.kill();
        let _ = child.wait();
    }
    let _ = feeder.join();
    Ok(Run {
        status: waited,
        // A reader only reads into a vector: it does not panic.
        stdout: stdout.join().expect("the stdout reader ends"),
        stderr: stderr.join().expect("the stderr reader ends"),
        elapsed,
    })
}

/// [`run`] for tests: a minute's limit, and a panic if the binary cannot run
/// or is killed.
pub fn run_binary(binary: &str, args: &[&str], input: &[u8]) -> Run {
    let run = run(Path::new(binary), args, input, Duration::from_secs(60))
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(run.status.is_some(), "{binary} {args:?} ran out of time");
    run
}

/// `work` done on every item by `jobs` threads (at least one), each taking
/// the next item as soon as it is free; the results in the items' order. The
/// work is meant to be runs of other programs (a solver, rustc), which is
/// where the time goes. A panic in `work` ends the call with that panic.
pub fn on_threads<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()).max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                match items.get(index) {
                    Some(item) => {
                        let result = work(item);
                        results.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(result);
                    }
                    None => break,
                }
            });
        }
    });
    // The scope returned, so every thread ended without a panic and every
    // item has its result.
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// Kills the process group `id` (the child's own, see [`run_command`]), so
/// that no grandchild keeps the output pipes open.
fn kill_group(id: u32) {
    #[cfg(unix)]
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{id}")])
        .stderr(Stdio::null())
        .status();
    #[cfg(not(unix))]
    let _ = id;
}

fn drain<R: Read + Send + 'static>(mut pipe: R) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_threads_keeps_the_items_order_whatever_the_number_of_threads() {
        let items: Vec<u64> = (0..50).collect();
        for jobs in [0, 1, 2, 7, 100] {
            let squares = on_threads(&items, jobs, |&n| {
                // Later items finish first, so order by finish would show.
                thread::sleep(Duration::from_micros(50 - n));
                n * n
            });
            assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        }
        assert!(on_threads(&[] as &[u8], 2, |_| ()).is_empty());
    }
}
