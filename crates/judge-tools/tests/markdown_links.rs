//! Every Markdown file of the repository points only at things that exist, so
//! that a moved or renamed file cannot leave a dead link behind.
//!
//! **Which files.** Every `*.md` file git lists (`git ls-files --cached
//! --others --exclude-standard`: tracked, or new and not ignored) that is
//! on disk. Each is parsed by pulldown-cmark (CommonMark with GitHub's
//! tables), so links and code spans are found as a renderer finds them;
//! fenced and indented code blocks (commands, layouts) are not read.
//!
//! **Links.** Every link and image destination, inline or by reference, is
//! checked unless it is a URL (it has a scheme, `https:`, `mailto:`, ...)
//! or only an anchor (`#...`). The `#anchor` and `?query` of the rest are
//! dropped (anchors are not checked); what is left is a path from the
//! Markdown file's folder (from the repository root when it starts with
//! `/`), and it must be a listed file or a folder holding one, inside the
//! repository. A reference link whose reference is never defined
//! (`[text][missing]`) is dead too.
//!
//! **Backticked paths.** A code span is taken for a path when it has no
//! space, only the characters `A-Z a-z 0-9 _ . + - /` (so `crate::x`,
//! `--name=VALUE`, `f(x)` and URLs are not paths), at least one letter,
//! and either a `/` or a file name with an extension: a final `.EXT`, after
//! a name, where EXT is the extension of some listed file (`README.md`,
//! `xor.py`, `NAME.in`; `1.63`, `self.n` and a bare `.in` are not paths).
//! It is not checked when it is:
//!
//! - a placeholder or a pattern: a component with `<...>`, `*`, `?`, `[`,
//!   `{` or `...` (`crates/<problem>/README.md`, `examples/hunted/*.recipe`),
//!   or a component in capitals (`[A-Z0-9_]` before its extension) that is
//!   not a Markdown file (`NAME.in`, `judges/TARGET/`, `SHORT.zip`; the
//!   documents' own names, `README.md`, `EXPORT.md`, are checked);
//! - under `target/`: the tools write it (`target/submit/nim.rs`);
//! - inside what the tools write elsewhere, named by its own layout (a
//!   problem package's `data/sample/`, a contest folder's `contest.yaml`),
//!   or another tool's own file (`generators.yaml`): `WRITTEN_ELSEWHERE`;
//! - an absolute path under `/usr/`, `/bin/`, `/dev/`, `/etc/`, `/proc/` or
//!   `/tmp/`: the system's (`/usr/bin/rustc`). Any other absolute path, and
//!   any path that climbs out of the repository (`../..`), is an error: a
//!   user's checkout has nothing there.
//!
//! Otherwise it must exist. A file name alone (no `/`: `int32.c`,
//! `problem.yaml`) must be the name of some listed file or folder. A path
//! with a `/` is written one of two ways:
//!
//! - from the repository root, when its first component is a top-level
//!   entry of the repository (`crates/nim/README.md`, `scripts/check.sh`,
//!   `Cargo.toml`): exactly there;
//! - else from the Markdown file's folder, as the end of the path of some
//!   listed file or folder below it (`src/pair.rs` in a crate's README;
//!   `wrong_answer/int32.c`, short for `submissions/wrong_answer/int32.c`,
//!   in a judge-data README; `src/lib.rs` in the root README stands for
//!   every crate's).
//!
//! A judge-data case may be named by its stem (`secret/u64-max`): it exists
//! when its `.in`, its `.args` or its recipe `.gen` (a generated case) does. A trailing `/` asks for a folder.

use pulldown_cmark::{BrokenLink, CowStr, Event, LinkType, Options, Parser, Tag};
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

