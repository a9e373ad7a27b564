//! The single-file export: one problem binary, with the workspace libraries it
//! uses, as one `.rs` file that a judge builds with a bare
//! `rustc --edition 2021 -O` (see `crates/judge-tools/EXPORT.md`).
//!
//! The output is the binary's `src/main.rs` at the root of the file, then each
//! library crate it needs, in the order dependents first, pasted into
//! `#[allow(dead_code, unused_imports)] mod <lib_name> { ... }`; a library's
//! `mod name;` declarations are replaced by the inline module
//! `mod name { <src/name.rs> }`.
//!
//! Pasting is only correct for code that follows a few rules, and the export
//! checks every one of them instead of trusting the text (each broken rule is
//! a [`Violation`] naming the file and line):
//!
//! - **no `crate::` paths in library runtime code**: once pasted, `crate` is
//!   the whole submission, not the library (the binary's own files may use
//!   it, as their crate root is the file root);
//! - **no `$crate`, `#[path]`, `include!`, `include_str!`, `include_bytes!`,
//!   `env!`, `option_env!`, `extern crate`**, no `#[macro_export]` and no
//!   crate-level inner attribute (`#![no_std]`, `#![feature]`...) in a
//!   library, no global path `::name` other than `::std`/`::core`;
//! - **`mod name;` only in a crate's root file**, with its file at
//!   `src/name.rs` (not `src/name/mod.rs`), one level deep;
//! - **dependencies are workspace members** (path or `workspace = true`), not
//!   renamed, optional or target-specific; no build script, no features, and
//!   every crate is edition 2021;
//! - **no import binds a dependency's crate name** (`use judge_io::{self}`,
//!   `use judge_io;`): the export itself provides that name (next point).
//!
//! In the pasted file a library's path `judge_io::Input` no longer resolves by
//! itself (in edition 2021 a path starts from the extern prelude or a name in
//! scope, and `judge_io` is now a module at the file root). So each module
//! that names a workspace crate it depends on gets the alias
//! `use crate::judge_io;` right after its inner attributes and inner doc
//! comments, which must stay first. At the file root the library modules are
//! in scope already, so `main.rs` needs nothing.
//!
//! Items under `#[cfg(test)]` (or any `cfg` that is false whenever `test` is
//! off, such as `cfg(all(test, unix))`) are removed, with their doc comments:
//! they may use dev-dependencies, and they would only make the file longer.
//! The removal works on the item structure of the file, found by a small
//! lexer (strings, raw strings, chars, lifetimes, nested comments) and
//! delimiter matching, never by matching text. Doc comments stay, unless
//! [`Options::compact`] asks for a file without comments or blank lines, for
//! judges that limit the size of a source file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A broken export rule, or a file that cannot be read or lexed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The file, relative to the workspace root where possible.
    pub file: PathBuf,
    /// The line, counted from 1; 0 when it concerns the whole file.
    pub line: usize,
    /// What is wrong and what to do instead.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
        } else {
            write!(f, "{}: {}", self.file.display(), self.message)
        }
    }
}

/// Every violation an export found (never empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError {
    /// The violations, in the order found.
    pub violations: Vec<Violation>,
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, violation) in self.violations.iter().enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{violation}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ExportError {}

/// How to export.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Drop every comment, doc comments included, and the export's own
    /// notes (the header stays): for judges that limit the size of a source
    /// file (Codeforces takes 64 KB). The code is unchanged.
    pub compact: bool,
}

/// The workspace as the export sees it: its members and their dependencies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Workspace {
    /// The workspace root (where the root `Cargo.toml` is).
    pub root: PathBuf,
    /// Every member package.
    pub packages: Vec<Package>,
}

/// One member package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// The package name (`stone-game`).
    pub name: String,
    /// The folder of its `Cargo.toml`.
    pub dir: PathBuf,
    /// Its edition (`2021`).
    pub edition: String,
    /// Its library target: the crate name (`stone_game`) and root file.
    pub lib: Option<Target>,
    /// Its binary targets: the name and root file of each.
    pub bins: Vec<Target>,
    /// Its dependencies (dev-dependencies included, marked as such).
    pub deps: Vec<Dependency>,
    /// True when it has a build script.
    pub build_script: bool,
    /// True when it declares features.
    pub features: bool,
}

/// A library or binary target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The crate name, with `-` turned into `_` (`stone_game`).
    pub name: String,
    /// The root source file.
    pub path: PathBuf,
    /// The target kinds Cargo reports (`lib`, `bin`, `proc-macro`...).
    pub kinds: Vec<String>,
}

/// One dependency of a package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dependency {
    /// The package it names.
    pub name: String,
    /// `normal`, `dev` or `build`.
    pub kind: String,
    /// Its folder, for a path (or `workspace = true`) dependency.
    pub path: Option<PathBuf>,
    /// The name it is renamed to, if any.
    pub rename: Option<String>,
    /// True for an optional dependency.
    pub optional: bool,
    /// The platform it is limited to, if any.
    pub target: Option<String>,
}

impl Workspace {
    /// Reads the workspace at `root` through `cargo metadata --no-deps` (which
    /// reads every member's `Cargo.toml` and resolves `workspace = true`).
    pub fn load(root: &Path) -> Result<Workspace, String> {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let output = Command::new(&cargo)
            .args([
                "metadata",
                "--no-deps",
                "--format-version",
                "1",
                "--manifest-path",
            ])
            .arg(root.join("Cargo.toml"))
            .output()
            .map_err(|error| format!("cannot run cargo metadata: {error}"))?;
        if !output.status.success() {
            return Err(format!(
                "cargo metadata failed:\n{}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        let text = String::from_utf8(output.stdout)
            .map_err(|_| "cargo metadata printed invalid UTF-8".to_string())?;
        Workspace::from_metadata(&text)
    }

    /// Builds the workspace from the JSON of `cargo metadata --no-deps
    /// --format-version 1`.
    pub fn from_metadata(json_text: &str) -> Result<Workspace, String> {
        let json = json::parse(json_text)?;
        let root = PathBuf::from(
            json.get("workspace_root")
                .and_then(Json::as_str)
                .ok_or("cargo metadata: no workspace_root")?,
        );
        let members: BTreeSet<&str> = json
            .get("workspace_members")
            .and_then(Json::as_array)
            .ok_or("cargo metadata: no workspace_members")?
            .iter()
            .filter_map(Json::as_str)
            .collect();
        let mut packages = Vec::new();
        for package in json
            .get("packages")
            .and_then(Json::as_array)
            .ok_or("cargo metadata: no packages")?
        {
            let id = package.get("id").and_then(Json::as_str).unwrap_or_default();
            if !members.contains(id) {
                continue;
            }
            packages.push(package_from_json(package)?);
        }
        packages.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(Workspace { root, packages })
    }

    /// The problems: packages whose binary is `src/main.rs` (tool crates keep
    /// their binaries in `src/bin/`), sorted by name.
    pub fn problems(&self) -> Vec<String> {
        self.packages
            .iter()
            .filter(|package| main_file(package).is_some())
            .map(|package| package.name.clone())
            .collect()
    }

    /// The package named `name`.
    pub fn package(&self, name: &str) -> Option<&Package> {
        self.packages.iter().find(|package| package.name == name)
    }

    /// Exports `problem`, reading the sources from disk.
    pub fn export(&self, problem: &str) -> Result<String, ExportError> {
        self.export_with(problem, Options::default(), &|path| {
            std::fs::read_to_string(path)
        })
    }

    /// Exports `problem` with `options`, reading each source file through
    /// `read` (tests give files from memory).
    pub fn export_with(
        &self,
        problem: &str,
        options: Options,
        read: &dyn Fn(&Path) -> io::Result<String>,
    ) -> Result<String, ExportError> {
        Exporter {
            workspace: self,
            read,
            options,
            violations: Vec::new(),
        }
        .run(problem)
    }

    fn display_path(&self, path: &Path) -> PathBuf {
        path.strip_prefix(&self.root).unwrap_or(path).to_path_buf()
    }
}

/// The binary of a problem package: `src/main.rs`.
fn main_file(package: &Package) -> Option<&Target> {
    let main = package.dir.join("src").join("main.rs");
    package.bins.iter().find(|bin| bin.path == main)
}

fn package_from_json(package: &Json) -> Result<Package, String> {
    let text = |value: Option<&Json>, what: &str| {
        value
            .and_then(Json::as_str)
            .map(str::to_string)
            .ok_or(format!("cargo metadata: a package without {what}"))
    };
    let name = text(package.get("name"), "name")?;
    let manifest = PathBuf::from(text(package.get("manifest_path"), "manifest_path")?);
    let dir = manifest.parent().unwrap_or(Path::new("")).to_path_buf();
    let edition = text(package.get("edition"), "edition")?;
    let mut lib = None;
    let mut bins = Vec::new();
    let mut build_script = false;
    for target in package
        .get("targets")
        .and_then(Json::as_array)
        .unwrap_or(&[])
    {
        let kinds: Vec<String> = target
            .get("kind")
            .and_then(Json::as_array)
            .unwrap_or(&[])
            .iter()
            .filter_map(Json::as_str)
            .map(str::to_string)
            .collect();
        let made = Target {
            name: text(target.get("name"), "target name")?.replace('-', "_"),
            path: PathBuf::from(text(target.get("src_path"), "src_path")?),
            kinds: kinds.clone(),
        };
        if kinds.iter().any(|kind| kind == "bin") {
            bins.push(made);
        } else if kinds.iter().any(|kind| kind == "custom-build") {
            build_script = true;
        } else if kinds.iter().any(|kind| {
            ["lib", "rlib", "dylib", "cdylib", "staticlib", "proc-macro"].contains(&kind.as_str())
        }) {
            lib = Some(made);
        }
    }
    let mut deps = Vec::new();
    for dep in package
        .get("dependencies")
        .and_then(Json::as_array)
        .unwrap_or(&[])
    {
        deps.push(Dependency {
            name: text(dep.get("name"), "dependency name")?,
            kind: dep
                .get("kind")
                .and_then(Json::as_str)
                .unwrap_or("normal")
                .to_string(),
            path: dep.get("path").and_then(Json::as_str).map(PathBuf::from),
            rename: dep.get("rename").and_then(Json::as_str).map(str::to_string),
            optional: dep.get("optional").and_then(Json::as_bool).unwrap_or(false),
            target: dep.get("target").and_then(Json::as_str).map(str::to_string),
        });
    }
    let features = package
        .get("features")
        .and_then(Json::as_object)
        .is_some_and(|features| !features.is_empty());
    Ok(Package {
        name,
        dir,
        edition,
        lib,
        bins,
        deps,
        build_script,
        features,
    })
}

/// One export in progress.
struct Exporter<'a> {
    workspace: &'a Workspace,
    read: &'a dyn Fn(&Path) -> io::Result<String>,
    options: Options,
    violations: Vec<Violation>,
}

/// What a file is, for the rules that differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FileRole {
    /// `main.rs`: pasted at the file root.
    BinRoot,
    /// `lib.rs`: pasted into `mod <lib_name>`.
    LibRoot,
    /// `src/name.rs` of a library or binary: pasted into `mod name`.
    Submodule { in_lib: bool },
}

/// The crate a file belongs to, as the rules need it.
struct CrateCtx {
    /// The `src` folder, where `mod name;` files live.
    src_dir: PathBuf,
    /// The workspace crates this crate may name (lib name -> package name).
    deps: BTreeMap<String, String>,
    /// Whether comments go (see [`Options::compact`]).
    compact: bool,
}

impl<'a> Exporter<'a> {
    fn run(mut self, problem: &str) -> Result<String, ExportError> {
        let workspace = self.workspace;
        let Some(package) = workspace.package(problem) else {
            let known = workspace.problems().join(", ");
            return Err(ExportError {
                violations: vec![Violation {
                    file: PathBuf::from("Cargo.toml"),
                    line: 0,
                    message: format!("no workspace member {problem:?} (problems: {known})"),
                }],
            });
        };
        let Some(main) = main_file(package) else {
            return Err(self.fail(
                &package.dir.join("Cargo.toml"),
                0,
                format!("{problem} has no src/main.rs: only binaries can be exported"),
            ));
        };
        // The libraries, dependents first: the problem's own, then what it uses.
        let order = self.library_order(package);
        let mut bin_deps = BTreeMap::new();
        if let Some(lib) = &package.lib {
            bin_deps.insert(lib.name.clone(), package.name.clone());
        }
        bin_deps.extend(self.workspace_deps(package));
        let compact = self.options.compact;
        let bin_ctx = CrateCtx {
            src_dir: parent(&main.path),
            deps: bin_deps,
            compact,
        };
        let main_text = self.emit_file(&main.path, FileRole::BinRoot, &bin_ctx, "");

        let names: Vec<&str> = order.iter().map(|p| p.name.as_str()).collect();
        let mut out = String::new();
        out.push_str(&format!(
            "// A single-file submission of `{problem}` from the puzzle-judges workspace,\n\
             // written by `scripts/export.sh {problem}`: edit the crates, not this file.\n\
             // Inlined libraries: {}.\n\
             // Build: rustc --edition 2021 -O {problem}.rs\n",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        ));
        out.push_str(&main_text);
        for lib_package in &order {
            let Some(lib) = &lib_package.lib else {
                continue;
            };
            let ctx = CrateCtx {
                src_dir: parent(&lib.path),
                deps: self.workspace_deps(lib_package),
                compact,
            };
            let body = self.emit_file(&lib.path, FileRole::LibRoot, &ctx, "    ");
            if !compact {
                out.push_str(&format!(
                    "\n// The library crate `{}` ({}).\n\
                     // Not every item is used by this binary: the allow keeps the judge's compiler quiet.\n",
                    lib_package.name,
                    workspace.display_path(&lib.path).display(),
                ));
            }
            out.push_str(&format!(
                "#[allow(dead_code, unused_imports)]\nmod {} {{\n{body}}}\n",
                lib.name
            ));
        }
        if self.violations.is_empty() {
            Ok(out)
        } else {
            Err(ExportError {
                violations: self.violations,
            })
        }
    }

