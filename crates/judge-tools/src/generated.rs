//! Cases too big to keep in git, built from a recipe that sits beside the
//! cases (after the idea of BAPCtools' `generators.yaml`: the generator, its
//! arguments and seed are the case; the file format is ours).
//!
//! # The recipe
//!
//! A case `NAME` of `sample/` or `secret/` (a judge target's too) is either
//! the pair `NAME.in` + `NAME.ans`, or one recipe `NAME.gen` (with an
//! optional `NAME.args` beside it, as for any case):
//!
//! ```text
//! # Free comment lines start with '#'.
//! generator go-ko-board
//! args full-captured 4000 4000
//! seed 1
//! input-sha256 0f3c...(64 hex digits)
//! answer-sha256 9a1e...
//! ```
//!
//! - `generator`: a name from [`GENERATORS`], each a plain function in this
//!   crate (no `cargo run` inside a test, which could wait forever on the
//!   build lock);
//! - `args`: the words it gets (optional: none);
//! - `seed`: a `u64` for its random choices (optional: 0); generators use
//!   ChaCha8, whose stream is fixed by its specification;
//! - `input-sha256`, `answer-sha256`: the SHA-256 of the bytes it must
//!   produce. A recipe without them, or with others, fails and names the
//!   right ones, so a new recipe is written once with any value and then
//!   corrected from the message.
//!
//! The answer never comes from the problem's solver: each generator plants
//! it (it builds the input around a known answer) or computes it by a
//! second, simple method; see each generator's docs.
//!
//! # Where the cases are built
//!
//! [`judge_data::cases`](crate::judge_data::cases) builds every recipe's
//! case into `target/judge-data/<problem>/<case>.in` and `.ans` (the
//! `target/` of `CARGO_TARGET_DIR` when that is set, else the workspace's)
//! the first time it is needed, and afterwards only checks the files' hashes:
//! a missing, changed or stale file is built again, and a generator whose
//! output differs from the recipe's hash is an error. So `scripts/check.sh`,
//! every crate's judge-data, validator, bounds and snapshot tests and
//! `scripts/package.sh` all see the same bytes, byte-identical every time,
//! without any of them knowing that a case was generated.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use sha2::{Digest, Sha256};

use crate::Error;

mod go_ko;
mod nim;

/// What a generator makes: the case's input and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The standard input.
    pub input: Vec<u8>,
    /// The exact expected standard output.
    pub answer: Vec<u8>,
}

/// A generator: the recipe's `args` and `seed` in, the case out, or why the
/// arguments make no case.
pub type Generator = fn(args: &[String], seed: u64) -> Result<Generated, String>;

/// Every generator a recipe can name: (name, function, what it makes).
pub const GENERATORS: &[(&str, Generator, &str)] = &[
    ("go-ko-board", go_ko::board, go_ko::BOARD),
    ("nim-snim", nim::snim, nim::SNIM),
];

/// A parsed recipe (`NAME.gen`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipe {
    /// The generator's name, one of [`GENERATORS`].
    pub generator: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its seed.
    pub seed: u64,
    /// The SHA-256 of the input, in lower-case hex.
    pub input_sha256: String,
    /// The SHA-256 of the answer, in lower-case hex.
    pub answer_sha256: String,
}

impl Recipe {
    /// Reads a recipe's text; `path` only names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Recipe, Error> {
        let mut generator = None;
        let mut args = Vec::new();
        let mut seed = 0;
        let mut input_sha256 = String::new();
        let mut answer_sha256 = String::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let value = value.trim();
            let at = |rule: String| Error::layout(path, format!("line {}: {rule}", number + 1));
            match key {
                "generator" => generator = Some(value.to_string()),
                "args" => args = value.split_whitespace().map(str::to_string).collect(),
                "seed" => {
                    seed = value
                        .parse()
                        .map_err(|_| at(format!("a seed is a u64, not {value:?}")))?;
                }
                "input-sha256" => input_sha256 = value.to_ascii_lowercase(),
                "answer-sha256" => answer_sha256 = value.to_ascii_lowercase(),
                _ => {
                    return Err(at(format!(
                        "unknown key {key:?} (generator, args, seed, input-sha256, answer-sha256)"
                    )))
                }
            }
        }
        let generator =
            generator.ok_or_else(|| Error::layout(path, "a recipe needs a `generator` line"))?;
        Ok(Recipe {
            generator,
            args,
            seed,
            input_sha256,
            answer_sha256,
        })
    }

    /// Runs the generator (no file is read or written).
    pub fn generate(&self) -> Result<Generated, String> {
        let Some((_, generator, _)) = GENERATORS
            .iter()
            .find(|(name, _, _)| *name == self.generator)
        else {
            let names: Vec<&str> = GENERATORS.iter().map(|(name, _, _)| *name).collect();
            return Err(format!(
                "no generator {:?} (there are: {})",
                self.generator,
                names.join(", ")
            ));
        };
        generator(&self.args, self.seed)
    }
}

