//! The single-file export: one problem binary, or one judge target of it,
//! with the workspace libraries it uses, as one `.rs` file that a judge
//! builds with a bare `rustc --edition 2021 -O`. `EXPORT.md` tells the whole
//! story; in short, by role:
//!
//! - here: `main.rs`, then each library it needs (dependents first) as
//!   `#[allow(dead_code, unused_imports)] mod <lib> { .. }`; a judge
//!   target's `judge_io::main::<P>()` becomes `main_as::<P>("TARGET")`;
//! - `paste`: one crate's files as one module's text, `#[cfg(test)]` items
//!   cut at their syn spans, `mod name;` filled from `name.rs`, and a blanket
//!   `use crate::<dependency>;` in every module; nothing else changes;
//! - `shrink`: for a target, the items rustc reports unused are cut until
//!   none is, and the file is printed without comments, tightly;
//! - `rules`: only the mistakes whose rustc errors would confuse a user
//!   (`crate::` in a library, a `mod name;` the paste cannot fill, a
//!   dependency that is not a workspace member).

mod paste;
mod rules;
mod shrink;

use std::fmt;
use std::path::{Path, PathBuf};

use cargo_metadata::{DependencyKind, Metadata, MetadataCommand, Package};

use paste::Entry;

/// A rule broken at a place in the sources.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The file, relative to the workspace root.
    pub file: PathBuf,
    /// The line, from 1; 0 for the whole file.
    pub line: usize,
    /// What is wrong and what to do instead.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
    }
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// `cargo metadata` could not read the workspace.
    #[error("cargo metadata: {0}")]
    Metadata(#[from] cargo_metadata::Error),
    /// No problem (a member with `src/main.rs`) has that name: the name,
    /// and the problems there are.
    #[error("no problem {0:?} (problems: {1})")]
    UnknownProblem(String, String),
    /// No problem library declares that judge target: the name, and the
    /// targets there are.
    #[error("no judge target {0:?} (targets: {1})")]
    UnknownTarget(String, String),
    /// Sources that break the export's rules, each with its place.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\nerror: "))]
    Rules(Vec<Violation>),
    /// A file could not be read or written.
    #[error("{}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// rustc refused the file while the unused items were being cut.
    #[error("rustc, cutting unused items: {0}")]
    Rustc(String),
    /// The file could not be printed compact.
    #[error("printing the file compact: {0}")]
    Compact(String),
}

/// How to export a problem.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Print the file without comments, docs, indentation or any space the
    /// lexer does not need, for judges that cap the source size.
    pub compact: bool,
}

/// A judge target: a real judge's problem that a binary answers with
/// `--judge NAME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeTarget {
    /// The name given to `--judge`, such as `luogu-p2197`.
    pub name: String,
    /// The problem (package) whose binary answers it.
    pub problem: String,
}

/// The workspace, as `cargo metadata` describes it.
#[derive(Debug)]
pub struct Workspace {
    metadata: Metadata,
}

impl Workspace {
    /// Reads the workspace whose root `Cargo.toml` is in `root`.
    pub fn load(root: &Path) -> Result<Workspace, ExportError> {
        let metadata = MetadataCommand::new()
            .manifest_path(root.join("Cargo.toml"))
            .no_deps()
            .exec()?;
        Ok(Workspace { metadata })
    }

    /// The workspace root.
    pub fn root(&self) -> &Path {
        self.metadata.workspace_root.as_std_path()
    }

    /// The problems: members whose binary is `src/main.rs` (tools keep
    /// theirs in `src/bin/`), by name.
    pub fn problems(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .metadata
            .workspace_packages()
            .into_iter()
            .filter(|package| main_file(package).is_some())
            .map(|package| package.name.to_string())
            .collect();
        names.sort();
        names
    }

    /// Every judge target of every problem, by problem, in source order.
    pub fn targets(&self) -> Result<Vec<JudgeTarget>, ExportError> {
        let mut targets = Vec::new();
        for problem in self.problems() {
            let Some(lib) = library(self.problem(&problem)?) else {
                continue;
            };
            let pasted = paste::crate_files(self, lib.src_path.as_std_path(), true, &[])?;
            targets.extend(pasted.targets.into_iter().map(|name| JudgeTarget {
                name,
                problem: problem.clone(),
            }));
        }
        Ok(targets)
    }

    /// The file for `problem`, which runs as its binary does.
    pub fn export(&self, problem: &str, options: Options) -> Result<String, ExportError> {
        let text = self.assemble(self.problem(problem)?, None)?;
        if options.compact {
            shrink::compact(&text)
        } else {
            Ok(text)
        }
    }

