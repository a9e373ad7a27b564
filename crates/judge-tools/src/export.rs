//! The single-file export: one problem binary, with the workspace libraries it
//! uses, as one `.rs` file that a judge builds with a bare
//! `rustc --edition 2021 -O` (see `crates/judge-tools/EXPORT.md`).
//!
//! The output is the binary's `src/main.rs` at the root of the file, then each
//! library crate it needs, dependents first, pasted into
//! `#[allow(dead_code, unused_imports)] mod <lib_name> { ... }`; a library's
//! `mod name;` becomes the inline module `mod name { <src/name.rs> }`. Each
//! module that names a workspace crate it depends on (`judge_io::Input`) gets
//! the alias `use crate::judge_io;` after its inner attributes and inner docs,
//! since in the pasted file that crate is a module at the file root. Items
//! under a cfg that is false without `test` (`#[cfg(test)]`,
//! `#[cfg(all(test, unix))]`) are removed with their docs and the comments
//! right above them.
//!
//! The text is pasted as written (comments, docs and layout kept), and only
//! read to find where things are: `syn` parses each file, and the cuts and
//! insertions are made at the byte positions of its spans (proc-macro2's
//! `span-locations`). The token rules (`crate::`, `$crate`, `#[path]`,
//! `include!`...) are checked on proc-macro2's token trees rather than on the
//! syntax tree, because syn leaves macro arguments and `macro_rules!` bodies as
//! tokens, and the rules must hold there too. Every broken rule is a
//! [`Violation`] naming the file and line; the rules are listed in `EXPORT.md`.
//! [`Options::compact`] drops comments and blank lines, for judges that limit
//! the size of a source file. The workspace comes from `cargo metadata`,
//! through the `cargo_metadata` crate.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{AttrStyle, Attribute, ForeignItem, ImplItem, Item, Meta, TraitItem, UseTree};

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
        let metadata = cargo_metadata::MetadataCommand::new()
            .manifest_path(root.join("Cargo.toml"))
            .no_deps()
            .exec()
            .map_err(|error| format!("cargo metadata failed: {error}"))?;
        Ok(Workspace::from_metadata(&metadata))
    }

    /// Builds the workspace from the output of `cargo metadata`.
    pub fn from_metadata(metadata: &cargo_metadata::Metadata) -> Workspace {
        let mut packages: Vec<Package> = metadata
            .workspace_packages()
            .into_iter()
            .map(package_from_metadata)
            .collect();
        packages.sort_by(|a, b| a.name.cmp(&b.name));
        Workspace {
            root: metadata.workspace_root.clone().into_std_path_buf(),
            packages,
        }
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

fn package_from_metadata(package: &cargo_metadata::Package) -> Package {
    use cargo_metadata::DependencyKind;
    let target = |target: &cargo_metadata::Target| Target {
        name: target.name.replace('-', "_"),
        path: target.src_path.clone().into_std_path_buf(),
        kinds: target.kind.clone(),
    };
    let has_kind = |target: &&cargo_metadata::Target, kinds: &[&str]| {
        target
            .kind
            .iter()
            .any(|kind| kinds.contains(&kind.as_str()))
    };
    let lib_kinds = ["lib", "rlib", "dylib", "cdylib", "staticlib", "proc-macro"];
    Package {
        name: package.name.clone(),
        dir: package
            .manifest_path
            .parent()
            .map_or_else(PathBuf::new, |dir| dir.as_std_path().to_path_buf()),
        edition: package.edition.as_str().to_string(),
        lib: package
            .targets
            .iter()
            .find(|t| has_kind(t, &lib_kinds))
            .map(target),
        bins: package
            .targets
            .iter()
            .filter(|t| has_kind(t, &["bin"]))
            .map(target)
            .collect(),
        deps: package
            .dependencies
            .iter()
            .map(|dep| Dependency {
                name: dep.name.clone(),
                kind: match dep.kind {
                    DependencyKind::Normal => "normal",
                    DependencyKind::Development => "dev",
                    DependencyKind::Build => "build",
                    _ => "unknown",
                }
                .to_string(),
                path: dep.path.clone().map(|path| path.into_std_path_buf()),
                rename: dep.rename.clone(),
                optional: dep.optional,
                target: dep.target.as_ref().map(ToString::to_string),
            })
            .collect(),
        build_script: package
            .targets
            .iter()
            .any(|t| has_kind(&t, &["custom-build"])),
        features: !package.features.is_empty(),
    }
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
        let scan = match scan_file(&text, role, ctx) {
            Ok(scan) => scan,
            Err((line, message)) => {
                self.violate(path, line, message);
                return String::new();
            }
        };
        for (line, message) in scan.found {
            self.violate(path, line, message);
        }
        let mut edits = scan.edits;
        // Each `mod name;` becomes `mod name { <the file, rendered> }`.
        for declaration in scan.file_mods {
            let file = ctx.src_dir.join(format!("{}.rs", declaration.name));
            let nested = ctx.src_dir.join(&declaration.name).join("mod.rs");
            if (self.read)(&file).is_err() {
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
            edits.push(Edit {
                from: declaration.semicolon.start,
                to: declaration.semicolon.end,
                text: format!(" {{\n{note}{body}{indent}{}}}", declaration.line_indent),
                indented: false,
            });
        }
        if ctx.compact {
            edits.extend(comment_removals(&text, &scan.lexed));
        }
        let mut out = render(&text, &scan.lexed, edits, indent, ctx.compact);
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
// Reading one file: what to cut, what to insert, what breaks a rule.

/// What the export does to one file, in byte positions of its text.
struct Scan {
    edits: Vec<Edit>,
    file_mods: Vec<FileMod>,
    /// Violations: (line, message), in line order.
    found: Vec<(usize, String)>,
    lexed: Lexed,
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
    semicolon: Range<usize>,
    /// The white space before the item on its line.
    line_indent: String,
}

/// A module of the file (the file itself, or an inline `mod x { ... }`), as
/// the aliases need it.
struct Module {
    /// Its text: the whole file, or from `{` to `}`.
    range: Range<usize>,
    /// Where its aliases go, and whether an inner attribute or doc precedes.
    at: usize,
    after_inner: bool,
    /// The indentation of its first item's line.
    indent: String,
    /// The dependency crates its own code names as a path root.
    mentions: BTreeSet<String>,
}

fn scan_file(text: &str, role: FileRole, ctx: &CrateCtx) -> Result<Scan, (usize, String)> {
    let tokens: TokenStream = text.parse().map_err(|error: proc_macro2::LexError| {
        (line(error.span()), format!("cannot read: {error}"))
    })?;
    let file: syn::File = syn::parse2(tokens.clone())
        .map_err(|error| (line(error.span()), format!("cannot parse: {error}")))?;
    let lexed = Lexed::new(text, &tokens);
    let mut structure = Structure {
        text,
        role,
        top: false,
        removed: Vec::new(),
        modules: Vec::new(),
        file_mods: Vec::new(),
        bindings: Vec::new(),
        found: Vec::new(),
    };
    structure.visit_file(&file);
    let Structure {
        removed,
        mut modules,
        file_mods,
        bindings,
        mut found,
        ..
    } = structure;
    // An import that binds a workspace crate's own name clashes with the
    // alias (or, at the file root, with the crate's module).
    for (line, name) in bindings
        .into_iter()
        .filter(|(_, name)| ctx.deps.contains_key(name))
    {
        found.push((
            line,
            format!(
                "this import binds the name `{name}`, which the export defines itself \
                 (crate `{name}` becomes a module of the submission, named by `use crate::{name};`): \
                 name its items (`use {name}::{{Item}}`) or rename it (`use {name} as other;`)"
            ),
        ));
    }
    let mut rules = TokenRules {
        in_lib: matches!(
            role,
            FileRole::LibRoot | FileRole::Submodule { in_lib: true }
        ),
        deps: &ctx.deps,
        removed: &removed,
        found: &mut found,
        mentions: Vec::new(),
    };
    rules.walk(tokens);
    // Each mention belongs to the innermost module around it.
    for (offset, name) in std::mem::take(&mut rules.mentions) {
        if let Some(module) = modules
            .iter_mut()
            .filter(|module| module.range.contains(&offset))
            .max_by_key(|module| module.range.start)
        {
            module.mentions.insert(name);
        }
    }
    found.sort_by_key(|&(line, _)| line);
    let mut edits: Vec<Edit> = removed
        .iter()
        .map(|range| removal(text, &lexed, range))
        .collect();
    edits.extend(modules.iter().filter(|m| !m.mentions.is_empty()).map(|module| {
        let mut alias = String::new();
        if module.after_inner && !ctx.compact {
            alias.push('\n');
        }
        for name in &module.mentions {
            let indent = &module.indent;
            if ctx.compact {
                alias.push_str(&format!("{indent}use crate::{name};\n"));
            } else {
                let package = ctx.deps.get(name).map_or("", String::as_str);
                alias.push_str(&format!(
                    "{indent}use crate::{name}; // export: crate `{package}` is a module at the file root\n"
                ));
            }
        }
        if !module.after_inner && !ctx.compact {
            alias.push('\n');
        }
        Edit {
            from: module.at,
            to: module.at,
            text: alias,
            indented: true,
        }
    }));
    Ok(Scan {
        edits,
        file_mods,
        found,
        lexed,
    })
}

fn line(span: Span) -> usize {
    span.start().line
}

/// The syntax-tree pass: test-only items, modules, `mod x;`, inner
/// attributes, and the names `use` items bind.
struct Structure<'t> {
    text: &'t str,
    role: FileRole,
    /// Whether the item being visited sits directly in the file.
    top: bool,
    /// The byte ranges of test-only items (their attributes included).
    removed: Vec<Range<usize>>,
    modules: Vec<Module>,
    file_mods: Vec<FileMod>,
    bindings: Vec<(usize, String)>,
    found: Vec<(usize, String)>,
}

/// The outer attributes of a syntax-tree enum, whatever its variant.
macro_rules! attributes {
    ($node:expr, $kind:ident: $($variant:ident),*) => {
        match $node {
            $($kind::$variant(node) => &node.attrs[..],)*
            _ => &[][..],
        }
    };
}

impl<'ast> Visit<'ast> for Structure<'_> {
    fn visit_file(&mut self, file: &'ast syn::File) {
        if self.role != FileRole::BinRoot {
            self.check_inner_attributes(&file.attrs);
            let first = file.items.first().map(|item| item.span());
            self.module(0..self.text.len(), &file.attrs, None, first);
        }
        for item in &file.items {
            self.top = true;
            self.visit_item(item);
        }
    }

    fn visit_item(&mut self, item: &'ast Item) {
        let top = std::mem::take(&mut self.top);
        let attrs = attributes!(item, Item: Const, Enum, ExternCrate, Fn, ForeignMod, Impl,
            Macro, Mod, Static, Struct, Trait, TraitAlias, Type, Union, Use);
        if self.remove_if_test_only(attrs, item) {
            return;
        }
        match item {
            Item::Mod(module) => match &module.content {
                Some((brace, items)) => {
                    self.check_inner_attributes(&module.attrs);
                    let range =
                        brace.span.open().byte_range().start..brace.span.close().byte_range().end;
                    let first = items.first().map(|item| item.span());
                    self.module(range, &module.attrs, Some(brace.span.open()), first);
                }
                None => self.file_mod(module, top),
            },
            Item::Use(item_use) => use_bindings(&item_use.tree, None, &mut self.bindings),
            _ => {}
        }
        visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        let attrs = attributes!(item, ImplItem: Const, Fn, Type, Macro);
        if !self.remove_if_test_only(attrs, item) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        let attrs = attributes!(item, TraitItem: Const, Fn, Type, Macro);
        if !self.remove_if_test_only(attrs, item) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_foreign_item(&mut self, item: &'ast ForeignItem) {
        let attrs = attributes!(item, ForeignItem: Fn, Static, Type, Macro);
        if !self.remove_if_test_only(attrs, item) {
            visit::visit_foreign_item(self, item);
        }
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if !self.remove_if_test_only(&local.attrs, local) {
            visit::visit_local(self, local);
        }
    }

    fn visit_stmt_macro(&mut self, stmt: &'ast syn::StmtMacro) {
        if !self.remove_if_test_only(&stmt.attrs, stmt) {
            visit::visit_stmt_macro(self, stmt);
        }
    }
}

/// Attributes that only a crate root may carry.
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

impl Structure<'_> {
    fn remove_if_test_only(&mut self, attrs: &[Attribute], node: &impl Spanned) -> bool {
        let test_only = attrs.iter().any(|attr| {
            attr.path().is_ident("cfg")
                && attr
                    .parse_args::<Meta>()
                    .is_ok_and(|meta| cfg_value(&meta) == Some(false))
        });
        if test_only {
            self.removed.push(node.span().byte_range());
        }
        test_only
    }

    /// Records a module: its aliases go after its inner attributes and inner
    /// docs (which must stay first), or after its `{` line, or at the top.
    fn module(
        &mut self,
        range: Range<usize>,
        attrs: &[Attribute],
        open: Option<Span>,
        first: Option<Span>,
    ) {
        let last_inner = attrs
            .iter()
            .filter(|attr| matches!(attr.style, AttrStyle::Inner(_)))
            .map(|attr| attr.span().byte_range().end)
            .max();
        let (at, after_inner) = match (last_inner, open) {
            (Some(end), _) => (after_line(self.text, end), true),
            (None, Some(open)) => (after_line(self.text, open.byte_range().end), false),
            (None, None) => (0, false),
        };
        let indent = first.map_or_else(String::new, |span| {
            line_indent(self.text, span.byte_range().start)
        });
        self.modules.push(Module {
            range,
            at,
            after_inner,
            indent,
            mentions: BTreeSet::new(),
        });
    }

    fn file_mod(&mut self, module: &syn::ItemMod, top: bool) {
        let name = module.ident.unraw().to_string();
        let line = line(module.mod_token.span);
        if !top || matches!(self.role, FileRole::Submodule { .. }) {
            self.found.push((
                line,
                format!(
                    "`mod {name};` in a submodule or inline module: the export allows one level, \
                     `mod name;` in the crate's root file with the module in src/name.rs"
                ),
            ));
        } else if let Some(semicolon) = &module.semi {
            self.file_mods.push(FileMod {
                name,
                line,
                semicolon: semicolon.span.byte_range(),
                line_indent: line_indent(self.text, module.span().byte_range().start),
            });
        }
    }

    fn check_inner_attributes(&mut self, attrs: &[Attribute]) {
        for attr in attrs
            .iter()
            .filter(|attr| matches!(attr.style, AttrStyle::Inner(_)))
        {
            if let Some(name) = attr.path().get_ident().map(ToString::to_string) {
                if CRATE_LEVEL_ATTRIBUTES.contains(&name.as_str()) {
                    self.found.push((
                        line(attr.span()),
                        format!(
                            "`#![{name}]` only works at a crate root, and this file becomes a module of the submission"
                        ),
                    ));
                }
            }
        }
    }
}

/// A cfg predicate's value when `test` is off (`None`: it depends on
/// something else).
fn cfg_value(meta: &Meta) -> Option<bool> {
    match meta {
        Meta::Path(path) if path.is_ident("test") => Some(false),
        Meta::List(list) => {
            let args = list
                .parse_args_with(
                    syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated,
                )
                .ok()?;
            let values: Vec<Option<bool>> = args.iter().map(cfg_value).collect();
            if list.path.is_ident("all") {
                if values.contains(&Some(false)) {
                    Some(false)
                } else {
                    values.iter().all(|v| *v == Some(true)).then_some(true)
                }
            } else if list.path.is_ident("any") {
                if values.contains(&Some(true)) {
                    Some(true)
                } else {
                    values.iter().all(|v| *v == Some(false)).then_some(false)
                }
            } else if list.path.is_ident("not") && values.len() == 1 {
                values[0].map(|value| !value)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The names a use tree binds, with their lines: `use a::b;` binds `b`,
/// `use a::{self};` binds `a`, `use a as c;` binds `c`, globs bind nothing.
fn use_bindings(tree: &UseTree, parent: Option<&syn::Ident>, bound: &mut Vec<(usize, String)>) {
    match tree {
        UseTree::Path(path) => use_bindings(&path.tree, Some(&path.ident), bound),
        UseTree::Name(name) if name.ident == "self" => {
            if let Some(parent) = parent {
                bound.push((line(name.ident.span()), parent.unraw().to_string()));
            }
        }
        UseTree::Name(name) => {
            bound.push((line(name.ident.span()), name.ident.unraw().to_string()))
        }
        UseTree::Rename(rename) if rename.rename != "_" => {
            bound.push((
                line(rename.rename.span()),
                rename.rename.unraw().to_string(),
            ));
        }
        UseTree::Group(group) => {
            for tree in &group.items {
                use_bindings(tree, parent, bound);
            }
        }
        _ => {}
    }
}

/// The token pass: the rules that must hold on every token that stays,
/// macro bodies included, and the dependency crates named as path roots.
struct TokenRules<'a> {
    in_lib: bool,
    deps: &'a BTreeMap<String, String>,
    removed: &'a [Range<usize>],
    found: &'a mut Vec<(usize, String)>,
    /// (byte offset, crate name) of each path that starts with a dependency.
    mentions: Vec<(usize, String)>,
}

/// Keywords after which `::` starts a global path (after any other name, it
/// continues a path: `a::b`).
const BEFORE_GLOBAL_PATH: &[&str] = &[
    "use", "as", "in", "return", "break", "mut", "dyn", "impl", "where", "let", "if", "match",
    "while", "for", "move", "ref", "else", "const", "static", "type", "pub", "box", "yield",
    "unsafe",
];

impl TokenRules<'_> {
    fn walk(&mut self, stream: TokenStream) {
        let trees: Vec<TokenTree> = stream.into_iter().collect();
        for (index, tree) in trees.iter().enumerate() {
            let start = tree.span().byte_range().start;
            if self.removed.iter().any(|range| range.contains(&start)) {
                continue;
            }
            let next = trees.get(index + 1);
            let line = line(tree.span());
            let previous = index.checked_sub(1).map(|i| &trees[i]);
            match tree {
                TokenTree::Group(group) => self.walk(group.stream()),
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    let next_is_path = is_path_separator(&trees, index + 1);
                    let macro_call = is_punct(next, '!')
                        && matches!(trees.get(index + 2), Some(TokenTree::Group(_)));
                    let message = match name.as_str() {
                        "crate" if self.in_lib && next_is_path && !is_punct(previous, '$') => Some(
                            "`crate::` in library code: pasted into the submission, `crate` means the whole file; \
                             use `super::` (from a submodule) or a path from this module"
                                .to_string(),
                        ),
                        "extern" if matches!(next, Some(TokenTree::Ident(i)) if i == "crate") => Some(
                            "`extern crate`: a judge has no crates to link; name workspace crates by path"
                                .to_string(),
                        ),
                        "include" | "include_str" | "include_bytes" if macro_call => Some(format!(
                            "`{name}!` reads a file at compile time, and the judge has only the one file"
                        )),
                        "env" | "option_env" if macro_call => Some(format!(
                            "`{name}!` reads Cargo's compile-time environment, which a bare rustc does not set"
                        )),
                        _ => None,
                    };
                    if let Some(message) = message {
                        self.found.push((line, message));
                    }
                    let continues_path = is_punct(previous, '.')
                        || (index >= 2 && is_path_separator(&trees, index - 2));
                    let as_next = matches!(next, Some(TokenTree::Ident(i)) if i == "as");
                    if self.deps.contains_key(&name) && !continues_path && (next_is_path || as_next) {
                        self.mentions.push((start, name));
                    }
                }
                TokenTree::Punct(punct) => match punct.as_char() {
                    '$' if matches!(next, Some(TokenTree::Ident(i)) if i == "crate") => self.found.push((
                        line,
                        "`$crate` in a macro: pasted, it means the whole submission, not this library"
                            .to_string(),
                    )),
                    '#' => self.attribute(&trees[index + 1..], line),
                    ':' if is_path_separator(&trees, index) && is_global_path_start(&trees, index) => {
                        if let Some(TokenTree::Ident(root)) = trees.get(index + 2) {
                            let root = root.to_string();
                            if root != "std" && root != "core" {
                                let hint = if self.deps.contains_key(&root) {
                                    format!(": write `{root}::...`")
                                } else {
                                    String::new()
                                };
                                self.found.push((
                                    line,
                                    format!("global path `::{root}`: only `::std` and `::core` exist for a judge{hint}"),
                                ));
                            }
                        }
                    }
                    _ => {}
                },
                TokenTree::Literal(_) => {}
            }
        }
    }

    /// `#[path]`, `#[macro_export]` (libraries), also inside `cfg_attr`;
    /// `rest` follows the `#`.
    fn attribute(&mut self, rest: &[TokenTree], line: usize) {
        let rest = if is_punct(rest.first(), '!') {
            &rest[1..]
        } else {
            rest
        };
        let Some(TokenTree::Group(group)) = rest.first() else {
            return;
        };
        if group.delimiter() != Delimiter::Bracket {
            return;
        }
        let mut names = Vec::new();
        let mut streams = vec![group.stream()];
        let is_cfg_attr = matches!(group.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "cfg_attr");
        while let Some(stream) = streams.pop() {
            for tree in stream {
                match tree {
                    TokenTree::Ident(ident) => names.push(ident.to_string()),
                    TokenTree::Group(group) if is_cfg_attr => streams.push(group.stream()),
                    _ => {}
                }
                if !is_cfg_attr {
                    break;
                }
            }
        }
        if names.iter().any(|name| name == "path") {
            self.found.push((
                line,
                "`#[path]`: submodules must live in src/name.rs, declared `mod name;`".to_string(),
            ));
        }
        if self.in_lib && names.iter().any(|name| name == "macro_export") {
            self.found.push((
                line,
                "`#[macro_export]` puts the macro at the crate root, which is the submission's root once pasted; \
                 keep library macros local (`macro_rules!` without export)"
                    .to_string(),
            ));
        }
    }
}

fn is_punct(tree: Option<&TokenTree>, ch: char) -> bool {
    matches!(tree, Some(TokenTree::Punct(punct)) if punct.as_char() == ch)
}

/// Whether `trees[index..]` starts with `::`.
fn is_path_separator(trees: &[TokenTree], index: usize) -> bool {
    matches!(trees.get(index), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && is_punct(trees.get(index + 1), ':')
}

/// Whether the `::` at `index` starts a path (`::std::x`) rather than
/// continuing one (`a::b`, `Vec::<u8>::new`, `<T as X>::f`, `f()::x`).
fn is_global_path_start(trees: &[TokenTree], index: usize) -> bool {
    let before = |back: usize| index.checked_sub(back).map(|i| &trees[i]);
    match before(1) {
        None | Some(TokenTree::Literal(_)) => true,
        Some(TokenTree::Group(_)) => false,
        // A keyword, or a lifetime (`&'a ::std::x`).
        Some(TokenTree::Ident(ident)) => {
            BEFORE_GLOBAL_PATH.contains(&ident.to_string().as_str()) || is_punct(before(2), '\'')
        }
        // `>` closes generics, but `->` and `=>` do not.
        Some(TokenTree::Punct(punct)) => {
            punct.as_char() != '>'
                || matches!(before(2), Some(TokenTree::Punct(p))
                    if matches!(p.as_char(), '-' | '=') && p.spacing() == Spacing::Joint)
        }
    }
}

// ---------------------------------------------------------------------------
// Text positions: tokens, comments and strings.

/// Where the tokens and comments of a file are (proc-macro2 lexes; comments
/// are what lies between tokens, besides white space).
struct Lexed {
    /// Tokens and comments, in order, as (byte range, is a comment).
    pieces: Vec<(Range<usize>, bool)>,
    /// The string literals that span lines, sorted.
    strings: Vec<Range<usize>>,
}

impl Lexed {
    fn new(text: &str, tokens: &TokenStream) -> Lexed {
        let mut ranges = Vec::new();
        let mut strings = Vec::new();
        let mut streams = vec![tokens.clone()];
        while let Some(stream) = streams.pop() {
            for tree in stream {
                match tree {
                    TokenTree::Group(group) => {
                        ranges.push(group.span_open().byte_range());
                        ranges.push(group.span_close().byte_range());
                        streams.push(group.stream());
                    }
                    TokenTree::Literal(literal) => {
                        let range = literal.span().byte_range();
                        // (A doc comment's text is a literal spanning the comment.)
                        if text[range.clone()].contains('\n')
                            && !text[range.start..].starts_with('/')
                        {
                            strings.push(range.clone());
                        }
                        ranges.push(range);
                    }
                    other => ranges.push(other.span().byte_range()),
                }
            }
        }
        ranges.sort_by_key(|range| (range.start, range.end));
        strings.sort_by_key(|range| range.start);
        // Merge the tokens of one doc comment (which all span the comment),
        // then add the comments found in the gaps.
        let mut pieces: Vec<(Range<usize>, bool)> = Vec::new();
        for range in ranges
            .into_iter()
            .chain(std::iter::once(text.len()..text.len()))
        {
            let end = pieces.last().map_or(0, |(last, _)| last.end);
            if range.start < end {
                if let Some((last, _)) = pieces.last_mut() {
                    last.end = end.max(range.end);
                }
                continue;
            }
            pieces.extend(gap_comments(text, end..range.start).map(|comment| (comment, true)));
            if !range.is_empty() {
                let doc =
                    text[range.start..].starts_with("//") || text[range.start..].starts_with("/*");
                pieces.push((range, doc));
            }
        }
        Lexed { pieces, strings }
    }

    /// Whether the byte at `offset` lies inside a string literal (after its
    /// opening quote).
    fn in_string(&self, offset: usize) -> bool {
        let at = self.strings.partition_point(|range| range.start < offset);
        at > 0 && offset < self.strings[at - 1].end
    }
}

/// The comments in `gap`, text that lies between two tokens and so holds
/// only white space and comments.
fn gap_comments(text: &str, gap: Range<usize>) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut at = gap.start;
    std::iter::from_fn(move || {
        let rest = &text[at..gap.end];
        let start = at + (rest.len() - rest.trim_start().len());
        let rest = &text[start..gap.end];
        let length = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("/*") {
            // Block comments nest.
            let bytes = rest.as_bytes();
            let mut depth = 0usize;
            let mut index = 0;
            while index < bytes.len() {
                if bytes[index..].starts_with(b"/*") {
                    depth += 1;
                    index += 2;
                } else if bytes[index..].starts_with(b"*/") {
                    depth -= 1;
                    index += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    index += 1;
                }
            }
            index
        } else {
            return None;
        };
        at = start + length;
        Some(start..at)
    })
}

/// The white space that starts the line holding `offset`.
fn line_indent(text: &str, offset: usize) -> String {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// The offset just after the line end that follows `offset`, or the end of
/// the text.
fn after_line(text: &str, offset: usize) -> usize {
    text[offset..]
        .find('\n')
        .map_or(text.len(), |i| offset + i + 1)
}

/// The edit that removes a test-only item with the comments right above it
/// (no blank line between) and its now empty lines.
fn removal(text: &str, lexed: &Lexed, item: &Range<usize>) -> Edit {
    let pieces = &lexed.pieces;
    let mut first = pieces.partition_point(|(range, _)| range.start < item.start);
    while first > 0 {
        let (previous, is_comment) = &pieces[first - 1];
        let gap = &text[previous.end..pieces[first].0.start];
        let own_line = text[..previous.start]
            .rsplit('\n')
            .next()
            .is_some_and(|head| head.trim().is_empty());
        // (An inner doc comment above belongs to the module, not the item.)
        let inner_doc = ["//!", "/*!"]
            .iter()
            .any(|doc| text[previous.start..].starts_with(doc));
        if *is_comment && !inner_doc && gap.matches('\n').count() <= 1 && own_line {
            first -= 1;
        } else {
            break;
        }
    }
    let rest = &text[item.end..];
    let line_rest = rest.split('\n').next().unwrap_or("");
    let newline = (line_rest.trim().is_empty() && rest.len() > line_rest.len())
        .then_some(item.end + line_rest.len());
    let (from, to) = if first == 0 {
        // At the very start of the file: take the line end too.
        (0, newline.map_or(item.end, |newline| newline + 1))
    } else {
        let previous_end = pieces[first - 1].0.end;
        let gap = &text[previous_end..pieces[first].0.start];
        (
            previous_end + gap.find('\n').unwrap_or(0),
            newline.unwrap_or(item.end),
        )
    };
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
fn comment_removals(text: &str, lexed: &Lexed) -> Vec<Edit> {
    let mut edits = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        if line.trim().is_empty() && !lexed.in_string(line_start) {
            edits.push(Edit {
                from: line_start,
                to: line_start + line.len(),
                text: String::new(),
                indented: false,
            });
        }
        line_start += line.len();
    }
    for (comment, _) in lexed.pieces.iter().filter(|(_, is_comment)| *is_comment) {
        let line_start = text[..comment.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = after_line(text, comment.end);
        let before = &text[line_start..comment.start];
        let after = &text[comment.end..line_end];
        let (from, to, replacement) = if before.trim().is_empty() && after.trim().is_empty() {
            (line_start, line_end, "")
        } else if after.trim().is_empty() {
            (
                comment.start - (before.len() - before.trim_end().len()),
                comment.end,
                "",
            )
        } else {
            (comment.start, comment.end, " ")
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
fn render(text: &str, lexed: &Lexed, mut edits: Vec<Edit>, indent: &str, compact: bool) -> String {
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
    let in_source_string = |offset: usize| lexed.in_string(offset);
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

    // --- reading the source ----------------------------------------------

    #[test]
    fn comments_are_found_between_tokens_and_doc_comments_among_them() {
        let text = "//! inner\n/// outer\n//// plain\nfn f() /* a /* nested é */ one */ {\n    let _ = \"// not a comment\"; // end\n    let _ = r#\"/* nor this */\"#;\n}\n/**/\n";
        let tokens: TokenStream = text.parse().unwrap();
        let lexed = Lexed::new(text, &tokens);
        let comments: Vec<&str> = lexed
            .pieces
            .iter()
            .filter(|(_, is_comment)| *is_comment)
            .map(|(range, _)| &text[range.clone()])
            .collect();
        assert_eq!(
            comments,
            [
                "//! inner",
                "/// outer",
                "//// plain",
                "/* a /* nested é */ one */",
                "// end",
                "/**/"
            ]
        );
        let multi_line = "const A: &str = \"a\nb\";\nconst B: &str = r#\"c\nd\"#;\n/** doc\nlines */\nconst C: u8 = b'\\n';\n";
        let lexed = Lexed::new(multi_line, &multi_line.parse().unwrap());
        let strings: Vec<&str> = lexed
            .strings
            .iter()
            .map(|range| &multi_line[range.clone()])
            .collect();
        assert_eq!(strings, ["\"a\nb\"", "r#\"c\nd\"#"]);
    }

    #[test]
    fn braces_in_literals_and_comments_do_not_confuse_the_items() {
        let lib = r####"pub fn run<'a>(x: &'a str) -> char {
    let _ = ("}{\"}", r#"}" { "#, br##"}"#}"##, b'}', '{', '\'', '\u{7d}', c"}", x);
    /* } /* nested { */ } */
    // }
    'outer: loop {
        break 'outer;
    }
    '}'
}
#[cfg(test)]
mod tests {
    const A: &str = "{{";
    const B: &[u8] = br#"}}"#;
    /* { */
    // {
    fn c() -> char { '{' }
}
pub fn after() {}
"####;
        let text = single(lib).export("p").unwrap();
        let body = module_body(&text, "p");
        assert_eq!(body[..2], lib.lines().take(2).collect::<Vec<_>>()[..]);
        assert_eq!(body[8..], ["}", "pub fn after() {}"]);
    }

    #[test]
    fn broken_sources_are_reported_with_their_line() {
        for (lib, line, what) in [
            ("pub fn run() {\n  \"open\n}\n", 2, "cannot read"),
            ("pub fn run() {}\n/* /* */\n", 2, "cannot read"),
            ("pub fn run() {\n\n)\n", 3, "cannot read"),
            ("pub fn run() {}\nfn f() -> {}\n", 2, "cannot parse"),
        ] {
            let found = violations(single(lib).export("p"));
            assert_eq!(found.len(), 1, "{found:?}");
            let expected = format!("crates/p/src/lib.rs:{line}: {what}");
            assert!(found[0].starts_with(&expected), "{found:?} for {lib:?}");
        }
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
        let inner_doc = single("//! Lib.\n#[cfg(test)]\nmod tests {}\npub fn run() {}\n");
        assert_eq!(
            module_body(&inner_doc.export("p").unwrap(), "p"),
            ["//! Lib.", "pub fn run() {}"]
        );
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
    fn test_only_statements_and_items_in_function_bodies_go_too() {
        let lib = "pub fn run() {\n    #[cfg(test)]\n    let x = 1;\n    #[cfg(test)]\n    println!(\"{x}\");\n    #[cfg(all(test, unix))]\n    fn helper() {}\n    let _ = 2;\n}\n";
        let text = single(lib).export("p").unwrap();
        assert_eq!(
            module_body(&text, "p"),
            ["pub fn run() {", "    let _ = 2;", "}"]
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
        let lib = "pub fn run() {\n    let _ = ::std::mem::size_of::<u8>();\n    let _ = Vec::<u8>::new();\n    let _ = <u8 as Default>::default();\n    let _: fn() -> ::core::primitive::u8 = || 0;\n    let env = 1;\n    let _ = env != 2;\n}\n";
        assert!(single(lib).export("p").is_ok());
    }

    #[test]
    fn rules_reach_macro_arguments_return_types_and_lifetimes() {
        let lib = "pub fn run() {\n    println!(\"{}\", crate::x());\n}\nfn x() -> ::rand::X {}\nfn y<'a>(_: &'a ::rand::Y) -> u8 {\n    format!(\"{}\", option_env!(\"A\").is_some()).len() as u8\n}\n";
        let places: Vec<String> = violations(single(lib).export("p"))
            .iter()
            .map(|found| found.split(": ").take(2).collect::<Vec<_>>().join(": "))
            .collect();
        assert_eq!(
            places,
            [
                "crates/p/src/lib.rs:2: `crate::` in library code",
                "crates/p/src/lib.rs:4: global path `::rand`",
                "crates/p/src/lib.rs:5: global path `::rand`",
                "crates/p/src/lib.rs:6: `option_env!` reads Cargo's compile-time environment, which a bare rustc does not set",
            ]
        );
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
    fn a_crate_named_only_inside_a_macro_call_gets_its_alias() {
        let mid = "pub fn run(x: u8) {\n    println!(\"{}\", base::ONE + x);\n}\n";
        let text = three_crates(mid).export("app").unwrap();
        assert!(
            module_body(&text, "mid")[0].starts_with("use crate::base;"),
            "{text}"
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
        let item: syn::ItemUse =
            syn::parse_str("use a::{self, b::{c, d as e, self}, f::*, g as _, r#h};").unwrap();
        let mut bound = Vec::new();
        use_bindings(&item.tree, None, &mut bound);
        let names: Vec<String> = bound.into_iter().map(|(_, name)| name).collect();
        assert_eq!(names, ["a", "c", "e", "b", "h"]);
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
    fn metadata_gives_members_targets_and_dependencies() {
        let dependency = |name: &str, kind: &str, path: &str| {
            format!(
                r#"{{"name":"{name}","source":null,"req":"*","kind":{kind},"optional":false,
                "uses_default_features":true,"features":[],"target":null,"rename":null,
                "registry":null{path}}}"#
            )
        };
        let package = |name: &str, features: &str, dependencies: &[String], targets: &str| {
            format!(
                r#"{{"name":"{name}","version":"0.1.0","id":"path+file:///w/crates/{name}#0.1.0",
                "source":null,"dependencies":[{}],"targets":[{targets}],"features":{features},
                "manifest_path":"/w/crates/{name}/Cargo.toml","edition":"2021"}}"#,
                dependencies.join(",")
            )
        };
        let target = |kind: &str, name: &str, path: &str| {
            format!(r#"{{"kind":["{kind}"],"name":"{name}","src_path":"/w/crates/{path}"}}"#)
        };
        let nim = package(
            "nim",
            "{}",
            &[
                dependency("judge-io", "null", r#","path":"/w/crates/judge-io""#),
                dependency("rand", r#""dev""#, ""),
            ],
            &[
                target("lib", "nim", "nim/src/lib.rs"),
                target("bin", "nim", "nim/src/main.rs"),
                target("test", "judge_data", "nim/tests/judge_data.rs"),
            ]
            .join(","),
        );
        let io = package(
            "judge-io",
            r#"{"x":[]}"#,
            &[],
            &[
                target("lib", "judge_io", "judge-io/src/lib.rs"),
                target("custom-build", "build-script-build", "judge-io/build.rs"),
            ]
            .join(","),
        );
        let json = format!(
            r#"{{"packages":[{nim},{io}],"workspace_members":["path+file:///w/crates/nim#0.1.0",
            "path+file:///w/crates/judge-io#0.1.0"],"resolve":null,"workspace_root":"/w",
            "target_directory":"/w/target","version":1}}"#
        );
        let metadata = cargo_metadata::MetadataCommand::parse(json).unwrap();
        let workspace = Workspace::from_metadata(&metadata);
        assert_eq!(workspace.root, PathBuf::from("/w"));
        assert_eq!(workspace.problems(), ["nim"]);
        let io = workspace.package("judge-io").unwrap();
        assert!(io.build_script && io.features && io.bins.is_empty());
        assert_eq!(io.lib.as_ref().unwrap().name, "judge_io");
        let nim = workspace.package("nim").unwrap();
        assert_eq!(nim.edition, "2021");
        assert_eq!(nim.deps[0].path, Some(PathBuf::from("/w/crates/judge-io")));
        assert_eq!(
            (nim.deps[0].kind.as_str(), nim.deps[1].kind.as_str()),
            ("normal", "dev")
        );
        assert_eq!(nim.bins[0].path, PathBuf::from("/w/crates/nim/src/main.rs"));
    }
}