    fn fail(&mut self, file: &Path, line: usize, message: String) -> ExportError {
        self.violate(file, line, message);
        ExportError {
            violations: std::mem::take(&mut self.violations),
        }
    }

    fn violate(&mut self, file: &Path, line: usize, message: String) {
        self.violations.push(Violation {
            file: self.workspace.display_path(file),
            line,
            message,
        });
    }

    /// The library packages the problem needs, each once, every package
    /// before the packages it depends on; checks each package's manifest.
    fn library_order(&mut self, problem: &'a Package) -> Vec<&'a Package> {
        let workspace = self.workspace;
        let mut postorder: Vec<&Package> = Vec::new();
        let mut seen = BTreeSet::new();
        // Depth-first with an explicit stack: (package, children pushed?).
        let mut stack = vec![(problem, false)];
        while let Some((package, expanded)) = stack.pop() {
            if expanded {
                postorder.push(package);
                continue;
            }
            if !seen.insert(package.name.clone()) {
                continue;
            }
            self.check_manifest(package);
            stack.push((package, true));
            let mut children: Vec<&Package> = self
                .workspace_deps(package)
                .values()
                .filter_map(|name| workspace.package(name))
                .collect();
            children.sort_by(|a, b| b.name.cmp(&a.name));
            for child in children {
                if !seen.contains(&child.name) {
                    stack.push((child, false));
                }
            }
        }
        postorder.reverse();
        postorder.retain(|package| package.lib.is_some());
        postorder
    }

    /// The normal dependencies of `package` that are workspace members, as
    /// lib name -> package name.
    fn workspace_deps(&self, package: &Package) -> BTreeMap<String, String> {
        let mut deps = BTreeMap::new();
        for dep in package.deps.iter().filter(|dep| dep.kind == "normal") {
            if let Some(member) = self.member_for(dep) {
                if let Some(lib) = &member.lib {
                    deps.insert(lib.name.clone(), member.name.clone());
                }
            }
        }
        deps
    }

    fn member_for(&self, dep: &Dependency) -> Option<&'a Package> {
        let path = dep.path.as_ref()?;
        self.workspace
            .packages
            .iter()
            .find(|member| member.name == dep.name && &member.dir == path)
    }

    /// The rules that live in `Cargo.toml`.
    fn check_manifest(&mut self, package: &Package) {
        let manifest = package.dir.join("Cargo.toml");
        let manifest_text = (self.read)(&manifest).unwrap_or_default();
        let line_of = |needle: &str| {
            manifest_text
                .lines()
                .position(|line| line.trim_start().starts_with(needle))
                .map_or(0, |index| index + 1)
        };
        if package.edition != "2021" {
            self.violate(
                &manifest,
                line_of("edition"),
                format!(
                    "edition {}: the submission is compiled as edition 2021, so every crate in it must be",
                    package.edition
                ),
            );
        }
        if package.build_script {
            self.violate(
                &manifest,
                0,
                "a build script cannot run on a judge, which compiles one file with rustc"
                    .to_string(),
            );
        }
        if package.features {
            self.violate(
                &manifest,
                line_of("[features]"),
                "features: the judge compiles with no `--cfg feature=...`, so the submission would differ from the cargo build".to_string(),
            );
        }
        if let Some(lib) = &package.lib {
            if lib.kinds.iter().any(|kind| kind != "lib" && kind != "rlib") {
                self.violate(
                    &manifest,
                    line_of("[lib]"),
                    format!(
                        "library kind {:?}: only a plain `lib` can be pasted as a module",
                        lib.kinds
                    ),
                );
            }
        }
        for dep in &package.deps {
            if dep.kind == "dev" {
                continue;
            }
            let line = line_of(&dep.name);
            let what = if dep.kind == "build" {
                Some("is a build-dependency: a judge runs no build script".to_string())
            } else if self.member_for(dep).is_none() {
                Some(
                    "is not a workspace member: a judge compiles one file with std only"
                        .to_string(),
                )
            } else if let Some(rename) = &dep.rename {
                Some(format!(
                    "is renamed to `{rename}`: the export names crates by their library name"
                ))
            } else if dep.optional {
                Some("is optional: the export has no features to turn it on".to_string())
            } else {
                dep.target.as_ref().map(|target| {
                    format!("is limited to `{target}`: the export cannot evaluate target cfgs")
                })
            };
            if let Some(what) = what {
                self.violate(&manifest, line, format!("dependency `{}` {what}", dep.name));
            }
        }
    }

    /// Reads, checks and renders one file; every line that does not start
    /// inside a string literal is indented by `indent`.
    fn emit_file(&mut self, path: &Path, role: FileRole, ctx: &CrateCtx, indent: &str) -> String {
        let text = match (self.read)(path) {
            // rustc skips a byte-order mark at the start of a file only: a
            // pasted file must lose it.
            Ok(text) => text
                .strip_prefix('\u{feff}')
                .map(str::to_string)
                .unwrap_or(text),
            Err(error) => {
                self.violate(path, 0, format!("cannot read: {error}"));
                return String::new();
            }
        };
        let source = match Source::new(&text) {
            Ok(source) => source,
            Err((line, message)) => {
                self.violate(path, line, message);
                return String::new();
            }
        };
        let mut plan = Plan::default();
        let mut found = Vec::new();
        plan_module(
            &source,
            role,
            ctx,
            0,
            source.sig.len(),
            true,
            &mut plan,
            &mut found,
        );
        check_runtime(&source, role, ctx, &plan.stripped, &mut found);
        for (line, message) in found {
            self.violate(path, line, message);
        }
        // Resolve `mod name;` into the files' rendered text.
        let mut edits = plan.edits;
        for declaration in plan.file_mods {
            let file = ctx.src_dir.join(format!("{}.rs", declaration.name));
            let nested = ctx.src_dir.join(&declaration.name).join("mod.rs");
            let readable = (self.read)(&file).is_ok();
            if !readable {
                let hint = if (self.read)(&nested).is_ok() {
                    format!(
                        " ({} exists: move it to {})",
                        self.workspace.display_path(&nested).display(),
                        self.workspace.display_path(&file).display()
                    )
                } else {
                    String::new()
                };
                self.violate(
                    path,
                    declaration.line,
                    format!(
                        "`mod {};` has no file {}{hint}",
                        declaration.name,
                        self.workspace.display_path(&file).display()
                    ),
                );
                continue;
            }
            let inner_indent = format!("{indent}{}    ", declaration.line_indent);
            let in_lib = role == FileRole::LibRoot;
            let body = self.emit_file(&file, FileRole::Submodule { in_lib }, ctx, &inner_indent);
            let note = if ctx.compact {
                String::new()
            } else {
                format!(
                    "{inner_indent}// {}\n",
                    self.workspace.display_path(&file).display()
                )
            };
            let replacement = format!(" {{\n{note}{body}{indent}{}}}", declaration.line_indent);
            edits.push(Edit {
                from: declaration.semicolon.0,
                to: declaration.semicolon.1,
                text: replacement,
                indented: false,
            });
        }
        if ctx.compact {
            edits.extend(comment_removals(&source));
        }
        let mut out = render(&source, &text, edits, indent, ctx.compact);
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }
}

fn parent(path: &Path) -> PathBuf {
    path.parent().unwrap_or(Path::new("")).to_path_buf()
}

// ---------------------------------------------------------------------------
// Planning: which items go, which `mod name;` become inline, where aliases go.

/// The changes to one file.
#[derive(Default)]
struct Plan {
    edits: Vec<Edit>,
    /// Significant-token ranges removed (`#[cfg(test)]` items).
    stripped: Vec<(usize, usize)>,
    file_mods: Vec<FileMod>,
}

/// A replacement of the bytes `from..to` of the source by `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Edit {
    from: usize,
    to: usize,
    text: String,
    /// Whether `text` still needs the file's indentation.
    indented: bool,
}

/// A `mod name;` to replace by the file's contents.
struct FileMod {
    name: String,
    line: usize,
    /// The byte range of the `;`.
    semicolon: (usize, usize),
    /// The white space before `mod` on its line.
    line_indent: String,
}