    /// The file for the judge target `name`: it runs that target with no
    /// flags, and holds only what the target uses, without comments.
    pub fn export_target(&self, name: &str) -> Result<String, ExportError> {
        let targets = self.targets()?;
        let Some(target) = targets.iter().find(|target| target.name == name) else {
            let known: Vec<&str> = targets.iter().map(|t| t.name.as_str()).collect();
            return Err(ExportError::UnknownTarget(
                name.to_string(),
                known.join(", "),
            ));
        };
        let text = self.assemble(self.problem(&target.problem)?, Some((Entry::Target, name)))?;
        self.pruned(&text)
    }

    /// The input validator of a problem package, as one file like a judge
    /// target's: `name` is a problem (its contract with no flags) or a judge
    /// target, and `main` is `judge_io::validate_as`, which holds standard
    /// input to that contract's reader in the canonical layout and exits
    /// with 42 (valid) or 43. Printed compact but not pruned: no judge caps
    /// a validator's size, and pruning costs up to a minute of rustc.
    pub fn export_validator(&self, name: &str) -> Result<String, ExportError> {
        let (problem, target) = self.contract(name)?;
        let text = self.assemble(
            self.problem(&problem)?,
            Some((Entry::Validator, target.as_deref().unwrap_or(""))),
        )?;
        shrink::compact(&text)
    }