#[test]
fn every_link_and_backticked_path_in_the_markdown_exists() {
    let repo = Repo::from_git();
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in repo.files.iter().filter(|file| file.ends_with(".md")) {
        let text = std::fs::read_to_string(repo.root.join(file))
            .unwrap_or_else(|error| panic!("{file}: {error}"));
        let report = check(&repo, file, &text);
        checked += report.checked;
        problems.extend(report.problems);
    }
    assert!(
        problems.is_empty(),
        "{} dead link(s) or path(s) in the Markdown (the rule: \
         crates/judge-tools/tests/markdown_links.rs):\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The parser found what the documents hold (about 400 links and paths
    // when this was written): a reader that found nothing would pass every
    // time.
    assert!(checked > 300, "only {checked} links and paths checked");
}

/// The files a check resolves against, as paths from the root with `/`.
struct Repo {
    root: PathBuf,
    files: Vec<String>,
    /// Every listed file and every folder holding one.
    entries: BTreeSet<String>,
    /// The last component of every entry.
    names: BTreeSet<String>,
    /// The first component of every entry.
    top_level: BTreeSet<String>,
    /// The extension of every listed file.
    extensions: BTreeSet<String>,
}

impl Repo {
    fn from_git() -> Repo {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let output = Command::new("git")
            .args([
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
            ])
            .current_dir(&root)
            .output()
            .expect("git ls-files runs");
        assert!(output.status.success(), "git ls-files failed");
        let listed = String::from_utf8(output.stdout).expect("file names are UTF-8");
        let files = listed
            .split('\0')
            .filter(|file| !file.is_empty() && root.join(file).is_file())
            .map(str::to_owned)
            .collect();
        Repo::new(root, files)
    }

    fn new(root: PathBuf, mut files: Vec<String>) -> Repo {
        files.sort();
        files.dedup();
        let mut entries = BTreeSet::new();
        let mut extensions = BTreeSet::new();
        for file in &files {
            let mut prefix = String::new();
            for component in file.split('/') {
                if !prefix.is_empty() {
                    prefix.push('/');
                }
                prefix.push_str(component);
                entries.insert(prefix.clone());
            }
            if let Some((_, extension)) = file
                .rsplit_once('/')
                .unwrap_or(("", file))
                .1
                .rsplit_once('.')
            {
                extensions.insert(extension.to_owned());
            }
        }
        let last = |entry: &String| entry.rsplit('/').next().unwrap_or(entry).to_owned();
        let first = |entry: &String| entry.split('/').next().unwrap_or(entry).to_owned();
        Repo {
            root,
            names: entries.iter().map(last).collect(),
            top_level: entries.iter().map(first).collect(),
            files,
            entries,
            extensions,
        }
    }

    fn is_folder(&self, entry: &str) -> bool {
        entry.is_empty()
            || self
                .entries
                .range(format!("{entry}/")..)
                .next()
                .is_some_and(|next| next.starts_with(&format!("{entry}/")))
    }

    /// Whether `entry` (from the root, normalized) exists, as a folder when
    /// `folder` is set, or as a case named by its stem.
    fn has(&self, entry: &str, folder: bool) -> bool {
        if folder {
            return self.is_folder(entry);
        }
        self.entries.contains(entry)
            || self.entries.contains(&format!("{entry}.in"))
            || self.entries.contains(&format!("{entry}.args"))
            || self.entries.contains(&format!("{entry}.gen"))
    }

    /// Whether some entry below `base` ends with the components of `tail`.
    fn has_below(&self, base: &str, tail: &str, folder: bool) -> bool {
        let prefix = if base.is_empty() {
            String::new()
        } else {
            format!("{base}/")
        };
        self.entries
            .range(prefix.clone()..)
            .take_while(|entry| entry.starts_with(&prefix))
            .any(|entry| {
                let ends = |suffix: &str| entry == suffix || entry.ends_with(&format!("/{suffix}"));
                if folder {
                    ends(tail) && self.is_folder(entry)
                } else {
                    ends(tail)
                        || ends(&format!("{tail}.in"))
                        || ends(&format!("{tail}.args"))
                        || ends(&format!("{tail}.gen"))
                }
            })
    }
}

/// What one Markdown file refers to that does not exist, and how many links
/// and paths it checked.
struct Report {
    problems: Vec<String>,
    checked: usize,
}

fn check(repo: &Repo, file: &str, text: &str) -> Report {
    let folder = file.rsplit_once('/').map_or("", |(folder, _)| folder);
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let mut problems = Vec::new();
    let mut checked = 0;
    let mut undefined = Vec::new();
    let mut callback = |link: BrokenLink<'_>| {
        if link.link_type == LinkType::Reference {
            undefined.push((link.span.start, link.reference.to_string()));
        }
        None::<(CowStr<'_>, CowStr<'_>)>
    };
    let parser =
        Parser::new_with_broken_link_callback(text, Options::ENABLE_TABLES, Some(&mut callback));
    for (event, range) in parser.into_offset_iter() {
        let line = line_of(range.start);
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                if let Some(error) = check_link(repo, folder, &dest_url) {
                    checked += 1;
                    if let Err(error) = error {
                        problems.push(format!("{file}:{line}: link ({dest_url}): {error}"));
                    }
                }
            }
            Event::Code(code) => {
                if let Some(error) = check_path(repo, folder, &code) {
                    checked += 1;
                    if let Err(error) = error {
                        problems.push(format!("{file}:{line}: `{code}`: {error}"));
                    }
                }
            }
            _ => {}
        }
    }
    for (offset, reference) in undefined {
        problems.push(format!(
            "{file}:{}: link [{reference}]: the reference is never defined",
            line_of(offset)
        ));
    }
    Report { problems, checked }
}