/// Plans the module whose items are the significant tokens `lo..hi`:
/// removes test-only items, records `mod name;` declarations, recurses into
/// inline modules and impl/trait bodies, and adds the crate aliases.
#[allow(clippy::too_many_arguments)]
fn plan_module(
    source: &Source<'_>,
    role: FileRole,
    ctx: &CrateCtx,
    lo: usize,
    hi: usize,
    file_level: bool,
    plan: &mut Plan,
    found: &mut Vec<(usize, String)>,
) {
    let (body_start, items) = match split_items(source, lo, hi) {
        Ok(split) => split,
        Err(error) => {
            found.push(error);
            return;
        }
    };
    // Inner attributes of a library module that only a crate root may carry.
    if role != FileRole::BinRoot || !file_level {
        check_inner_attributes(source, lo, body_start, found);
    }
    let mut nested_bodies = Vec::new();
    let mut bound_names = Vec::new();
    for item in &items {
        if item_is_test_only(source, item) {
            plan.stripped.push((item.first, item.end));
            plan.edits.push(strip_edit(source, item));
            continue;
        }
        match classify(source, item) {
            ItemKind::FileMod { name, semicolon } => {
                let line = source.line(item.head);
                if !file_level || matches!(role, FileRole::Submodule { .. }) {
                    found.push((
                        line,
                        format!(
                            "`mod {name};` in a submodule or inline module: the export allows one level, \
                             `mod name;` in the crate's root file with the module in src/name.rs"
                        ),
                    ));
                    continue;
                }
                let token = source.token(semicolon);
                plan.file_mods.push(FileMod {
                    name,
                    line,
                    semicolon: (token.start, token.end),
                    line_indent: source.line_indent(source.token(item.first).start),
                });
            }
            ItemKind::InlineMod { open, close } => {
                nested_bodies.push((open, close));
                plan_module(source, role, ctx, open + 1, close, false, plan, found);
            }
            ItemKind::ImplOrTrait { open, close } => {
                strip_in_impl(source, open + 1, close, plan, found);
            }
            ItemKind::Use => {
                bound_names.extend(use_bindings(source, item.head, item.end));
            }
            ItemKind::Other => {}
        }
    }
    // An import that binds a workspace crate's own name clashes with the
    // alias below (or, at the file root, with the crate's module).
    for (line, name) in &bound_names {
        if ctx.deps.contains_key(name.as_str()) {
            found.push((
                *line,
                format!(
                    "this import binds the name `{name}`, which the export defines itself \
                     (crate `{name}` becomes a module of the submission, named by `use crate::{name};`): \
                     name its items (`use {name}::{{Item}}`) or rename it (`use {name} as other;`)"
                ),
            ));
        }
    }
    // The crate aliases, where a module names a workspace crate. The binary's
    // root needs none: the library modules sit right there.
    if role == FileRole::BinRoot && file_level {
        return;
    }
    let mentioned = crate_mentions(source, ctx, body_start, hi, &plan.stripped, &nested_bodies);
    if mentioned.is_empty() {
        return;
    }
    let at = alias_position(source, lo, body_start);
    let line_indent = if body_start < hi {
        source.line_indent(source.token(body_start).start)
    } else {
        String::new()
    };
    let mut text = String::new();
    if at.1 && !ctx.compact {
        text.push('\n');
    }
    for name in &mentioned {
        let package = ctx.deps.get(*name).map_or("", String::as_str);
        if ctx.compact {
            text.push_str(&format!("{line_indent}use crate::{name};\n"));
        } else {
            text.push_str(&format!(
                "{line_indent}use crate::{name}; // export: crate `{package}` is a module at the file root\n"
            ));
        }
    }
    if !at.1 && !ctx.compact {
        text.push('\n');
    }
    plan.edits.push(Edit {
        from: at.0,
        to: at.0,
        text,
        indented: true,
    });
}

/// Removes test-only items inside an impl or trait body (an item list).
fn strip_in_impl(
    source: &Source<'_>,
    lo: usize,
    hi: usize,
    plan: &mut Plan,
    found: &mut Vec<(usize, String)>,
) {
    match split_items(source, lo, hi) {
        Ok((_, items)) => {
            for item in &items {
                if item_is_test_only(source, item) {
                    plan.stripped.push((item.first, item.end));
                    plan.edits.push(strip_edit(source, item));
                }
            }
        }
        Err(error) => found.push(error),
    }
}

/// Where the aliases go: after the last inner attribute or inner doc
/// comment at the start of the module (the byte after its line), and whether
/// anything precedes them there.
fn alias_position(source: &Source<'_>, lo: usize, body_start: usize) -> (usize, bool) {
    // The region before the first item: the module's opening (or the file's
    // start) up to the first item's first token.
    let region_start = if lo == 0 { 0 } else { source.token(lo - 1).end };
    let region_end = if body_start < source.sig.len() {
        source.token(body_start).start
    } else {
        source.text.len()
    };
    let mut last_end = None;
    if body_start > lo {
        last_end = Some(source.token(body_start - 1).end);
    }
    for token in &source.tokens {
        if token.start >= region_start
            && token.end <= region_end
            && token.kind == Kind::Comment(Doc::Inner)
        {
            last_end = Some(last_end.map_or(token.end, |end: usize| end.max(token.end)));
        }
    }
    match last_end {
        Some(end) => (source.after_line(end), true),
        None if lo == 0 => (0, false),
        None => (source.after_line(region_start), false),
    }
}

/// The dependency crate names that the module's own tokens use as a path
/// root (`judge_io::x`, `judge_io as y`), outside removed items and nested
/// inline modules.
fn crate_mentions<'c>(
    source: &Source<'_>,
    ctx: &'c CrateCtx,
    lo: usize,
    hi: usize,
    stripped: &[(usize, usize)],
    nested: &[(usize, usize)],
) -> BTreeSet<&'c str> {
    let mut names = BTreeSet::new();
    let mut index = lo;
    while index < hi {
        if let Some(&(_, end)) = stripped
            .iter()
            .chain(nested)
            .find(|&&(start, _)| start == index)
        {
            index = end.max(index + 1);
            continue;
        }
        if source.kind(index) == Kind::Ident {
            if let Some((name, _)) = ctx.deps.get_key_value(source.text_of(index)) {
                let before = index.checked_sub(1).map(|i| source.text_of(i));
                let after = source.text_of_opt(index + 1);
                let is_root = !matches!(before, Some("::" | "."));
                if is_root && matches!(after, Some("::" | "as")) {
                    names.insert(name.as_str());
                }
            }
        }
        index += 1;
    }
    names
}

/// The names a `use` item binds, with their lines: `use a::b;` binds `b`,
/// `use a::{self};` binds `a`, `use a as c;` binds `c`, globs bind nothing.
fn use_bindings(source: &Source<'_>, head: usize, end: usize) -> Vec<(usize, String)> {
    let mut bound = Vec::new();
    if let Some(use_at) = (head..end).find(|&i| source.text_of(i) == "use") {
        // The tree lies between `use` and the final `;`.
        use_tree(source, use_at + 1, end.saturating_sub(1), None, &mut bound);
    }
    bound
}

/// The bindings of the comma-separated use trees `lo..hi`, whose paths
/// continue `parent` (the segment before `::{`).
fn use_tree(
    source: &Source<'_>,
    lo: usize,
    hi: usize,
    parent: Option<&str>,
    bound: &mut Vec<(usize, String)>,
) {
    let mut start = lo;
    let mut index = lo;
    while index <= hi {
        if index == hi || source.text_of(index) == "," {
            if index > start {
                use_path(source, start, index, parent, bound);
            }
            start = index + 1;
        } else if let Some(close) = source.close_of(index) {
            index = close;
        }
        index += 1;
    }
}

fn use_path(
    source: &Source<'_>,
    lo: usize,
    hi: usize,
    parent: Option<&str>,
    bound: &mut Vec<(usize, String)>,
) {
    let mut segments: Vec<(usize, &str)> = Vec::new();
    let mut index = lo;
    while index < hi {
        let text = source.text_of(index);
        match text {
            "::" => {}
            "*" => return,
            "{" => {
                let close = source.close_of(index).unwrap_or(hi);
                let group_parent = segments.last().map(|&(_, name)| name).or(parent);
                use_tree(source, index + 1, close, group_parent, bound);
                return;
            }
            "as" => {
                let alias = source.text_of(index + 1);
                if alias != "_" {
                    bound.push((source.line(index + 1), alias.to_string()));
                }
                return;
            }
            _ => segments.push((index, text)),
        }
        index += 1;
    }
    match segments.last() {
        Some(&(at, "self")) => {
            let before = segments
                .len()
                .checked_sub(2)
                .map(|i| segments[i].1)
                .or(parent);
            if let Some(name) = before {
                bound.push((source.line(at), name.to_string()));
            }
        }
        Some(&(at, name)) => bound.push((source.line(at), name.to_string())),
        None => {}
    }
}

/// An edit that removes a test-only item with its doc comments, attributes
/// and the blank lines before it.
fn strip_edit(source: &Source<'_>, item: &Item) -> Edit {
    let first = source.sig[item.first];
    let last = source.sig[item.end - 1];
    // Comments right above the item (no blank line between) belong to it.
    let mut start_token = first;
    while start_token > 0 {
        let previous = &source.tokens[start_token - 1];
        let gap = &source.text[previous.end..source.tokens[start_token].start];
        let own_line = source.text[..previous.start]
            .rsplit('\n')
            .next()
            .is_some_and(|head| head.trim().is_empty());
        if matches!(previous.kind, Kind::Comment(_)) && gap.matches('\n').count() <= 1 && own_line {
            start_token -= 1;
        } else {
            break;
        }
    }
    let item_start = source.tokens[start_token].start;
    let item_end = source.tokens[last].end;
    let rest_of_line = {
        let rest = &source.text[item_end..];
        let line = rest.split('\n').next().unwrap_or("");
        if line.trim().is_empty() && rest.len() > line.len() {
            Some(item_end + line.len())
        } else {
            None
        }
    };
    if start_token == 0 {
        // At the very start of the file: take the line end too.
        let to = rest_of_line.map_or(item_end, |newline| newline + 1);
        return Edit {
            from: 0,
            to,
            text: String::new(),
            indented: false,
        };
    }
    let previous_end = source.tokens[start_token - 1].end;
    let gap = &source.text[previous_end..item_start];
    let from = match gap.find('\n') {
        Some(offset) => previous_end + offset,
        None => previous_end,
    };
    let to = rest_of_line.unwrap_or(item_end);
    Edit {
        from,
        to,
        text: String::new(),
        indented: false,
    }
}

/// Edits that remove every comment and blank line (compact mode): a comment
/// alone on its lines goes with its lines, one at the end of a line goes
/// with the white space before it, and one between tokens becomes a space,
/// so that the tokens around it stay apart. Lines inside string literals
/// are never touched.
fn comment_removals(source: &Source<'_>) -> Vec<Edit> {
    let text = source.text;
    let mut edits = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        if line.trim().is_empty() && !source.in_string(line_start) {
            edits.push(Edit {
                from: line_start,
                to: line_start + line.len(),
                text: String::new(),
                indented: false,
            });
        }
        line_start += line.len();
    }
    for token in source
        .tokens
        .iter()
        .filter(|t| matches!(t.kind, Kind::Comment(_)))
    {
        let line_start = text[..token.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[token.end..]
            .find('\n')
            .map_or(text.len(), |i| token.end + i);
        let before = &text[line_start..token.start];
        let after = &text[token.end..line_end];
        let (from, to, replacement) = if before.trim().is_empty() && after.trim().is_empty() {
            (line_start, (line_end + 1).min(text.len()), "")
        } else if after.trim().is_empty() {
            (
                token.start - (before.len() - before.trim_end().len()),
                token.end,
                "",
            )
        } else {
            (token.start, token.end, " ")
        };
        edits.push(Edit {
            from,
            to,
            text: replacement.to_string(),
            indented: false,
        });
    }
    edits
}