    /// `text` pruned and printed compact. Pruning asks rustc round after
    /// round (half a minute to a few minutes a target), and the same file is
    /// exported by the tests, `scripts/check.sh`, the packages and CI: so the
    /// result is kept in `target/export-cache/`, named by a hash of `text`
    /// and of the shrinking code itself (a change to how a file is pruned or
    /// compacted must not be answered by a file the old code made), and a
    /// file seen before is not pruned again.
    fn pruned(&self, text: &str) -> Result<String, ExportError> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut hasher);
        include_str!("export/shrink.rs").hash(&mut hasher);
        let cache = self
            .metadata
            .target_directory
            .as_std_path()
            .join("export-cache")
            .join(format!("{:016x}.rs", hasher.finish()));
        if let Ok(kept) = std::fs::read_to_string(&cache) {
            return Ok(kept);
        }
        let out = shrink::compact(&shrink::prune(text)?)?;
        // A cache that cannot be written only costs time.
        if let Some(folder) = cache.parent() {
            let _ = std::fs::create_dir_all(folder).and_then(|()| std::fs::write(&cache, &out));
        }
        Ok(out)
    }

    /// The problem whose binary answers the contract `name` (a problem, or a
    /// judge target of one), and the target.
    pub fn contract(&self, name: &str) -> Result<(String, Option<String>), ExportError> {
        if self.problems().iter().any(|problem| problem == name) {
            return Ok((name.to_string(), None));
        }
        let targets = self.targets()?;
        match targets.iter().find(|target| target.name == name) {
            Some(target) => Ok((target.problem.clone(), Some(name.to_string()))),
            None => {
                let mut known = self.problems();
                known.extend(targets.into_iter().map(|target| target.name));
                Err(ExportError::UnknownTarget(
                    name.to_string(),
                    known.join(", "),
                ))
            }
        }
    }

    fn problem(&self, name: &str) -> Result<&Package, ExportError> {
        self.metadata
            .workspace_packages()
            .into_iter()
            .find(|package| package.name.as_str() == name && main_file(package).is_some())
            .ok_or_else(|| {
                ExportError::UnknownProblem(name.to_string(), self.problems().join(", "))
            })
    }

    /// The whole file: header, `main.rs`, then the libraries.
    fn assemble(
        &self,
        package: &Package,
        target: Option<(Entry, &str)>,
    ) -> Result<String, ExportError> {
        let libraries = self.libraries(package);
        let names: Vec<&str> = libraries.iter().map(|p| p.name.as_str()).collect();
        let (what, command) = match target {
            Some((Entry::Target, target)) => (
                format!("`{}` for the judge target `{target}`", package.name),
                format!("scripts/export.sh --judge {target}"),
            ),
            Some((Entry::Validator, target)) => (
                format!(
                    "the input validator of `{}`'s problem package",
                    if target.is_empty() {
                        package.name.as_str()
                    } else {
                        target
                    }
                ),
                format!(
                    "scripts/package.sh {}",
                    if target.is_empty() {
                        package.name.as_str()
                    } else {
                        target
                    }
                ),
            ),
            None => (
                format!("`{}`", package.name),
                format!("scripts/export.sh {}", package.name),
            ),
        };
        let mut out = format!(
            "// A single-file submission of {what} from the puzzle-judges workspace,\n\
             // written by `{command}`: edit the crates, not this file.\n\
             // Libraries: {}. Build: rustc --edition 2021 -O FILE.rs\n",
            names.join(", ")
        );
        // `problem()` only hands out packages that have a `src/main.rs`.
        let main =
            main_file(package).map_or_else(|| Path::new(""), |bin| bin.src_path.as_std_path());
        let mut violations = Vec::new();
        let pasted = paste::crate_files(self, main, false, &[])?;
        violations.extend(pasted.violations);
        let main_text = match target
            .map(|(entry, target)| paste::main_as(&pasted.text, entry, target))
        {
            None => pasted.text,
            Some(Some(text)) => text,
            Some(None) => {
                violations.push(self.violation(
                    main,
                    0,
                    "a judge target needs `main.rs` to call `judge_io::main::<P>()`, which becomes `main_as::<P>(TARGET)`",
                ));
                pasted.text
            }
        };
        out.push_str(&main_text);
        if library(package).is_none() {
            violations.extend(rules::manifest(self, package));
        }
        for library_package in &libraries {
            violations.extend(rules::manifest(self, library_package));
            let Some(lib) = library(library_package) else {
                continue;
            };
            let aliases = self.dependency_libs(library_package);
            let pasted = paste::crate_files(self, lib.src_path.as_std_path(), true, &aliases)?;
            violations.extend(pasted.violations);
            out.push_str(&format!(
                "\n#[allow(dead_code, unused_imports)]\nmod {} {{\n{}}}\n",
                lib.name.replace('-', "_"),
                pasted.text
            ));
        }
        if violations.is_empty() {
            Ok(out)
        } else {
            // In the order of the files and lines, as a reader fixes them.
            violations.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
            Err(ExportError::Rules(violations))
        }
    }

    /// The packages whose libraries the binary needs: its own, then what
    /// they use, each once and before the packages it depends on.
    fn libraries<'a>(&'a self, package: &'a Package) -> Vec<&'a Package> {
        let mut postorder = Vec::new();
        self.postorder(package, &mut postorder);
        // Reversed, the post-order puts every package before its dependencies.
        postorder.reverse();
        postorder.retain(|package| library(package).is_some());
        postorder
    }

    /// Appends `package`'s member dependencies, then `package`, unless
    /// already there. The recursion is as deep as the workspace's own
    /// dependency chains (cargo refuses cycles).
    fn postorder<'a>(&'a self, package: &'a Package, out: &mut Vec<&'a Package>) {
        if out.iter().any(|done| done.name == package.name) {
            return;
        }
        for dependency in self.member_dependencies(package) {
            self.postorder(dependency, out);
        }
        out.push(package);
    }

    /// The normal dependencies of `package` that are workspace members.
    fn member_dependencies(&self, package: &Package) -> Vec<&Package> {
        package
            .dependencies
            .iter()
            .filter(|dependency| dependency.kind == DependencyKind::Normal)
            .filter_map(|dependency| self.member(&dependency.name))
            .collect()
    }

    /// The library names of the workspace crates `package` depends on: the
    /// aliases each of its modules gets.
    fn dependency_libs(&self, package: &Package) -> Vec<String> {
        self.member_dependencies(package)
            .into_iter()
            .filter_map(library)
            .map(|lib| lib.name.replace('-', "_"))
            .collect()
    }

    fn member(&self, name: &str) -> Option<&Package> {
        self.metadata
            .workspace_packages()
            .into_iter()
            .find(|package| package.name.as_str() == name)
    }

    fn violation(&self, file: &Path, line: usize, message: &str) -> Violation {
        Violation {
            file: self.relative(file).to_path_buf(),
            line,
            message: message.to_string(),
        }
    }

    /// `path` from the workspace root, as messages show it.
    fn relative<'p>(&self, path: &'p Path) -> &'p Path {
        path.strip_prefix(self.root()).unwrap_or(path)
    }
}

/// The binary of a problem: `src/main.rs`.
fn main_file(package: &Package) -> Option<&cargo_metadata::Target> {
    let main = package.manifest_path.parent()?.join("src").join("main.rs");
    package
        .targets
        .iter()
        .find(|target| target.is_bin() && target.src_path == main)
}

fn library(package: &Package) -> Option<&cargo_metadata::Target> {
    package.targets.iter().find(|target| target.is_lib())
}
