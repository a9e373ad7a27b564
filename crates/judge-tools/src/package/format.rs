//! What differs between the two versions of the package format that
//! [`super::build`] writes, and the contest folder around the packages.
//!
//! No one version is read by every tool: problemtools (and so Kattis) reads
//! `legacy` and `2023-07-draft`, BAPCtools reads only `2025-09` (it stops
//! at once on `legacy`), DOMjudge reads `legacy` best. So a package is
//! written in [`Format::Legacy`] by default and in [`Format::V2025`] for the
//! contest folder that BAPCtools works on. Both share the data, the
//! submissions, and the input validator, a program folder whose `build`
//! script runs `rustc --edition 2021 -O`, which every tool builds the same
//! way.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::{write, PackageError};
use crate::process;

/// A version of the problem package format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `legacy`: problemtools' verifyproblem and problem2html, Kattis,
    /// DOMjudge. The statement is `problem_statement/problem.en.tex`, the
    /// time limit a `.timelimit` file (DOMjudge's; Kattis and problemtools
    /// derive theirs from the accepted submissions).
    Legacy,
    /// `2025-09`: BAPCtools. The statement is `statement/problem.en.tex`, the
    /// time limit in `problem.yaml`, and an answer validator checks every
    /// `.ans` exactly.
    V2025,
}

impl Format {
    /// The format's name in `problem.yaml`.
    pub fn version(self) -> &'static str {
        match self {
            Format::Legacy => "legacy",
            Format::V2025 => "2025-09",
        }
    }
}

/// The kept metadata of a package: `judge-data/.../problem.yaml`, one flat
/// `key: value` a line (comments and blank lines aside), as `(key, value)`
/// with the value as written (quoted or not).
pub fn read_metadata(path: &Path) -> Result<Vec<(String, String)>, PackageError> {
    let text = fs::read_to_string(path).map_err(crate::Error::io(path))?;
    let malformed = |line: usize, what: &str| PackageError::Source {
        path: path.to_path_buf(),
        what: format!("line {line}: {what}"),
    };
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(malformed(index + 1, "expected `key: value`"));
        };
        if key.starts_with(' ') || value.trim().is_empty() {
            return Err(malformed(
                index + 1,
                "keep the metadata flat, one `key: value` a line (source_url for a source's link)",
            ));
        }
        let known = [
            "name",
            "uuid",
            "source",
            "source_url",
            "license",
            "rights_owner",
        ];
        if !known.contains(&key) {
            return Err(malformed(
                index + 1,
                &format!(
                    "unknown key {key:?} (the builder writes the format version and the limits; \
                     known: {})",
                    known.join(", ")
                ),
            ));
        }
        pairs.push((key.to_string(), value.trim().to_string()));
    }
    for required in ["name", "uuid"] {
        if !pairs.iter().any(|(key, _)| key == required) {
            return Err(PackageError::Source {
                path: path.to_path_buf(),
                what: format!("no `{required}:`"),
            });
        }
    }
    Ok(pairs)
}

/// The value of `key`, unquoted (YAML's single or double quotes, no escapes
/// inside).
pub fn value<'a>(metadata: &'a [(String, String)], key: &str) -> Option<&'a str> {
    metadata
        .iter()
        .find(|(known, _)| known == key)
        .map(|(_, value)| {
            let value = value.as_str();
            for quote in ['"', '\''] {
                if let Some(inner) = value
                    .strip_prefix(quote)
                    .and_then(|rest| rest.strip_suffix(quote))
                {
                    return inner;
                }
            }
            value
        })
}

/// The package's `problem.yaml` in `format`: the version, the kept metadata
/// (in 2025-09 a `source` with a `source_url` becomes one source with its
/// `name` and `url`), then the limits: the time limit (2025-09 only; legacy
/// has no key for it), an output limit in MiB and, where the accepted
/// submission `accepted` needs it, a code limit.
pub fn problem_yaml(
    format: Format,
    metadata: &[(String, String)],
    seconds: f64,
    output: usize,
    accepted: &str,
) -> String {
    let mut text = format!(
        "# Written by scripts/package.sh from judge-data's problem.yaml and timelimit.\n\
         problem_format_version: {}\n",
        format.version()
    );
    let url = metadata
        .iter()
        .find(|(key, _)| key == "source_url")
        .map(|(_, url)| url);
    for (key, value) in metadata {
        match (format, key.as_str(), url) {
            (Format::V2025, "source_url", _) => {}
            (Format::V2025, "source", Some(url)) => {
                text.push_str(&format!("source:\n  - name: {value}\n    url: {url}\n"));
            }
            _ => text.push_str(&format!("{key}: {value}\n")),
        }
    }
    text.push_str("limits:\n");
    if format == Format::V2025 {
        text.push_str(&format!("  time_limit: {seconds}\n"));
    }
    text.push_str(&format!("  output: {output}\n"));
    text.push_str(&code_limit(accepted));
    text
}