/// `None` when the destination is not checked (a URL, an anchor), else
/// whether it exists.
fn check_link(repo: &Repo, folder: &str, destination: &str) -> Option<Result<(), String>> {
    let has_scheme = destination.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    });
    if has_scheme || destination.starts_with('#') {
        return None;
    }
    let path = destination.split(['#', '?']).next().unwrap_or_default();
    let (base, path) = match path.strip_prefix('/') {
        Some(from_root) => ("", from_root),
        None => (folder, path),
    };
    Some(match normalize(base, path) {
        None => Err("climbs out of the repository".to_owned()),
        Some(entry) if repo.has(&entry, false) || repo.is_folder(&entry) => Ok(()),
        Some(entry) => Err(format!("no file or folder {entry}")),
    })
}

/// `None` when the code span is not a path or is exempt, else whether it
/// exists.
fn check_path(repo: &Repo, folder: &str, code: &str) -> Option<Result<(), String>> {
    let path_like = !code.is_empty()
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.+-/".contains(c))
        && code.chars().any(|c| c.is_ascii_alphabetic());
    if !path_like {
        return None;
    }
    let last = code
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default();
    let extension = last
        .rsplit_once('.')
        .filter(|(stem, _)| !stem.is_empty())
        .map(|(_, extension)| extension);
    if !code.contains('/')
        && !extension.is_some_and(|extension| repo.extensions.contains(extension))
    {
        return None;
    }
    if code.split('/').any(is_placeholder) {
        return None;
    }
    if code == "target" || code.starts_with("target/") {
        return None;
    }
    if WRITTEN_ELSEWHERE
        .iter()
        .any(|entry| code == *entry || code.starts_with(&format!("{entry}/")))
    {
        return None;
    }
    if let Some(absolute) = code.strip_prefix('/') {
        let system = ["usr/", "bin/", "dev/", "etc/", "proc/", "tmp/"];
        return if system.iter().any(|prefix| absolute.starts_with(prefix)) {
            None
        } else {
            Some(Err("an absolute path outside the system's folders: a user's checkout has nothing there".to_owned()))
        };
    }
    if !code.contains('/') {
        return Some(if repo.names.contains(code) {
            Ok(())
        } else {
            Err("no file or folder of that name in the repository".to_owned())
        });
    }
    let wants_folder = code.ends_with('/');
    let path = code.trim_end_matches('/');
    let first = path.split('/').next().unwrap_or_default();
    Some(if repo.top_level.contains(first) {
        match normalize("", path) {
            Some(entry) if repo.has(&entry, wants_folder) => Ok(()),
            _ => Err("no such file or folder from the repository root".to_owned()),
        }
    } else {
        match normalize(folder, path) {
            None => Err("climbs out of the repository".to_owned()),
            Some(entry) if path.starts_with("..") => {
                if repo.has(&entry, wants_folder) {
                    Ok(())
                } else {
                    Err(format!("no file or folder {entry}"))
                }
            }
            Some(_) if repo.has_below(folder, path.trim_start_matches("./"), wants_folder) => {
                Ok(())
            }
            Some(_) => Err(format!(
                "nothing below {} ends with it",
                if folder.is_empty() {
                    "the repository root"
                } else {
                    folder
                }
            )),
        }
    })
}

/// What the tools write outside the repository, named in the docs by its own
/// layout: a problem package's entries (`data/sample/`,
/// `problem_statement/problem.en.tex`, ...), a contest folder's files
/// (`contest.yaml`), problem2html's page, and other tools' own files
/// (BAPCtools' `generators.yaml`, DOMjudge's `misc-tools/import-contest`).
const WRITTEN_ELSEWHERE: &[&str] = &[
    "problem_statement",
    "statement",
    "data",
    "input_validators",
    "answer_validators",
    "validate.rs",
    "solution.rs",
    "solution",
    "contest.yaml",
    "problems.yaml",
    "languages.yaml",
    "SHORT_html",
    "generators.yaml",
    "misc-tools",
];

/// A placeholder or pattern component, which names no one file.
fn is_placeholder(component: &str) -> bool {
    if ["<", "*", "?", "[", "{", "..."]
        .iter()
        .any(|mark| component.contains(mark))
    {
        return true;
    }
    let stem = component.split('.').next().unwrap_or_default();
    let capitals = !stem.is_empty()
        && stem
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && stem.chars().any(|c| c.is_ascii_uppercase());
    capitals && !component.ends_with(".md")
}