/// Applies the edits and the indentation; `compact` also drops every empty
/// line outside string literals.
fn render(
    source: &Source<'_>,
    text: &str,
    mut edits: Vec<Edit>,
    indent: &str,
    compact: bool,
) -> String {
    edits.sort_by_key(|edit| (edit.from, edit.to));
    // An insertion that falls inside a removed range moves to its start.
    let removed: Vec<(usize, usize)> = edits
        .iter()
        .filter(|edit| edit.to > edit.from)
        .map(|edit| (edit.from, edit.to))
        .collect();
    for edit in &mut edits {
        if edit.to == edit.from {
            if let Some(&(from, _)) = removed
                .iter()
                .find(|&&(from, to)| from < edit.from && edit.from < to)
            {
                edit.from = from;
                edit.to = from;
            }
        }
    }
    edits.sort_by_key(|edit| (edit.from, edit.to));
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(text.len() + text.len() / 8);
    let mut at_line_start = true;
    let push = |out: &mut Vec<u8>,
                piece: &[u8],
                in_string: &dyn Fn(usize) -> bool,
                base: usize,
                at_line_start: &mut bool| {
        for (offset, &byte) in piece.iter().enumerate() {
            if compact && *at_line_start && byte == b'\n' && !in_string(base + offset) {
                continue;
            }
            if *at_line_start && byte != b'\n' && byte != b'\r' && !in_string(base + offset) {
                out.extend_from_slice(indent.as_bytes());
            }
            out.push(byte);
            *at_line_start = byte == b'\n';
        }
    };
    let in_source_string = |offset: usize| source.in_string(offset);
    let never = |_: usize| false;
    let mut position = 0;
    for mut edit in edits {
        if edit.from < position {
            // Inside a range already removed (a comment inside a removed
            // test module, in compact mode): what is left of it, if anything.
            if edit.to <= position || !edit.text.is_empty() {
                continue;
            }
            edit.from = position;
        }
        push(
            &mut out,
            &bytes[position..edit.from],
            &in_source_string,
            position,
            &mut at_line_start,
        );
        if edit.indented {
            push(
                &mut out,
                edit.text.as_bytes(),
                &never,
                0,
                &mut at_line_start,
            );
        } else {
            out.extend_from_slice(edit.text.as_bytes());
            if let Some(&last) = edit.text.as_bytes().last() {
                at_line_start = last == b'\n';
            }
        }
        position = edit.to;
    }
    push(
        &mut out,
        &bytes[position..],
        &in_source_string,
        position,
        &mut at_line_start,
    );
    String::from_utf8(out)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

// ---------------------------------------------------------------------------
// The runtime-code rules, checked on every token that stays in the output.

const CRATE_LEVEL_ATTRIBUTES: &[&str] = &[
    "no_std",
    "no_main",
    "no_core",
    "crate_name",
    "crate_type",
    "recursion_limit",
    "type_length_limit",
    "windows_subsystem",
    "feature",
    "no_builtins",
];

fn check_inner_attributes(
    source: &Source<'_>,
    lo: usize,
    body_start: usize,
    found: &mut Vec<(usize, String)>,
) {
    let mut index = lo;
    while index + 2 < body_start {
        if source.text_of(index) == "#" && source.text_of(index + 1) == "!" {
            let name = source.text_of(index + 3);
            if CRATE_LEVEL_ATTRIBUTES.contains(&name) {
                found.push((
                    source.line(index),
                    format!(
                        "`#![{name}]` only works at a crate root, and this file becomes a module of the submission"
                    ),
                ));
            }
            index = source
                .close_of(index + 2)
                .map_or(body_start, |close| close + 1);
        } else {
            index += 1;
        }
    }
}

fn check_runtime(
    source: &Source<'_>,
    role: FileRole,
    ctx: &CrateCtx,
    stripped: &[(usize, usize)],
    found: &mut Vec<(usize, String)>,
) {
    let in_lib = matches!(
        role,
        FileRole::LibRoot | FileRole::Submodule { in_lib: true }
    );
    let mut index = 0;
    let count = source.sig.len();
    while index < count {
        if let Some(&(_, end)) = stripped.iter().find(|&&(start, _)| start == index) {
            index = end.max(index + 1);
            continue;
        }
        let text = source.text_of(index);
        let next = source.text_of_opt(index + 1);
        let line = source.line(index);
        let kind = source.kind(index);
        if kind == Kind::Ident {
            match (text, next) {
                ("crate", Some("::")) if in_lib && source.text_of_opt(index.wrapping_sub(1)) != Some("$") => {
                    found.push((
                        line,
                        "`crate::` in library code: pasted into the submission, `crate` means the whole file; \
                         use `super::` (from a submodule) or a path from this module"
                            .to_string(),
                    ));
                }
                ("extern", Some("crate")) => found.push((
                    line,
                    "`extern crate`: a judge has no crates to link; name workspace crates by path".to_string(),
                )),
                ("include" | "include_str" | "include_bytes", Some("!")) => found.push((
                    line,
                    format!("`{text}!` reads a file at compile time, and the judge has only the one file"),
                )),
                ("env" | "option_env", Some("!")) => found.push((
                    line,
                    format!("`{text}!` reads Cargo's compile-time environment, which a bare rustc does not set"),
                )),
                _ => {}
            }
        } else if text == "$" && next == Some("crate") {
            found.push((
                line,
                "`$crate` in a macro: pasted, it means the whole submission, not this library"
                    .to_string(),
            ));
        } else if text == "#" {
            check_attribute(source, index, in_lib, found);
        } else if text == "::" && is_path_start(source, index) {
            if let Some(root) = next {
                if !["std", "core"].contains(&root) {
                    let hint = if ctx.deps.contains_key(root) {
                        format!(": write `{root}::...`")
                    } else {
                        String::new()
                    };
                    found.push((
                        line,
                        format!("global path `::{root}`: only `::std` and `::core` exist for a judge{hint}"),
                    ));
                }
            }
        }
        index += 1;
    }
}

/// `#[path]`, `#[macro_export]` (libraries), also inside `cfg_attr`.
fn check_attribute(
    source: &Source<'_>,
    hash: usize,
    in_lib: bool,
    found: &mut Vec<(usize, String)>,
) {
    let open = if source.text_of_opt(hash + 1) == Some("!") {
        hash + 2
    } else {
        hash + 1
    };
    if source.text_of_opt(open) != Some("[") {
        return;
    }
    let Some(close) = source.close_of(open) else {
        return;
    };
    let line = source.line(hash);
    let name = source.text_of_opt(open + 1).unwrap_or("");
    let names: Vec<&str> = if name == "cfg_attr" {
        // Every attribute name inside: an ident followed by `=`, `(` or `,`/`)`.
        (open + 2..close)
            .filter(|&i| source.kind(i) == Kind::Ident)
            .map(|i| source.text_of(i))
            .collect()
    } else {
        vec![name]
    };
    if names.contains(&"path") {
        found.push((
            line,
            "`#[path]`: submodules must live in src/name.rs, declared `mod name;`".to_string(),
        ));
    }
    if in_lib && names.contains(&"macro_export") {
        found.push((
            line,
            "`#[macro_export]` puts the macro at the crate root, which is the submission's root once pasted; \
             keep library macros local (`macro_rules!` without export)"
                .to_string(),
        ));
    }
}

/// Whether the `::` at `index` starts a path (`::std::x`) rather than
/// continuing one (`a::b`, `Vec::<u8>::new`, `<T as X>::f`).
fn is_path_start(source: &Source<'_>, index: usize) -> bool {
    let Some(previous) = index.checked_sub(1) else {
        return true;
    };
    let text = source.text_of(previous);
    match source.kind(previous) {
        Kind::Ident => matches!(
            text,
            "use"
                | "as"
                | "in"
                | "return"
                | "break"
                | "mut"
                | "dyn"
                | "impl"
                | "where"
                | "let"
                | "if"
                | "match"
                | "while"
                | "for"
                | "move"
                | "ref"
                | "else"
                | "const"
                | "static"
                | "type"
                | "pub"
                | "box"
                | "yield"
                | "unsafe"
        ),
        Kind::Close => false,
        _ => text != ">",
    }
}

// ---------------------------------------------------------------------------
// Items.

/// One item of an item list, in significant-token indices.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Item {
    /// Its first token (its first outer attribute, or `head`).
    first: usize,
    /// Its first token after the outer attributes.
    head: usize,
    /// One past its last token.
    end: usize,
    /// The outer attributes: the index of each `#`.
    attributes: Vec<usize>,
}

enum ItemKind {
    FileMod { name: String, semicolon: usize },
    InlineMod { open: usize, close: usize },
    ImplOrTrait { open: usize, close: usize },
    Use,
    Other,
}

/// Splits the item list `lo..hi`: skips the inner attributes, then returns
/// where the items begin and the items.
fn split_items(
    source: &Source<'_>,
    lo: usize,
    hi: usize,
) -> Result<(usize, Vec<Item>), (usize, String)> {
    let mut index = lo;
    while index + 2 < hi
        && source.text_of(index) == "#"
        && source.text_of(index + 1) == "!"
        && source.text_of(index + 2) == "["
    {
        index = source
            .close_of(index + 2)
            .ok_or((source.line(index), "unclosed attribute".to_string()))?
            + 1;
    }
    let body_start = index;
    let mut items = Vec::new();
    while index < hi {
        let first = index;
        let mut attributes = Vec::new();
        while index + 1 < hi && source.text_of(index) == "#" && source.text_of(index + 1) == "[" {
            attributes.push(index);
            index = source
                .close_of(index + 1)
                .ok_or((source.line(index), "unclosed attribute".to_string()))?
                + 1;
        }
        let head = index;
        let end = item_end(source, head, hi)?;
        items.push(Item {
            first,
            head,
            end,
            attributes,
        });
        index = end;
    }
    Ok((body_start, items))
}

/// One past the last token of the item starting at `head`: its `;`, or its
/// first `{...}` body (items that hold an expression, such as `const`, end
/// only at `;`).
fn item_end(source: &Source<'_>, head: usize, hi: usize) -> Result<usize, (usize, String)> {
    let mut index = head;
    let mut keyword = head;
    if source.text_of_opt(keyword) == Some("pub") {
        keyword += 1;
        if source.text_of_opt(keyword) == Some("(") {
            keyword = source.close_of(keyword).map_or(keyword, |close| close + 1);
        }
    }
    let word = source.text_of_opt(keyword).unwrap_or("");
    let next = source.text_of_opt(keyword + 1).unwrap_or("");
    let semicolon_only = match word {
        "const" => !matches!(next, "fn" | "unsafe" | "async" | "extern"),
        "static" | "use" | "type" | "let" => true,
        "extern" => next == "crate",
        _ => false,
    };
    while index < hi {
        match source.kind(index) {
            Kind::Open => {
                let close = source
                    .close_of(index)
                    .ok_or((source.line(index), "unclosed delimiter".to_string()))?;
                if source.text_of(index) == "{" && !semicolon_only {
                    return Ok(close + 1);
                }
                index = close + 1;
            }
            Kind::Punct if source.text_of(index) == ";" => return Ok(index + 1),
            _ => index += 1,
        }
    }
    Err((
        source.line(head),
        "cannot find where this item ends (no `;` or `{...}` body before the end of its block)"
            .to_string(),
    ))
}

fn classify(source: &Source<'_>, item: &Item) -> ItemKind {
    let mut index = item.head;
    if source.text_of_opt(index) == Some("pub") {
        index += 1;
        if source.text_of_opt(index) == Some("(") {
            index = source.close_of(index).map_or(index, |close| close + 1);
        }
    }
    while matches!(
        source.text_of_opt(index),
        Some("unsafe" | "auto" | "default")
    ) {
        index += 1;
    }
    match source.text_of_opt(index) {
        Some("mod") => {
            let name = source
                .text_of_opt(index + 1)
                .unwrap_or("")
                .trim_start_matches("r#")
                .to_string();
            match source.text_of_opt(index + 2) {
                Some(";") => ItemKind::FileMod {
                    name,
                    semicolon: index + 2,
                },
                Some("{") => match source.close_of(index + 2) {
                    Some(close) => ItemKind::InlineMod {
                        open: index + 2,
                        close,
                    },
                    None => ItemKind::Other,
                },
                _ => ItemKind::Other,
            }
        }
        Some("impl" | "trait") => {
            let last = item.end - 1;
            if source.text_of(last) == "}" {
                match source.open_of(last) {
                    Some(open) => ItemKind::ImplOrTrait { open, close: last },
                    None => ItemKind::Other,
                }
            } else {
                ItemKind::Other
            }
        }
        Some("use") => ItemKind::Use,
        _ => ItemKind::Other,
    }
}