/// The SHA-256 of `bytes` in lower-case hex.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The folder generated cases are built in: `target/judge-data`.
pub fn build_root() -> PathBuf {
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
    };
    target.join("judge-data")
}

/// Builds (or finds already built) the case of the recipe at `recipe_path`,
/// named `name` within `problem`, and returns the paths of its input and
/// answer under [`build_root`].
///
/// # Errors
///
/// A recipe that cannot be read or parsed, a generator that fails, output
/// whose hash is not the recipe's (the message gives the right lines), or a
/// file that cannot be written.
pub fn materialise(
    problem: &str,
    name: &str,
    recipe_path: &Path,
) -> Result<(PathBuf, PathBuf), Error> {
    let text = fs::read_to_string(recipe_path).map_err(Error::io(recipe_path))?;
    let recipe = Recipe::parse(recipe_path, &text)?;
    let base = build_root().join(problem).join(name);
    let input = base.with_extension("in");
    let answer = base.with_extension("ans");
    if is_built(&input, &recipe.input_sha256) && is_built(&answer, &recipe.answer_sha256) {
        return Ok((input, answer));
    }
    let generated = recipe
        .generate()
        .map_err(|why| Error::layout(recipe_path, why))?;
    let (input_hash, answer_hash) = (sha256(&generated.input), sha256(&generated.answer));
    if input_hash != recipe.input_sha256 || answer_hash != recipe.answer_sha256 {
        return Err(Error::layout(
            recipe_path,
            format!(
                "the generator's output does not match the recipe; it made\n\
                 input-sha256 {input_hash}\nanswer-sha256 {answer_hash}\n\
                 (the recipe says {:?} and {:?}: a new recipe takes these lines; \
                 an old one means the generator changed)",
                recipe.input_sha256, recipe.answer_sha256
            ),
        ));
    }
    write_atomically(&input, &generated.input)?;
    write_atomically(&answer, &generated.answer)?;
    remember(&input);
    remember(&answer);
    Ok((input, answer))
}

/// Files this process has already checked against their hash (the cases are
/// listed again by every snapshot, so a 16 MB input is hashed once per
/// process, not once per listing).
static CHECKED: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

fn remember(path: &Path) {
    if let Ok(mut checked) = CHECKED.lock() {
        checked.insert(path.to_path_buf());
    }
}

/// True when `path` holds bytes whose hash is `sha256`.
fn is_built(path: &Path, sha256_hex: &str) -> bool {
    if CHECKED.lock().is_ok_and(|checked| checked.contains(path)) {
        return true;
    }
    let matches = fs::read(path).is_ok_and(|bytes| sha256(&bytes) == sha256_hex);
    if matches {
        remember(path);
    }
    matches
}

/// Writes through a temporary file and a rename, so that tests building the
/// same case at once never see half a file.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let folder = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(folder).map_err(Error::io(folder))?;
    let temporary = path.with_extension(format!(
        "tmp-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    fs::write(&temporary, bytes).map_err(Error::io(&temporary))?;
    fs::rename(&temporary, path).map_err(Error::io(path))
}

/// Reads the words of `args` as the named numbers of a generator, for the
/// generators' argument errors.
fn numbers<const N: usize>(args: &[String], names: [&str; N]) -> Result<[u64; N], String> {
    if args.len() != N {
        return Err(format!("expected the arguments {}", names.join(" ")));
    }
    let mut values = [0; N];
    for ((value, arg), name) in values.iter_mut().zip(args).zip(names) {
        *value = arg
            .parse()
            .map_err(|_| format!("{name} is a number, not {arg:?}"))?;
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recipe_reads_its_keys_and_skips_comments() {
        let text = "# a comment\n\ngenerator go-ko-board\nargs full-captured 3 4\nseed 7\n\
                    input-sha256 AB\nanswer-sha256 cd\n";
        let recipe = Recipe::parse(Path::new("x.gen"), text).unwrap();
        assert_eq!(recipe.generator, "go-ko-board");
        assert_eq!(recipe.args, ["full-captured", "3", "4"]);
        assert_eq!(recipe.seed, 7);
        assert_eq!(recipe.input_sha256, "ab");
        assert_eq!(recipe.answer_sha256, "cd");
        let unknown = Recipe::parse(Path::new("x.gen"), "generator g\nsede 1\n").unwrap_err();
        assert!(
            unknown.to_string().contains("line 2: unknown key \"sede\""),
            "{unknown}"
        );
        assert!(Recipe::parse(Path::new("x.gen"), "seed 1\n").is_err());
        assert!(Recipe::parse(Path::new("x.gen"), "generator g\nseed -1\n").is_err());
    }

    #[test]
    fn sha256_is_the_standard_one() {
        assert_eq!(
            sha256(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn an_unknown_generator_is_named() {
        let recipe = Recipe::parse(Path::new("x.gen"), "generator nope\n").unwrap();
        let why = recipe.generate().unwrap_err();
        assert!(
            why.contains("no generator \"nope\"") && why.contains("go-ko-board"),
            "{why}"
        );
    }
}