/// The line of `limits:` that raises the code limit (in KiB) to hold the
/// accepted submission `accepted`, when the default of 128 KiB in both
/// formats does not (clue-sim's single file is larger); else nothing.
/// BAPCtools refuses to build a submission over the limit, and problemtools'
/// verifyproblem counts it as an error.
fn code_limit(accepted: &str) -> String {
    let kib = accepted.len().div_ceil(1024);
    if kib > 128 {
        format!("  code: {kib}\n")
    } else {
        String::new()
    }
}

/// The statement as LaTeX: `\problemname{NAME}` and the Markdown `markdown`
/// converted by pandoc (`latex`).
pub fn statement_tex(name: &str, markdown: &str) -> Result<String, PackageError> {
    Ok(format!(
        "\\problemname{{{}}}\n\n{}",
        escape_tex(name),
        latex(markdown)?
    ))
}

/// The solution slides as LaTeX, as BAPCtools' `bt solutions` puts them in
/// its Beamer deck: one frame per Markdown text of `slides`, titled with the
/// problem's label and name (`\problemtitle`, which BAPCtools sets).
pub fn solution_tex(slides: &[String]) -> Result<String, PackageError> {
    let mut tex = String::new();
    for slide in slides {
        tex.push_str("\\begin{frame}\n\\frametitle{\\problemtitle}\n");
        tex.push_str(&latex(slide)?);
        tex.push_str("\\end{frame}\n");
    }
    Ok(tex)
}

/// The pandoc filter that writes tables as plain `tabular`s.
const TABULAR_FILTER: &str = include_str!("tabular.lua");

/// Markdown (pandoc's, with `$...$` math) as a LaTeX fragment, by pandoc
/// (which must be on the PATH): math as `\(...\)`, tables as plain
/// `tabular`s (`tabular.lua`), no labels on headings (pandoc's
/// `\hypertarget` needs hyperref, which a problem template need not load),
/// tidied by [`tidy_latex`].
fn latex(markdown: &str) -> Result<String, PackageError> {
    let mut filter = tempfile::Builder::new()
        .suffix(".lua")
        .tempfile()
        .map_err(crate::Error::io(Path::new("tabular.lua")))?;
    filter
        .write_all(TABULAR_FILTER.as_bytes())
        .map_err(crate::Error::io(filter.path()))?;
    let filter_arg = format!("--lua-filter={}", filter.path().display());
    let run = process::run(
        Path::new("pandoc"),
        &[
            "--from=markdown-auto_identifiers",
            "--to=latex",
            "--wrap=preserve",
            filter_arg.as_str(),
        ],
        markdown.as_bytes(),
        Duration::from_secs(60),
    )?;
    if run.code() != Some(0) {
        return Err(PackageError::Source {
            path: PathBuf::from("pandoc"),
            what: format!("cannot convert the Markdown: {}", run.stderr_text().trim()),
        });
    }
    Ok(tidy_latex(&run.stdout_text()))
}