/// Whether an item carries a `#[cfg(...)]` that is false whenever `test` is.
fn item_is_test_only(source: &Source<'_>, item: &Item) -> bool {
    item.attributes.iter().any(|&hash| {
        let open = hash + 1;
        source.text_of_opt(open + 1) == Some("cfg")
            && source.text_of_opt(open + 2) == Some("(")
            && source
                .close_of(open + 2)
                .is_some_and(|close| cfg_value(source, open + 3, close) == Tri::False)
    })
}

/// A cfg predicate's value when `test` is off and everything else unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tri {
    True,
    False,
    Unknown,
}

/// Evaluates the predicate list `lo..hi` (one predicate; a list for the
/// callers that pass `all`/`any` arguments).
fn cfg_value(source: &Source<'_>, lo: usize, hi: usize) -> Tri {
    let values = cfg_list(source, lo, hi);
    if values.len() == 1 {
        values[0]
    } else {
        Tri::Unknown
    }
}

fn cfg_list(source: &Source<'_>, lo: usize, hi: usize) -> Vec<Tri> {
    let mut values = Vec::new();
    let mut index = lo;
    while index < hi {
        let name = source.text_of(index);
        let (value, next) = match source.text_of_opt(index + 1) {
            Some("(") if index + 1 < hi => {
                let close = source.close_of(index + 1).unwrap_or(hi);
                let inner = cfg_list(source, index + 2, close);
                let value = match name {
                    "all" if inner.contains(&Tri::False) => Tri::False,
                    "all" if inner.iter().all(|v| *v == Tri::True) => Tri::True,
                    "any" if inner.contains(&Tri::True) => Tri::True,
                    "any" if inner.iter().all(|v| *v == Tri::False) => Tri::False,
                    "not" if inner.len() == 1 => match inner[0] {
                        Tri::True => Tri::False,
                        Tri::False => Tri::True,
                        Tri::Unknown => Tri::Unknown,
                    },
                    _ => Tri::Unknown,
                };
                (value, close + 1)
            }
            Some("=") => (Tri::Unknown, index + 3),
            _ if name == "test" => (Tri::False, index + 1),
            _ => (Tri::Unknown, index + 1),
        };
        values.push(value);
        index = next;
        if source.text_of_opt(index) == Some(",") {
            index += 1;
        }
    }
    values
}

// ---------------------------------------------------------------------------
// The lexer: just enough of Rust's lexical grammar to find tokens, comments
// and string literals exactly.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ident,
    Lifetime,
    /// A char or number literal.
    Literal,
    /// A string literal of any kind (may span lines).
    Str,
    Punct,
    Open,
    Close,
    Comment(Doc),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Doc {
    No,
    Outer,
    Inner,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
    line: usize,
}

/// A lexed file.
struct Source<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    /// The indices of the tokens that are not comments.
    sig: Vec<usize>,
    /// For each significant token that opens a group, the index of its
    /// closing token; for each closing token, its opening one.
    partner: Vec<usize>,
    /// The string literals' byte ranges, sorted.
    strings: Vec<(usize, usize)>,
}

impl<'a> Source<'a> {
    fn new(text: &'a str) -> Result<Source<'a>, (usize, String)> {
        let tokens = lex(text)?;
        let sig: Vec<usize> = (0..tokens.len())
            .filter(|&i| !matches!(tokens[i].kind, Kind::Comment(_)))
            .collect();
        let mut partner = vec![usize::MAX; sig.len()];
        let mut open: Vec<usize> = Vec::new();
        for (index, &token_index) in sig.iter().enumerate() {
            let token = tokens[token_index];
            match token.kind {
                Kind::Open => open.push(index),
                Kind::Close => {
                    let Some(opener) = open.pop() else {
                        return Err((token.line, "unmatched closing delimiter".to_string()));
                    };
                    let pair = (
                        &text[tokens[sig[opener]].start..tokens[sig[opener]].end],
                        &text[token.start..token.end],
                    );
                    if !matches!(pair, ("(", ")") | ("[", "]") | ("{", "}")) {
                        return Err((
                            token.line,
                            format!(
                                "mismatched delimiters: line {} opens {:?}, this line closes {:?}",
                                tokens[sig[opener]].line, pair.0, pair.1
                            ),
                        ));
                    }
                    partner[opener] = index;
                    partner[index] = opener;
                }
                _ => {}
            }
        }
        if let Some(&opener) = open.last() {
            return Err((tokens[sig[opener]].line, "unclosed delimiter".to_string()));
        }
        let strings = tokens
            .iter()
            .filter(|token| token.kind == Kind::Str)
            .map(|token| (token.start, token.end))
            .collect();
        Ok(Source {
            text,
            tokens,
            sig,
            partner,
            strings,
        })
    }

    fn token(&self, index: usize) -> Token {
        self.tokens[self.sig[index]]
    }

    fn kind(&self, index: usize) -> Kind {
        self.token(index).kind
    }

    fn line(&self, index: usize) -> usize {
        self.token(index).line
    }

    fn text_of(&self, index: usize) -> &'a str {
        self.text_of_opt(index).unwrap_or("")
    }

    fn text_of_opt(&self, index: usize) -> Option<&'a str> {
        let token = self.tokens.get(*self.sig.get(index)?)?;
        Some(&self.text[token.start..token.end])
    }

    fn close_of(&self, index: usize) -> Option<usize> {
        (self.kind(index) == Kind::Open).then(|| self.partner[index])
    }

    fn open_of(&self, index: usize) -> Option<usize> {
        (self.kind(index) == Kind::Close).then(|| self.partner[index])
    }

    /// Whether the byte at `offset` lies inside a string literal (after its
    /// opening quote).
    fn in_string(&self, offset: usize) -> bool {
        let at = self.strings.partition_point(|&(start, _)| start < offset);
        at > 0 && offset < self.strings[at - 1].1
    }

    /// The white space that starts the line holding `offset`.
    fn line_indent(&self, offset: usize) -> String {
        let line_start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        self.text[line_start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect()
    }

    /// The offset just after the line end that follows `offset`, or the end
    /// of the text.
    fn after_line(&self, offset: usize) -> usize {
        self.text[offset..]
            .find('\n')
            .map_or(self.text.len(), |i| offset + i + 1)
    }
}

fn lex(text: &str) -> Result<Vec<Token>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut index = 0;
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    while index < bytes.len() {
        let start = index;
        let start_line = line;
        let byte = bytes[index];
        let kind;
        if byte == b'\n' {
            line += 1;
            index += 1;
            continue;
        } else if byte.is_ascii_whitespace() {
            index += 1;
            continue;
        } else if byte == b'/' && at(index + 1) == b'/' {
            let end = text[index..].find('\n').map_or(bytes.len(), |i| index + i);
            let body = &text[index..end];
            kind = Kind::Comment(if body.starts_with("///") && !body.starts_with("////") {
                Doc::Outer
            } else if body.starts_with("//!") {
                Doc::Inner
            } else {
                Doc::No
            });
            index = end;
        } else if byte == b'/' && at(index + 1) == b'*' {
            let mut depth = 0usize;
            loop {
                if index >= bytes.len() {
                    return Err((start_line, "unterminated block comment".to_string()));
                }
                if bytes[index] == b'/' && at(index + 1) == b'*' {
                    depth += 1;
                    index += 2;
                } else if bytes[index] == b'*' && at(index + 1) == b'/' {
                    depth -= 1;
                    index += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if bytes[index] == b'\n' {
                        line += 1;
                    }
                    index += 1;
                }
            }
            let body = &text[start..index];
            kind = Kind::Comment(
                if body.starts_with("/**") && !body.starts_with("/***") && body != "/**/" {
                    Doc::Outer
                } else if body.starts_with("/*!") {
                    Doc::Inner
                } else {
                    Doc::No
                },
            );
        } else if let Some(end) = raw_string_end(bytes, index) {
            let end = end.map_err(|()| (start_line, "unterminated raw string".to_string()))?;
            line += text[index..end].matches('\n').count();
            index = end;
            kind = Kind::Str;
        } else if byte == b'"' || ((byte == b'b' || byte == b'c') && at(index + 1) == b'"') {
            index += if byte == b'"' { 1 } else { 2 };
            loop {
                match bytes.get(index) {
                    None => return Err((start_line, "unterminated string".to_string())),
                    Some(b'\\') => index += 2,
                    Some(b'"') => {
                        index += 1;
                        break;
                    }
                    Some(_) => index += 1,
                }
            }
            line = start_line + text[start..index].matches('\n').count();
            kind = Kind::Str;
        } else if byte == b'\'' || (byte == b'b' && at(index + 1) == b'\'') {
            let quote = if byte == b'b' { index + 1 } else { index };
            if at(quote + 1) == b'\\' {
                // An escaped char: past the backslash and the escaped
                // character, up to the closing quote.
                index = quote + 3;
                loop {
                    match bytes.get(index) {
                        None | Some(b'\n') => {
                            return Err((start_line, "unterminated character literal".to_string()))
                        }
                        Some(b'\\') => index += 2,
                        Some(b'\'') => {
                            index += 1;
                            break;
                        }
                        Some(_) => index += 1,
                    }
                }
                kind = Kind::Literal;
            } else {
                let ch = text[quote + 1..]
                    .chars()
                    .next()
                    .ok_or((start_line, "a lone quote at the end".to_string()))?;
                let after = quote + 1 + ch.len_utf8();
                if at(after) == b'\'' {
                    index = after + 1;
                    kind = Kind::Literal;
                } else if byte == b'\'' && is_ident_start(ch) {
                    index = quote + 1;
                    index = ident_end(text, index);
                    kind = Kind::Lifetime;
                } else {
                    return Err((start_line, "cannot read this character literal".to_string()));
                }
            }
        } else if byte.is_ascii_digit() {
            let hex = byte == b'0' && matches!(at(index + 1), b'x' | b'o' | b'b');
            index += 1;
            loop {
                let b = at(index);
                let digit_part = b.is_ascii_alphanumeric() || b == b'_';
                let fraction = b == b'.'
                    && at(index + 1).is_ascii_digit()
                    && !text[start..index].contains('.');
                let exponent_sign = (b == b'+' || b == b'-')
                    && !hex
                    && matches!(bytes[index - 1], b'e' | b'E')
                    && text[start..index - 1]
                        .bytes()
                        .all(|d| d.is_ascii_digit() || d == b'_' || d == b'.')
                    && at(index + 1).is_ascii_digit();
                if !(digit_part || fraction || exponent_sign) {
                    break;
                }
                index += 1;
            }
            kind = Kind::Literal;
        } else if let Some(ch) = text[index..].chars().next().filter(|&c| is_ident_start(c)) {
            if ch == 'r'
                && at(index + 1) == b'#'
                && text[index + 2..].chars().next().is_some_and(is_ident_start)
            {
                index = ident_end(text, index + 2);
            } else {
                index = ident_end(text, index);
            }
            kind = Kind::Ident;
        } else if matches!(byte, b'(' | b'[' | b'{') {
            index += 1;
            kind = Kind::Open;
        } else if matches!(byte, b')' | b']' | b'}') {
            index += 1;
            kind = Kind::Close;
        } else {
            let pair = &bytes[index..bytes.len().min(index + 2)];
            index += if matches!(pair, b"::" | b"->" | b"=>") {
                2
            } else {
                text[index..].chars().next().map_or(1, char::len_utf8)
            };
            kind = Kind::Punct;
        }
        tokens.push(Token {
            kind,
            start,
            end: index,
            line: start_line,
        });
    }
    Ok(tokens)
}