/// `path` (with `/`) from the folder `base`, as a path from the root; `None`
/// when it climbs out of the repository.
fn normalize(base: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').filter(|part| !part.is_empty()).collect();
    for component in Path::new(path).components() {
        match component {
            Component::Normal(part) => parts.push(part.to_str()?),
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => {}
        }
    }
    Some(parts.join("/"))
}

mod rule {
    use super::*;

    fn repo() -> Repo {
        let files = [
            "README.md",
            "crates/nim/README.md",
            "crates/nim/src/lib.rs",
            "judge-data/nim/README.md",
            "judge-data/nim/secret/pile.in",
            "judge-data/nim/secret/pile.ans",
            "judge-data/nim/submissions/wrong_answer/int32.c",
            "judge-data/nim/usage/bad-flag.args",
        ];
        Repo::new(
            PathBuf::from("/nowhere"),
            files.iter().map(|file| (*file).to_owned()).collect(),
        )
    }

    fn problems(file: &str, text: &str) -> Vec<String> {
        check(&repo(), file, text).problems
    }

    #[test]
    fn links_resolve_from_the_file_and_skip_urls_and_anchors() {
        let text = "[a](crates/nim/README.md) [b](../README.md#top) [c](https://x.org/y) [d](#z) [e](/crates/nim/src)";
        assert_eq!(
            problems("README.md", text).len(),
            1,
            "{:?}",
            problems("README.md", text)
        );
        assert!(problems(
            "crates/nim/README.md",
            "[b](../../README.md#top) [c](src/lib.rs)"
        )
        .is_empty());
        let dead = problems(
            "README.md",
            "see [the export](crates/judge-tools/EXPORT.md)",
        );
        assert_eq!(dead, ["README.md:1: link (crates/judge-tools/EXPORT.md): no file or folder crates/judge-tools/EXPORT.md"]);
    }

    #[test]
    fn a_reference_never_defined_is_dead() {
        assert_eq!(
            problems("README.md", "[text][nowhere] and [a, b] in prose").len(),
            1
        );
        assert!(problems("README.md", "[text][here]\n\n[here]: crates/nim/README.md").is_empty());
    }

    #[test]
    fn backticked_paths_resolve_from_the_root_or_below_the_file() {
        let fine = "`crates/nim/src/lib.rs` `src/lib.rs` `README.md` `judge-data/nim/secret/pile` `usage/bad-flag` `secret/`";
        assert!(
            problems("README.md", fine).is_empty(),
            "{:?}",
            problems("README.md", fine)
        );
        assert!(problems(
            "judge-data/nim/README.md",
            "`wrong_answer/int32.c` `secret/pile`"
        )
        .is_empty());
        let dead = problems(
            "judge-data/nim/README.md",
            "`wrong_answer/int64.c` `crates/nim/src/main.rs` `secret/pile/`",
        );
        assert_eq!(dead.len(), 3, "{dead:?}");
        // A name alone may be anywhere; a name nothing has is dead.
        assert!(problems("crates/nim/README.md", "`int32.c` `lib.rs`").is_empty());
        assert_eq!(problems("crates/nim/README.md", "`int64.c`").len(), 1);
        // From crates/nim/, `secret/pile` is not below the file.
        assert_eq!(problems("crates/nim/README.md", "`secret/pile`").len(), 1);
    }

    #[test]
    fn what_is_not_a_path_or_is_exempt() {
        let exempt = "`judge_io::main` `--name=VALUE` `1.63` `self.n` `x / y` `crates/<name>/README.md` \
                      `judge-data/nim/judges/TARGET/` `NAME.in` `examples/*.rs` `target/submit/nim.rs` \
                      `/usr/bin/rustc` `https://example.org/a.md` `+j` `.in` `3.5x`";
        assert!(
            problems("README.md", exempt).is_empty(),
            "{:?}",
            problems("README.md", exempt)
        );
        assert_eq!(
            problems("README.md", "`/work/shared/problems/nim.md`").len(),
            1
        );
        // A document's name in capitals is checked, not taken for a placeholder.
        assert_eq!(
            problems("README.md", "`crates/nim/EXPORT.md` `CHANGES.md`").len(),
            2
        );
        assert_eq!(
            problems("crates/nim/README.md", "`../../../outside.md`").len(),
            1
        );
    }

    #[test]
    fn fenced_code_is_not_read() {
        assert!(problems(
            "README.md",
            "```sh\ncat crates/none/README.md\n```\n\n    `indented/none.rs`\n"
        )
        .is_empty());
    }
}