/// pandoc's LaTeX made to fit a problem statement: headings unnumbered (the
/// statement's "Input" and "Output" are no numbered sections), and no
/// `\tightlist`, which pandoc defines only in a standalone document.
fn tidy_latex(latex: &str) -> String {
    let mut out = String::new();
    for line in latex.lines() {
        if line.trim() == "\\tightlist" {
            continue;
        }
        let mut line = line.to_string();
        for heading in ["section", "subsection", "subsubsection", "paragraph"] {
            let numbered = format!("\\{heading}{{");
            if line.starts_with(&numbered) {
                line = format!("\\{heading}*{{{}", &line[numbered.len()..]);
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// `text` with LaTeX's special characters escaped, for a title.
fn escape_tex(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Writes the program folder `folder`: the Rust source `source` as
/// `FILE.rs`, a `build` script that compiles it with
/// `rustc --edition 2021 -O` into `FILE`, and the `run` script `run` (a
/// shell script; `$0`'s folder holds the binary). Every tool that takes a
/// program folder runs `build` in a copy of it and then `run`.
pub fn write_program(
    folder: &Path,
    file: &str,
    source: &str,
    run: &str,
) -> Result<(), PackageError> {
    write(&folder.join(format!("{file}.rs")), source.as_bytes())?;
    let build = format!("#!/bin/sh\nexec rustc --edition 2021 -O -o {file} {file}.rs\n");
    write_executable(&folder.join("build"), &build)?;
    write_executable(&folder.join("run"), &format!("#!/bin/sh\n{run}"))
}

/// The `run` script of the input validator: the binary, with the arguments.
pub const RUN_VALIDATOR: &str = "exec \"$(dirname \"$0\")/validate\" \"$@\"\n";

/// The `run` script of the answer validator (`run INPUT [ARGS] < ANSWER`,
/// exit 42 accepts, 43 rejects): the answer must be, byte for byte, the
/// accepted solution's answer to the input. The answers are unique in every
/// contract, so this is the strictest check of their format there is.
pub const RUN_ANSWER_VALIDATOR: &str = "\
# Accepts the answer (stdin) when it is, byte for byte, the accepted
# solution's answer to the input (\"$1\"): each contract's answer is unique.
# BAPCtools passes --constraints_file FILE to a validator whose source names
# the flag, for the bounds it checks: an exact answer has none of its own, so
# this one reports none.
{ \"$(dirname \"$0\")/solution\" < \"$1\" | cmp -s - /dev/fd/3; } 3<&0 && exit 42
exit 43
";

/// Writes `text` to `path` as an executable file.
fn write_executable(path: &Path, text: &str) -> Result<(), PackageError> {
    write(path, text.as_bytes())?;
    set_executable(path)
}

/// Makes `path` executable (where files have the bit).
#[cfg(unix)]
pub fn set_executable(path: &Path) -> Result<(), PackageError> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).map_err(crate::Error::io(path))?;
    Ok(())
}

#[cfg(not(unix))]
pub fn set_executable(_path: &Path) -> Result<(), PackageError> {
    Ok(())
}

/// Whether `path` is an executable file (the archive keeps the bit).
pub fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.file_name()
            .is_some_and(|name| name == "build" || name == "run")
    }
}

/// One problem of the contest: its package's short name, its name and its
/// time limit.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The package's short name (its folder).
    pub id: String,
    /// The problem's name, as in its `problem.yaml`.
    pub name: String,
    /// The time limit in seconds, as in its `problem.yaml`.
    pub seconds: f64,
}

/// The balloon colours, in label order: (colour name, `#rrggbb`).
const COLOURS: &[(&str, &str)] = &[
    ("red", "#e6194b"),
    ("green", "#3cb44b"),
    ("yellow", "#ffe119"),
    ("blue", "#4363d8"),
    ("orange", "#f58231"),
    ("purple", "#911eb4"),
    ("cyan", "#42d4f4"),
    ("magenta", "#f032e6"),
    ("lime", "#bfef45"),
    ("pink", "#fabed4"),
    ("teal", "#469990"),
    ("lavender", "#dcbeff"),
    ("brown", "#9a6324"),
    ("beige", "#fffac8"),
    ("maroon", "#800000"),
    ("mint", "#aaffc3"),
    ("olive", "#808000"),
    ("navy", "#000075"),
];

/// The contest's `problems.yaml`: each problem's id, label (A, B, ...),
/// name (in English, a map by language as in the problem's own
/// `problem.yaml` of 2025-09), balloon colour (`color` by name, `rgb` as
/// DOMjudge and BAPCtools read it) and time limit, in the order given.
/// BAPCtools' `bt zip` compares the name and the time limit with each
/// problem's and, where they differ, asks at the terminal whether to
/// rewrite the file, which fails when nobody is there.
pub fn problems_yaml(entries: &[Entry]) -> String {
    let mut text = String::from("# Written by scripts/package.sh --contest.\n");
    for (index, entry) in entries.iter().enumerate() {
        let (colour, rgb) = COLOURS[index % COLOURS.len()];
        text.push_str(&format!(
            "- id: {}\n  label: {}\n  name:\n    en: {}\n  color: {colour}\n  rgb: '{rgb}'\n  \
             time_limit: {}\n",
            entry.id,
            label(index),
            yaml_string(&entry.name),
            entry.seconds
        ));
    }
    text
}

/// The label of the problem at `index`: A..Z, then AA, AB, ...
fn label(index: usize) -> String {
    let letter = |n: usize| char::from(b'A' + u8::try_from(n % 26).unwrap_or(0));
    if index < 26 {
        letter(index).to_string()
    } else {
        format!("{}{}", letter(index / 26 - 1), letter(index))
    }
}

/// `text` as a double-quoted YAML string.
fn yaml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The contest's `contest.yaml`.
pub const CONTEST_YAML: &str = "\
# Written by scripts/package.sh --contest.
name: puzzle-judges
short_name: puzzlejudges
duration: '5:00:00'
scoreboard_freeze_duration: '1:00:00'
penalty_time: 20
";

/// The contest's `languages.yaml`, which BAPCtools merges over its own:
/// its Rust builds with edition 2018, in which the accepted Rust
/// submissions (edition 2021) do not compile.
pub const LANGUAGES_YAML: &str = "\
# Read by BAPCtools over its own languages.yaml: its Rust builds with
# --edition=2018, the accepted Rust submissions are edition 2021.
rust:
    compile: 'rustc -o{binary} -O --crate-type bin --edition=2021 {files}'
";

#[cfg(test)]
mod tests {
    use super::*;

    fn metadata(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(key, value)| (key.to_string(), value.to_string()))
            .collect()
    }

    #[test]
    fn a_source_with_a_link_is_one_source_in_2025_09_and_two_keys_in_legacy() {
        let kept = metadata(&[
            ("name", "\"S-Nim\""),
            ("uuid", "2b1fab20"),
            ("source", "\"Kattis snim\""),
            ("source_url", "https://open.kattis.com/problems/snim"),
            ("license", "cc by"),
        ]);
        let legacy = problem_yaml(Format::Legacy, &kept, 2.5, 8, "fn main() {}");
        assert!(legacy.contains("problem_format_version: legacy\n"));
        assert!(legacy.ends_with(
            "name: \"S-Nim\"\nuuid: 2b1fab20\nsource: \"Kattis snim\"\n\
             source_url: https://open.kattis.com/problems/snim\nlicense: cc by\n\
             limits:\n  output: 8\n"
        ));
        let new = problem_yaml(Format::V2025, &kept, 2.5, 8, "fn main() {}");
        assert!(new.contains("problem_format_version: 2025-09\n"));
        assert!(new.ends_with(
            "name: \"S-Nim\"\nuuid: 2b1fab20\nsource:\n  - name: \"Kattis snim\"\n\
             \x20   url: https://open.kattis.com/problems/snim\nlicense: cc by\n\
             limits:\n  time_limit: 2.5\n  output: 8\n"
        ));
        assert_eq!(value(&kept, "name"), Some("S-Nim"));
        assert_eq!(value(&kept, "license"), Some("cc by"));
        assert_eq!(value(&kept, "rights_owner"), None);
    }

    #[test]
    fn metadata_is_flat_known_keys_with_a_name_and_a_uuid() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("problem.yaml");
        let read = |text: &str| {
            fs::write(&path, text).unwrap();
            read_metadata(&path).map_err(|error| error.to_string())
        };
        assert_eq!(
            read("# a comment\nname: Nim\n\nuuid: 88\n").unwrap(),
            metadata(&[("name", "Nim"), ("uuid", "88")])
        );
        assert!(read("name: Nim\n").unwrap_err().contains("no `uuid:`"));
        assert!(read("name: Nim\nuuid: 1\nlimits: 3\n")
            .unwrap_err()
            .contains("unknown key \"limits\""));
        assert!(read("name: Nim\nuuid: 1\nsource:\n  - name: x\n")
            .unwrap_err()
            .contains("line 3: keep the metadata flat"));
    }

    #[test]
    fn problems_are_labelled_from_a_with_a_colour_each() {
        let entries = [
            Entry {
                id: "nim".to_string(),
                name: "Nim".to_string(),
                seconds: 3.0,
            },
            Entry {
                id: "goko".to_string(),
                name: "Say \"ko\"".to_string(),
                seconds: 2.5,
            },
        ];
        assert_eq!(
            problems_yaml(&entries),
            "# Written by scripts/package.sh --contest.\n\
             - id: nim\n  label: A\n  name:\n    en: \"Nim\"\n  color: red\n  rgb: '#e6194b'\n  \
             time_limit: 3\n\
             - id: goko\n  label: B\n  name:\n    en: \"Say \\\"ko\\\"\"\n  color: green\n  \
             rgb: '#3cb44b'\n  time_limit: 2.5\n"
        );
        assert_eq!(
            tidy_latex(
                "\\subsection{Input}\\label{input}\n\\begin{itemize}\n\\tightlist\n\\item a\n"
            ),
            "\\subsection*{Input}\\label{input}\n\\begin{itemize}\n\\item a\n"
        );
        assert_eq!(code_limit(&"x".repeat(128 * 1024)), "");
        assert_eq!(code_limit(&"x".repeat(128 * 1024 + 1)), "  code: 129\n");
        for format in [Format::Legacy, Format::V2025] {
            let big = problem_yaml(format, &[], 1.0, 8, &"x".repeat(130 * 1024));
            assert!(big.ends_with("  output: 8\n  code: 130\n"), "{big}");
        }
        assert_eq!(label(25), "Z");
        assert_eq!(label(26), "AA");
        assert_eq!(label(27), "AB");
        assert_eq!(
            escape_tex("Get a Clue! 50% & #1_a"),
            "Get a Clue! 50\\% \\& \\#1\\_a"
        );
    }
}