/// If a raw string (`r"..."`, `r#"..."#`, `br`, `cr`) starts at `index`, its
/// end (or `Err` when unterminated).
fn raw_string_end(bytes: &[u8], index: usize) -> Option<Result<usize, ()>> {
    let mut i = index;
    if matches!(bytes.get(i), Some(b'b' | b'c')) {
        i += 1;
    }
    if bytes.get(i) != Some(&b'r') {
        return None;
    }
    i += 1;
    let hashes_start = i;
    while bytes.get(i) == Some(&b'#') {
        i += 1;
    }
    let hashes = i - hashes_start;
    if bytes.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    while i < bytes.len() {
        if bytes[i] == b'"'
            && bytes[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&b| b == b'#')
                .count()
                == hashes
            && bytes.len() >= i + 1 + hashes
        {
            return Some(Ok(i + 1 + hashes));
        }
        i += 1;
    }
    Some(Err(()))
}

fn is_ident_start(ch: char) -> bool {
    ch == '_' || ch.is_alphabetic()
}

fn ident_end(text: &str, from: usize) -> usize {
    text[from..]
        .char_indices()
        .find(|&(_, c)| !(c == '_' || c.is_alphanumeric()))
        .map_or(text.len(), |(i, _)| from + i)
}

// ---------------------------------------------------------------------------
// A small JSON reader for `cargo metadata` (std only, no dependency).

use json::Json;

mod json {
    /// A JSON value.
    #[derive(Debug, Clone, PartialEq)]
    pub(super) enum Json {
        Null,
        Bool(bool),
        Number(f64),
        Str(String),
        Array(Vec<Json>),
        Object(Vec<(String, Json)>),
    }

    impl Json {
        pub(super) fn get(&self, key: &str) -> Option<&Json> {
            match self {
                Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }

        pub(super) fn as_str(&self) -> Option<&str> {
            match self {
                Json::Str(text) => Some(text),
                _ => None,
            }
        }

        pub(super) fn as_bool(&self) -> Option<bool> {
            match self {
                Json::Bool(value) => Some(*value),
                _ => None,
            }
        }

        pub(super) fn as_array(&self) -> Option<&[Json]> {
            match self {
                Json::Array(items) => Some(items),
                _ => None,
            }
        }

        pub(super) fn as_object(&self) -> Option<&[(String, Json)]> {
            match self {
                Json::Object(fields) => Some(fields),
                _ => None,
            }
        }
    }

    /// Parses one JSON document. Nesting is handled with an explicit stack.
    pub(super) fn parse(text: &str) -> Result<Json, String> {
        enum Frame {
            Array(Vec<Json>),
            Object(Vec<(String, Json)>, Option<String>),
        }
        let bytes = text.as_bytes();
        let mut index = 0;
        let mut stack: Vec<Frame> = Vec::new();
        let error = |index: usize, what: &str| format!("JSON: {what} at byte {index}");
        loop {
            skip_space(bytes, &mut index);
            // In an object, read the key first.
            if let Some(Frame::Object(fields, key @ None)) = stack.last_mut() {
                if bytes.get(index) == Some(&b'}') {
                    index += 1;
                    let value = Json::Object(std::mem::take(fields));
                    stack.pop();
                    if let Some(done) = attach(&mut stack, value, bytes, &mut index)? {
                        return finish(done, bytes, index);
                    }
                    continue;
                }
                let name = string(bytes, &mut index)?;
                skip_space(bytes, &mut index);
                if bytes.get(index) != Some(&b':') {
                    return Err(error(index, "expected ':'"));
                }
                index += 1;
                *key = Some(name);
                continue;
            }
            let value = match bytes.get(index) {
                Some(b'{') => {
                    index += 1;
                    stack.push(Frame::Object(Vec::new(), None));
                    continue;
                }
                Some(b'[') => {
                    index += 1;
                    skip_space(bytes, &mut index);
                    if bytes.get(index) == Some(&b']') {
                        index += 1;
                        Json::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        continue;
                    }
                }
                Some(b'"') => Json::Str(string(bytes, &mut index)?),
                Some(b't') if text[index..].starts_with("true") => {
                    index += 4;
                    Json::Bool(true)
                }
                Some(b'f') if text[index..].starts_with("false") => {
                    index += 5;
                    Json::Bool(false)
                }
                Some(b'n') if text[index..].starts_with("null") => {
                    index += 4;
                    Json::Null
                }
                Some(b'-' | b'0'..=b'9') => {
                    let start = index;
                    while matches!(
                        bytes.get(index),
                        Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    ) {
                        index += 1;
                    }
                    Json::Number(
                        text[start..index]
                            .parse()
                            .map_err(|_| error(start, "bad number"))?,
                    )
                }
                _ => return Err(error(index, "expected a value")),
            };
            if let Some(done) = attach(&mut stack, value, bytes, &mut index)? {
                return finish(done, bytes, index);
            }
        }

        /// Adds a finished value to the frame on top; closes the frames that
        /// end right after it. Returns the whole document when it is done.
        fn attach(
            stack: &mut Vec<Frame>,
            mut value: Json,
            bytes: &[u8],
            index: &mut usize,
        ) -> Result<Option<Json>, String> {
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok(Some(value));
                };
                match top {
                    Frame::Array(items) => items.push(value),
                    Frame::Object(fields, key) => {
                        let name = key.take().ok_or("JSON: a value without its key")?;
                        fields.push((name, value));
                    }
                }
                skip_space(bytes, index);
                match (bytes.get(*index), &mut *top) {
                    (Some(b','), _) => {
                        *index += 1;
                        return Ok(None);
                    }
                    (Some(b']'), Frame::Array(items)) => {
                        *index += 1;
                        value = Json::Array(std::mem::take(items));
                    }
                    (Some(b'}'), Frame::Object(fields, _)) => {
                        *index += 1;
                        value = Json::Object(std::mem::take(fields));
                    }
                    _ => {
                        return Err(format!(
                            "JSON: expected ',' or a closing bracket at byte {index}"
                        ))
                    }
                }
                stack.pop();
            }
        }

        fn finish(value: Json, bytes: &[u8], mut index: usize) -> Result<Json, String> {
            skip_space(bytes, &mut index);
            if index == bytes.len() {
                Ok(value)
            } else {
                Err(format!("JSON: trailing text at byte {index}"))
            }
        }
    }

    fn skip_space(bytes: &[u8], index: &mut usize) {
        while bytes.get(*index).is_some_and(u8::is_ascii_whitespace) {
            *index += 1;
        }
    }

    fn string(bytes: &[u8], index: &mut usize) -> Result<String, String> {
        if bytes.get(*index) != Some(&b'"') {
            return Err(format!("JSON: expected a string at byte {index}"));
        }
        *index += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            match bytes.get(*index) {
                None => return Err("JSON: unterminated string".to_string()),
                Some(b'"') => {
                    *index += 1;
                    break;
                }
                Some(b'\\') => {
                    let escape = bytes.get(*index + 1).copied().unwrap_or(0);
                    *index += 2;
                    let ch = match escape {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let mut code = hex4(bytes, index)?;
                            if (0xD800..0xDC00).contains(&code)
                                && bytes.get(*index) == Some(&b'\\')
                                && bytes.get(*index + 1) == Some(&b'u')
                            {
                                *index += 2;
                                let low = hex4(bytes, index)?;
                                code = 0x10000
                                    + ((code - 0xD800) << 10)
                                    + (low.wrapping_sub(0xDC00) & 0x3FF);
                            }
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        }
                        _ => return Err(format!("JSON: bad escape at byte {index}")),
                    };
                    let mut buffer = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buffer).as_bytes());
                }
                Some(&byte) => {
                    out.push(byte);
                    *index += 1;
                }
            }
        }
        String::from_utf8(out).map_err(|_| "JSON: invalid UTF-8".to_string())
    }

    fn hex4(bytes: &[u8], index: &mut usize) -> Result<u32, String> {
        let digits = bytes
            .get(*index..*index + 4)
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or(format!("JSON: bad \\u escape at byte {index}"))?;
        *index += 4;
        Ok(digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A workspace in memory: crates (name, workspace deps) under /ws/crates,
    /// each with a lib; `bin` names the one crate that also has src/main.rs.
    struct Fixture {
        workspace: Workspace,
        files: HashMap<PathBuf, String>,
        options: Options,
    }

    impl Fixture {
        fn new(crates: &[(&str, &[&str])], bin: &str) -> Fixture {
            let root = PathBuf::from("/ws");
            let packages = crates
                .iter()
                .map(|&(name, deps)| {
                    let dir = root.join("crates").join(name);
                    Package {
                        name: name.to_string(),
                        edition: "2021".to_string(),
                        lib: Some(Target {
                            name: name.replace('-', "_"),
                            path: dir.join("src/lib.rs"),
                            kinds: vec!["lib".to_string()],
                        }),
                        bins: if name == bin {
                            vec![Target {
                                name: name.replace('-', "_"),
                                path: dir.join("src/main.rs"),
                                kinds: vec!["bin".to_string()],
                            }]
                        } else {
                            Vec::new()
                        },
                        deps: deps
                            .iter()
                            .map(|dep| Dependency {
                                name: dep.to_string(),
                                kind: "normal".to_string(),
                                path: Some(root.join("crates").join(dep)),
                                rename: None,
                                optional: false,
                                target: None,
                            })
                            .collect(),
                        build_script: false,
                        features: false,
                        dir,
                    }
                })
                .collect();
            Fixture {
                workspace: Workspace { root, packages },
                files: HashMap::new(),
                options: Options::default(),
            }
        }

        fn file(mut self, path: &str, text: &str) -> Fixture {
            self.files
                .insert(Path::new("/ws").join(path), text.to_string());
            self
        }

        fn export(&self, problem: &str) -> Result<String, ExportError> {
            self.workspace.export_with(problem, self.options, &|path| {
                self.files
                    .get(path)
                    .cloned()
                    .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no such file"))
            })
        }
    }

    /// One crate `p` with a binary, whose lib.rs is `lib`.
    fn single(lib: &str) -> Fixture {
        Fixture::new(&[("p", &[])], "p")
            .file(
                "crates/p/src/main.rs",
                "//! The binary.\nfn main() {\n    p::run();\n}\n",
            )
            .file("crates/p/src/lib.rs", lib)
    }

    fn violations(result: Result<String, ExportError>) -> Vec<String> {
        match result {
            Ok(text) => panic!("expected violations, got an export:\n{text}"),
            Err(error) => error.violations.iter().map(ToString::to_string).collect(),
        }
    }

    /// The body of `mod <name> { ... }` in an export, without indentation.
    fn module_body<'t>(text: &'t str, name: &str) -> Vec<&'t str> {
        let open = format!("mod {name} {{");
        let start = text
            .lines()
            .position(|line| line.trim_start() == open)
            .unwrap();
        let indent = text.lines().nth(start).unwrap().len() - open.len();
        let close = format!("{}}}", " ".repeat(indent));
        text.lines()
            .skip(start + 1)
            .take_while(|line| *line != close)
            .map(|line| line.strip_prefix(&" ".repeat(indent + 4)).unwrap_or(line))
            .collect()
    }

    // --- the lexer -------------------------------------------------------

    #[test]
    fn braces_inside_literals_and_comments_are_not_delimiters() {
        let text = r####"fn f<'a>(x: &'a str) -> char {
    let _ = "}{\"}";
    let _ = r#"}" { "#;
    let _ = br##"}"#}"##;
    let _ = b'}';
    let _ = '{';
    let _ = '\'';
    let _ = '\u{7d}';
    /* } /* nested { */ } */
    // }
    let _ = c"}";
    'outer: loop { break 'outer; }
    '}'
}"####;
        let source = Source::new(text).unwrap();
        let opens = (0..source.sig.len())
            .filter(|&i| source.kind(i) == Kind::Open)
            .count();
        let closes = (0..source.sig.len())
            .filter(|&i| source.kind(i) == Kind::Close)
            .count();
        // `<'a>` has no delimiter; ( ) { } of fn, the loop's { }.
        assert_eq!((opens, closes), (3, 3));
        let lifetimes: Vec<&str> = (0..source.sig.len())
            .filter(|&i| source.kind(i) == Kind::Lifetime)
            .map(|i| source.text_of(i))
            .collect();
        assert_eq!(lifetimes, ["'a", "'a", "'outer", "'outer"]);
        let strings = source.tokens.iter().filter(|t| t.kind == Kind::Str).count();
        assert_eq!(strings, 4);
    }

    #[test]
    fn doc_comments_are_told_from_plain_comments() {
        let text = "//! inner\n/// outer\n//// plain\n// plain\n/** outer */\n/*! inner */\n/*** plain */\n/**/\nfn f() {}";
        let docs: Vec<Doc> = lex(text)
            .unwrap()
            .iter()
            .filter_map(|t| match t.kind {
                Kind::Comment(doc) => Some(doc),
                _ => None,
            })
            .collect();
        assert_eq!(
            docs,
            [
                Doc::Inner,
                Doc::Outer,
                Doc::No,
                Doc::No,
                Doc::Outer,
                Doc::Inner,
                Doc::No,
                Doc::No
            ]
        );
    }

    #[test]
    fn numbers_with_exponents_and_suffixes_are_one_token() {
        let text = "1.5e-3 1usize-1 0x1E+2 1..2 x.0.1";
        let tokens: Vec<&str> = lex(text)
            .unwrap()
            .iter()
            .map(|t| &text[t.start..t.end])
            .collect();
        assert_eq!(
            tokens,
            ["1.5e-3", "1usize", "-", "1", "0x1E", "+", "2", "1", ".", ".", "2", "x", ".", "0.1"]
        );
    }

    #[test]
    fn broken_sources_are_reported_with_their_line() {
        assert_eq!(
            Source::new("fn f() {\n  \"open\n").err().unwrap(),
            (2, "unterminated string".to_string())
        );
        assert_eq!(Source::new("\n/* /* */").err().unwrap().0, 2);
        assert_eq!(Source::new("fn f() {\n)").err().unwrap().0, 2);
        assert_eq!(
            Source::new("\n\nfn f() {").err().unwrap(),
            (3, "unclosed delimiter".to_string())
        );
    }

    // --- cfg(test) removal ------------------------------------------------

    #[test]
    fn test_modules_go_even_with_braces_in_their_strings_and_comments() {
        let lib = r####"//! Lib.

/// Runs.
pub fn run() {}

/// Test helpers: this doc goes with the module.
#[cfg(test)]
mod tests {
    const OPEN: &str = "{{{";
    const RAW: &str = r#"}}"#;
    fn brace() -> char { '}' }
    /* } } */
    // }
    #[test]
    fn t() { assert_eq!(super::brace(), '}'); }
}

/// After the tests.
pub fn after() {}
"####;
        let text = single(lib).export("p").unwrap();
        let body = module_body(&text, "p");
        assert_eq!(
            body,
            [
                "//! Lib.",
                "",
                "/// Runs.",
                "pub fn run() {}",
                "",
                "/// After the tests.",
                "pub fn after() {}"
            ]
        );
    }

    #[test]
    fn comments_right_above_a_test_item_go_with_it_and_others_stay() {
        let lib = "pub fn run() {} // trailing comment stays\n\n// A section comment, apart: stays.\n\n// Right above: goes.\n/// Doc: goes.\n#[cfg(test)]\n#[allow(dead_code)]\nfn helper() {}\npub fn after() {}\n";
        let text = single(lib).export("p").unwrap();
        assert_eq!(
            module_body(&text, "p"),
            [
                "pub fn run() {} // trailing comment stays",
                "",
                "// A section comment, apart: stays.",
                "pub fn after() {}"
            ]
        );
    }

    #[test]
    fn only_cfgs_false_without_test_are_removed() {
        let lib = "pub fn run() {}\n\
                   #[cfg(all(test, unix))]\nfn a() {}\n\
                   #[cfg(not(test))]\nfn b() {}\n\
                   #[cfg(any(test, unix))]\nfn c() {}\n\
                   #[cfg(any(test, all(test, windows)))]\nfn d() {}\n\
                   #[cfg_attr(test, derive(Debug))]\nstruct E;\n\
                   #[cfg(feature = \"x\")]\nfn f() {}\n";
        let text = single(lib).export("p").unwrap();
        let body = module_body(&text, "p").join("\n");
        assert!(
            !body.contains("fn a()") && !body.contains("fn d()"),
            "{body}"
        );
        for kept in ["fn b()", "fn c()", "struct E;", "fn f()"] {
            assert!(body.contains(kept), "{kept} missing from\n{body}");
        }
    }

    #[test]
    fn test_items_inside_impls_and_inline_modules_go_too() {
        let lib = "pub struct S;\n\
                   impl S {\n    #[cfg(test)]\n    fn helper() -> &'static str { \"}\" }\n    pub fn real() {}\n}\n\
                   pub mod inner {\n    pub fn x() {}\n    #[cfg(test)]\n    mod tests {}\n}\n\
                   pub fn run() {}\n";
        let text = single(lib).export("p").unwrap();
        let body = module_body(&text, "p");
        assert_eq!(
            body,
            [
                "pub struct S;",
                "impl S {",
                "    pub fn real() {}",
                "}",
                "pub mod inner {",
                "    pub fn x() {}",
                "}",
                "pub fn run() {}"
            ]
        );
    }

    #[test]
    fn a_test_module_in_its_own_file_is_removed_unread() {
        let lib = "mod util;\n#[cfg(test)]\nmod tests;\npub fn run() {}\n";
        let text = single(lib)
            .file("crates/p/src/util.rs", "pub(super) fn u() {}\n")
            .export("p")
            .unwrap();
        assert!(
            text.contains("mod util {") && !text.contains("mod tests"),
            "{text}"
        );
    }

    #[test]
    fn code_that_runs_to_the_end_of_a_block_is_reported() {
        let found = violations(single("pub fn run() {}\nfoo!()\n").export("p"));
        assert_eq!(found.len(), 1);
        assert!(
            found[0].starts_with("crates/p/src/lib.rs:2: cannot find where this item ends"),
            "{found:?}"
        );
    }

    // --- the runtime rules ---------------------------------------------------

    #[test]
    fn crate_paths_are_reported_only_in_library_runtime_code() {
        let lib = r#"//! `crate::x` in docs is fine.
pub(crate) fn run() {
    let _ = "crate::in_a_string";
    // crate::in_a_comment
    let _ = crate::helper();
}
pub(crate) fn helper() {}
use crate::helper as h;
#[cfg(test)]
mod tests {
    use crate::helper;
}
"#;
        let found = violations(single(lib).export("p"));
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].starts_with("crates/p/src/lib.rs:5: `crate::` in library code"),
            "{found:?}"
        );
        assert!(
            found[1].starts_with("crates/p/src/lib.rs:8: `crate::`"),
            "{found:?}"
        );
    }

    #[test]
    fn the_binary_may_use_crate_paths() {
        let fixture = Fixture::new(&[("p", &[])], "p")
            .file(
                "crates/p/src/main.rs",
                "fn main() {\n    crate::go();\n}\nfn go() {\n    p::run();\n}\n",
            )
            .file("crates/p/src/lib.rs", "pub fn run() {}\n");
        assert!(fixture.export("p").is_ok());
    }

    #[test]
    fn every_paste_breaking_construct_is_reported_with_file_and_line() {
        let lib = "#![no_std]\n\
                   extern crate alloc;\n\
                   #[path = \"other.rs\"]\nmod util;\n\
                   const TEXT: &str = include_str!(\"data.txt\");\n\
                   const NAME: &str = env!(\"CARGO_PKG_NAME\");\n\
                   #[macro_export]\nmacro_rules! m { () => { $crate::run() }; }\n\
                   pub fn run() { let _ = ::rand::random::<u8>(); }\n\
                   #[cfg_attr(unix, path = \"u.rs\")]\nmod other;\n";
        let found = violations(
            single(lib)
                .file("crates/p/src/util.rs", "")
                .file("crates/p/src/other.rs", "")
                .export("p"),
        );
        let places: Vec<&str> = found
            .iter()
            .map(|f| f.split(": ").next().unwrap())
            .collect();
        assert_eq!(
            places,
            [
                "crates/p/src/lib.rs:1",
                "crates/p/src/lib.rs:2",
                "crates/p/src/lib.rs:3",
                "crates/p/src/lib.rs:5",
                "crates/p/src/lib.rs:6",
                "crates/p/src/lib.rs:7",
                "crates/p/src/lib.rs:8",
                "crates/p/src/lib.rs:9",
                "crates/p/src/lib.rs:10",
            ],
            "{found:#?}"
        );
        for (finding, word) in found.iter().zip([
            "#![no_std]",
            "extern crate",
            "#[path]",
            "include_str!",
            "env!",
            "#[macro_export]",
            "$crate",
            "::rand",
            "#[path]",
        ]) {
            assert!(finding.contains(word), "{finding} should mention {word}");
        }
    }

    #[test]
    fn std_and_core_global_paths_and_turbofish_are_fine() {
        let lib = "pub fn run() {\n    let _ = ::std::mem::size_of::<u8>();\n    let _ = Vec::<u8>::new();\n    let _ = <u8 as Default>::default();\n    let _: fn() -> ::core::primitive::u8 = || 0;\n}\n";
        assert!(single(lib).export("p").is_ok());
    }

    #[test]
    fn module_files_must_exist_one_level_deep_at_src_name_rs() {
        let found = violations(
            single("mod missing;\nmod nested;\nmod util;\npub mod inline {\n    mod deeper;\n}\npub fn run() {}\n")
                .file("crates/p/src/nested/mod.rs", "")
                .file("crates/p/src/util.rs", "//! Util.\n\nmod deep;\n")
                .export("p"),
        );
        assert_eq!(found.len(), 4, "{found:#?}");
        assert!(found[0]
            .starts_with("crates/p/src/lib.rs:5: `mod deeper;` in a submodule or inline module"));
        assert!(found[1].starts_with(
            "crates/p/src/lib.rs:1: `mod missing;` has no file crates/p/src/missing.rs"
        ));
        assert!(found[2]
            .contains("crates/p/src/nested/mod.rs exists: move it to crates/p/src/nested.rs"));
        assert!(found[3].starts_with("crates/p/src/util.rs:3: `mod deep;` in a submodule"));
    }

    #[test]
    fn manifest_rules_name_the_dependency() {
        let mut fixture = single("pub fn run() {}\n").file(
            "crates/p/Cargo.toml",
            "[package]\nname = \"p\"\nedition = \"2018\"\n\n[dependencies]\nrand = \"0.9\"\n",
        );
        let package = &mut fixture.workspace.packages[0];
        package.edition = "2018".to_string();
        package.build_script = true;
        package.deps.push(Dependency {
            name: "rand".to_string(),
            kind: "normal".to_string(),
            path: None,
            rename: None,
            optional: false,
            target: None,
        });
        package.deps.push(Dependency {
            name: "insta".to_string(),
            kind: "dev".to_string(),
            path: None,
            rename: None,
            optional: false,
            target: None,
        });
        let found = violations(fixture.export("p"));
        assert_eq!(
            found,
            [
                "crates/p/Cargo.toml:3: edition 2018: the submission is compiled as edition 2021, so every crate in it must be",
                "crates/p/Cargo.toml: a build script cannot run on a judge, which compiles one file with rustc",
                "crates/p/Cargo.toml:6: dependency `rand` is not a workspace member: a judge compiles one file with std only",
            ]
        );
    }

    // --- aliases ----------------------------------------------------------

    /// `app` (binary) uses `mid`, which uses `base`.
    fn three_crates(mid_lib: &str) -> Fixture {
        Fixture::new(
            &[("app", &["mid", "base"]), ("mid", &["base"]), ("base", &[])],
            "app",
        )
        .file(
            "crates/app/src/main.rs",
            "//! App.\nfn main() {\n    mid::run(base::ONE);\n}\n",
        )
        .file("crates/app/src/lib.rs", "//! App lib.\n")
        .file("crates/mid/src/lib.rs", mid_lib)
        .file(
            "crates/base/src/lib.rs",
            "//! Base.\n\n/// One.\npub const ONE: u8 = 1;\n",
        )
    }

    #[test]
    fn aliases_come_after_inner_docs_and_attributes_and_only_where_named() {
        let mid = "//! Mid.\n//! More.\n#![forbid(unsafe_code)]\n\nuse base::{ONE as UNIT};\n\nmod util;\n\n/// Runs.\npub fn run(x: u8) {\n    let _ = (x, UNIT, util::two());\n}\n";
        let util = "//! Util.\n\n/// Two.\npub(super) fn two() -> u8 {\n    base::ONE + 1\n}\n";
        let text = three_crates(mid)
            .file("crates/mid/src/util.rs", util)
            .export("app")
            .unwrap();
        let order: Vec<&str> = text
            .lines()
            .filter(|line| line.starts_with("mod "))
            .collect();
        assert_eq!(order, ["mod app {", "mod mid {", "mod base {"]);
        assert_eq!(
            module_body(&text, "mid"),
            [
                "//! Mid.",
                "//! More.",
                "#![forbid(unsafe_code)]",
                "",
                "use crate::base; // export: crate `base` is a module at the file root",
                "",
                "use base::{ONE as UNIT};",
                "",
                "mod util {",
                "    // crates/mid/src/util.rs",
                "    //! Util.",
                "",
                "    use crate::base; // export: crate `base` is a module at the file root",
                "",
                "    /// Two.",
                "    pub(super) fn two() -> u8 {",
                "        base::ONE + 1",
                "    }",
                "}",
                "",
                "/// Runs.",
                "pub fn run(x: u8) {",
                "    let _ = (x, UNIT, util::two());",
                "}",
            ]
        );
        // Neither the binary's root nor a crate that names no dependency gets one.
        assert_eq!(text.matches("use crate::").count(), 2, "{text}");
    }

    #[test]
    fn a_module_without_inner_docs_gets_its_aliases_first() {
        let text = three_crates("pub fn run(x: u8) {\n    let _ = x + base::ONE;\n}\n")
            .export("app")
            .unwrap();
        assert_eq!(
            module_body(&text, "mid"),
            [
                "use crate::base; // export: crate `base` is a module at the file root",
                "",
                "pub fn run(x: u8) {",
                "    let _ = x + base::ONE;",
                "}",
            ]
        );
    }

    #[test]
    fn inline_modules_get_their_own_aliases() {
        let mid = "pub fn run(_: u8) {}\npub mod inner {\n    //! Inner.\n\n    pub fn one() -> u8 {\n        base::ONE\n    }\n}\n";
        let text = three_crates(mid).export("app").unwrap();
        let body = module_body(&text, "mid");
        assert_eq!(
            body[2..5],
            [
                "    //! Inner.",
                "",
                "    use crate::base; // export: crate `base` is a module at the file root"
            ]
        );
        assert_eq!(text.matches("use crate::base").count(), 1);
    }

    #[test]
    fn importing_a_dependency_under_its_own_name_is_reported() {
        for (mid, line) in [
            ("pub fn run(_: u8) {}\nuse base::{self, ONE};\n", 2),
            (
                "pub fn run(_: u8) {}\n\nuse base;\nfn f() -> u8 { base::ONE }\n",
                3,
            ),
            (
                "pub fn run(_: u8) {}\nuse {\n    base::{ONE, self},\n};\n",
                3,
            ),
        ] {
            let found = violations(three_crates(mid).export("app"));
            assert_eq!(found.len(), 1, "{found:?}");
            assert!(
                found[0].starts_with(&format!(
                    "crates/mid/src/lib.rs:{line}: this import binds the name `base`"
                )),
                "{found:?}"
            );
        }
        // Renamed, it is fine.
        assert!(
            three_crates("use base as b;\npub fn run(_: u8) { let _ = b::ONE; }\n")
                .export("app")
                .is_ok()
        );
    }

    #[test]
    fn importing_a_crate_name_is_reported_at_the_binary_root_and_without_other_mentions() {
        let fixture = Fixture::new(&[("p", &[])], "p")
            .file(
                "crates/p/src/main.rs",
                "use p;\nfn main() {\n    p::run();\n}\n",
            )
            .file("crates/p/src/lib.rs", "pub fn run() {}\n");
        assert!(violations(fixture.export("p"))[0]
            .starts_with("crates/p/src/main.rs:1: this import binds the name `p`"));
        let found = violations(three_crates("pub fn run(_: u8) {}\nuse base;\n").export("app"));
        assert!(
            found[0].starts_with("crates/mid/src/lib.rs:2: this import binds the name `base`"),
            "{found:?}"
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let text = single("\u{feff}//! Lib.\npub fn run() {}\n")
            .export("p")
            .unwrap();
        assert!(!text.contains('\u{feff}'), "{text}");
        assert!(
            text.contains("mod p {\n    //! Lib.\n    pub fn run() {}\n}"),
            "{text}"
        );
    }

    #[test]
    fn compact_mode_drops_comments_and_keeps_code_strings_and_token_breaks() {
        let lib = "//! Docs.\n\n/// Runs.\npub fn run() {\n    let _ = \"// not a comment\"; // trailing\n    let _x/* between */= 1;\n    /* a block\n       over lines */\n    let _ = base::ONE;\n}\n\n// Apart.\n\n#[cfg(test)]\nmod tests {\n    // inside\n}\n";
        let mut fixture = three_crates(lib);
        fixture.options.compact = true;
        let text = fixture.export("app").unwrap();
        assert_eq!(
            module_body(&text, "mid"),
            [
                "use crate::base;",
                "pub fn run() {",
                "    let _ = \"// not a comment\";",
                "    let _x = 1;",
                "    let _ = base::ONE;",
                "}",
            ]
        );
        assert!(!text.contains("// The library crate"), "{text}");
        assert!(
            text.starts_with("// A single-file submission of `app`"),
            "{text}"
        );
    }

    #[test]
    fn use_trees_bind_what_rust_binds() {
        let text = "use a::{self, b::{c, d as e, self}, f::*, g as _};";
        let source = Source::new(text).unwrap();
        let names: Vec<String> = use_bindings(&source, 0, source.sig.len())
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        assert_eq!(names, ["a", "c", "e", "b"]);
    }

    // --- rendering ----------------------------------------------------------

    #[test]
    fn multi_line_strings_keep_their_text_when_indented() {
        let lib = "pub fn run() {}\npub const USAGE: &str = \"usage: p\n  --flag   does things\n\";\npub const RAW: &str = r#\"a\nb\"#;\n";
        let text = single(lib).export("p").unwrap();
        assert!(
            text.contains("    pub const USAGE: &str = \"usage: p\n  --flag   does things\n\";\n"),
            "{text}"
        );
        assert!(
            text.contains("    pub const RAW: &str = r#\"a\nb\"#;\n"),
            "{text}"
        );
    }

    #[test]
    fn the_layout_is_header_main_then_libraries_dependents_first() {
        let text = three_crates("pub fn run(_: u8) {}\n")
            .export("app")
            .unwrap();
        let expected_start =
            "// A single-file submission of `app` from the puzzle-judges workspace,\n\
             // written by `scripts/export.sh app`: edit the crates, not this file.\n\
             // Inlined libraries: app, mid, base.\n\
             // Build: rustc --edition 2021 -O app.rs\n\
             //! App.\nfn main() {\n    mid::run(base::ONE);\n}\n\n\
             // The library crate `app` (crates/app/src/lib.rs).\n";
        assert!(text.starts_with(expected_start), "{text}");
        assert!(text.contains("#[allow(dead_code, unused_imports)]\nmod base {\n    //! Base.\n"));
    }

    #[test]
    fn unknown_problems_and_libraries_without_binaries_are_errors() {
        let fixture = three_crates("pub fn run(_: u8) {}\n");
        assert!(violations(fixture.export("nope"))[0]
            .contains("no workspace member \"nope\" (problems: app)"));
        assert!(violations(fixture.export("mid"))[0].contains("mid has no src/main.rs"));
    }

    // --- cargo metadata -------------------------------------------------------

    #[test]
    fn metadata_json_gives_members_targets_and_dependencies() {
        let json = r#"{"packages":[
          {"name":"nim","id":"path+file:///w/crates/nim#0.1.0","edition":"2021",
           "manifest_path":"/w/crates/nim/Cargo.toml","features":{},
           "dependencies":[
             {"name":"judge-io","source":null,"kind":null,"rename":null,"optional":false,"target":null,"path":"/w/crates/judge-io"},
             {"name":"rand","source":"registry+https://github.com/rust-lang/crates.io-index","kind":"dev","rename":null,"optional":false,"target":null}],
           "targets":[
             {"kind":["lib"],"name":"nim","src_path":"/w/crates/nim/src/lib.rs"},
             {"kind":["bin"],"name":"nim","src_path":"/w/crates/nim/src/main.rs"},
             {"kind":["test"],"name":"judge_data","src_path":"/w/crates/nim/tests/judge_data.rs"}]},
          {"name":"judge-io","id":"path+file:///w/crates/judge-io#0.1.0","edition":"2021",
           "manifest_path":"/w/crates/judge-io/Cargo.toml","features":{"x":[]},"dependencies":[],
           "targets":[{"kind":["lib"],"name":"judge_io","src_path":"/w/crates/judge-io/src/lib.rs"},
                      {"kind":["custom-build"],"name":"build-script-build","src_path":"/w/crates/judge-io/build.rs"}]}],
          "workspace_members":["path+file:///w/crates/nim#0.1.0","path+file:///w/crates/judge-io#0.1.0"],
          "workspace_root":"/w","metadata":null,"escaped":"a\"\\\u00e9\ud83d\ude00"}"#;
        let workspace = Workspace::from_metadata(json).unwrap();
        assert_eq!(workspace.root, PathBuf::from("/w"));
        assert_eq!(workspace.problems(), ["nim"]);
        let io = workspace.package("judge-io").unwrap();
        assert!(io.build_script && io.features && io.bins.is_empty());
        assert_eq!(io.lib.as_ref().unwrap().name, "judge_io");
        let nim = workspace.package("nim").unwrap();
        assert_eq!(nim.deps[0].path, Some(PathBuf::from("/w/crates/judge-io")));
        assert_eq!(
            (nim.deps[0].kind.as_str(), nim.deps[1].kind.as_str()),
            ("normal", "dev")
        );
        assert_eq!(
            json::parse(r#"{"s":"a\"\\\u00e9\ud83d\ude00","n":[1,-2.5e3,[]],"o":{}}"#).unwrap(),
            Json::Object(vec![
                ("s".to_string(), Json::Str("a\"\\é😀".to_string())),
                (
                    "n".to_string(),
                    Json::Array(vec![
                        Json::Number(1.0),
                        Json::Number(-2500.0),
                        Json::Array(vec![])
                    ])
                ),
                ("o".to_string(), Json::Object(vec![])),
            ])
        );
        assert!(json::parse("[1,]x").is_err());
        assert!(json::parse("{\"a\" 1}").is_err());
    }
}
