//! One crate's files as the text of one module: `#[cfg(test)]` items cut,
//! `mod name;` filled in with `src/name.rs`, and the blanket aliases added.
//! syn finds where things are; the text itself is copied as written.

use std::ops::Range;
use std::path::Path;

use proc_macro2::{Span, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Attribute, Expr, ExprLit, Item, Lit, Member};

use super::{rules, ExportError, Violation, Workspace};

/// A crate's files, pasted.
pub(super) struct Pasted {
    /// The module text, ending with a line end.
    pub(super) text: String,
    /// The rules its files break.
    pub(super) violations: Vec<Violation>,
    /// The names of the `Target { name: "..", .. }` literals in its code.
    pub(super) targets: Vec<String>,
}

/// Pastes the crate whose root file is `root`; `is_lib` turns on the
/// library rules, and each module gets `use crate::<alias>;` for `aliases`.
pub(super) fn crate_files(
    workspace: &Workspace,
    root: &Path,
    is_lib: bool,
    aliases: &[String],
) -> Result<Pasted, ExportError> {
    let mut pasted = Pasted {
        text: String::new(),
        violations: Vec::new(),
        targets: Vec::new(),
    };
    pasted.text = file(workspace, root, true, is_lib, aliases, &mut pasted)?;
    Ok(pasted)
}

/// One file's text; a root file's `mod name;` items are filled in (one level
/// only, by the rules, so this recursion is at most two deep).
fn file(
    workspace: &Workspace,
    path: &Path,
    is_root: bool,
    is_lib: bool,
    aliases: &[String],
    pasted: &mut Pasted,
) -> Result<String, ExportError> {
    let text = std::fs::read_to_string(path).map_err(|source| ExportError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    // rustc skips a byte-order mark only at the start of a file.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    let report = |line: usize, message: String| workspace.violation(path, line, &message);
    let syntax = match syn::parse_file(&text) {
        Ok(syntax) => syntax,
        Err(error) => {
            let line = error.span().start().line;
            let violation = report(line, format!("cannot parse: {error}"));
            pasted.violations.push(violation);
            return Ok(String::new());
        }
    };
    let mut scan = Scan::default();
    scan.visit_file(&syntax);
    if is_lib {
        let lines = rules::crate_paths(syntax.to_token_stream(), &scan.cut).into_iter();
        let violations = lines.map(|line| report(line, rules::CRATE_PATH.to_string()));
        pasted.violations.extend(violations);
    }
    let nested = scan.nested_mods.iter();
    let violations = nested.map(|(line, name)| report(*line, rules::nested_module(name)));
    pasted.violations.extend(violations);
    pasted.targets.append(&mut scan.targets);

    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    for range in &scan.cut {
        edits.push((range.clone(), String::new()));
    }
    if !aliases.is_empty() {
        let lines: String = aliases
            .iter()
            .map(|a| format!("\nuse crate::{a};"))
            .collect();
        for &at in &scan.alias_points {
            // At the start of a file, the file's first line follows.
            let line_end = if at == 0 { "\n" } else { "" };
            edits.push((at..at, format!("{lines}{line_end}")));
        }
    }
    for (name, line, semicolon) in scan.file_mods {
        // As rustc looks for it: `mod name;` in src/lib.rs is src/name.rs,
        // in src/parent.rs it is src/parent/name.rs.
        let module_file = if is_root {
            path.with_file_name(format!("{name}.rs"))
        } else {
            path.with_extension("").join(format!("{name}.rs"))
        };
        if !module_file.is_file() {
            let message = format!(
                "`mod {name};` has no file {} (the export pastes only NAME.rs, not NAME/mod.rs)",
                workspace.relative(&module_file).display()
            );
            pasted.violations.push(report(line, message));
        } else {
            let body = file(workspace, &module_file, false, is_lib, aliases, pasted)?;
            edits.push((semicolon, format!(" {{\n{body}}}")));
        }
    }
    let mut out = apply(&text, edits);
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// `main_text` with its `main::<P>()` call turned into
/// `ENTRY::<P>("TARGET")` (`main_as` runs a judge target, `validate_as` is a
/// package's input validator); `None` unless the text names `::main::<` once.
pub(super) fn main_as(main_text: &str, entry: Entry, target: &str) -> Option<String> {
    let (before, rest) = main_text.split_once("::main::<")?;
    let (problem, after) = rest.split_once(">()")?;
    let once = !after.contains("::main::<");
    let entry = match entry {
        Entry::Target => "main_as",
        Entry::Validator => "validate_as",
    };
    once.then(|| format!("{before}::{entry}::<{problem}>({target:?}){after}"))
}

/// What an exported `main` runs in place of the binary's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Entry {
    /// A judge target's contract, with no flags.
    Target,
    /// A problem package's input validator of the contract.
    Validator,
}

/// What the syntax tree says about one file.
#[derive(Default)]
struct Scan {
    /// The byte ranges of test-only items (attributes and docs included).
    cut: Vec<Range<usize>>,
    /// Top-level `mod name;`: name, line, and the byte range of the `;`.
    file_mods: Vec<(String, usize, Range<usize>)>,
    /// `mod name;` below the top level: line and name.
    nested_mods: Vec<(usize, String)>,
    /// Where aliases go: after the inner attributes and docs, or the `{`.
    alias_points: Vec<usize>,
    targets: Vec<String>,
}

impl<'ast> Visit<'ast> for Scan {
    fn visit_file(&mut self, file: &'ast syn::File) {
        self.alias_points.push(after_inner(&file.attrs, None));
        for item in &file.items {
            match item {
                Item::Mod(module) if module.content.is_none() && !test_only(module) => {
                    let semicolon = module.semi.map_or(0..0, |s| s.span.byte_range());
                    let line = module.ident.span().start().line;
                    self.file_mods
                        .push((module.ident.to_string(), line, semicolon));
                }
                _ => self.visit_item(item),
            }
        }
    }

    fn visit_item(&mut self, item: &'ast Item) {
        if test_only(item) {
            self.cut.push(item.span().byte_range());
            return;
        }
        if let Item::Mod(module) = item {
            match &module.content {
                Some((brace, _)) => self
                    .alias_points
                    .push(after_inner(&module.attrs, Some(brace.span.open()))),
                None => self
                    .nested_mods
                    .push((module.ident.span().start().line, module.ident.to_string())),
            }
        }
        visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        if test_only(item) {
            self.cut.push(item.span().byte_range());
            return;
        }
        visit::visit_impl_item(self, item);
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if test_only(local) {
            self.cut.push(local.span().byte_range());
            return;
        }
        visit::visit_local(self, local);
    }

    fn visit_expr_struct(&mut self, literal: &'ast syn::ExprStruct) {
        let is_target = literal
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "Target");
        let names = literal
            .fields
            .iter()
            .filter(|field| is_target && matches!(&field.member, Member::Named(m) if m == "name"));
        self.targets
            .extend(names.filter_map(|field| match &field.expr {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(name),
                    ..
                }) => Some(name.value()),
                _ => None,
            }));
        visit::visit_expr_struct(self, literal);
    }
}

/// The byte after the last inner attribute (inner docs included), else
/// after `open` (a module's `{`), else the start of the file.
fn after_inner(attrs: &[Attribute], open: Option<Span>) -> usize {
    let last_inner = attrs
        .iter()
        .filter(|attr| matches!(attr.style, syn::AttrStyle::Inner(_)))
        .map(|attr| attr.span().byte_range().end)
        .max();
    last_inner
        .or(open.map(|open| open.byte_range().end))
        .unwrap_or(0)
}

/// Whether `item` (an item, an impl's item or a `let`) carries
/// `#[cfg(test)]`, or `#[cfg(feature = "...")]`
/// (one file built by a bare rustc has no features). Only such items are
/// cut, to keep the file short: rustc itself drops anything else that is
/// compiled out.
fn test_only(item: &impl ToTokens) -> bool {
    let mut trees = item.to_token_stream().into_iter();
    // An item's tokens start with its outer attributes: `#` and `[..]`.
    while let (Some(TokenTree::Punct(hash)), Some(TokenTree::Group(attribute))) =
        (trees.next(), trees.next())
    {
        if hash.as_char() != '#' {
            return false;
        }
        let attribute = attribute.stream().to_string().replace(' ', "");
        if attribute == "cfg(test)" || attribute.starts_with("cfg(feature=") {
            return true;
        }
    }
    false
}

/// `text` with each range replaced; overlapping edits keep the first, and
/// an insertion inside a cut is dropped with it.
pub(super) fn apply(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by_key(|(range, _)| (range.start, range.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, replacement) in edits {
        if range.start < at {
            continue;
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&replacement);
        at = range.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cuts(source: &str) -> String {
        let mut scan = Scan::default();
        scan.visit_file(&syn::parse_str(source).unwrap());
        let edits = scan
            .cut
            .iter()
            .map(|r| (r.clone(), String::new()))
            .collect();
        apply(source, edits)
    }

    #[test]
    fn test_modules_items_and_lets_go_with_their_docs() {
        let source = "/// Kept.\npub fn run() {\n    #[cfg(test)]\n    let _ = count(\"{\");\n    go();\n}\nimpl S {\n    #[cfg(test)]\n    const C: &str = \"}\";\n    fn real() {}\n}\n/// Test docs go too.\n#[cfg(test)]\nmod tests {\n    const OPEN: &str = \"{{\";\n}\n#[cfg(not(test))]\nfn kept() {}\n#[cfg(feature = \"cost\")]\nfn counted() {}\n";
        assert_eq!(
            cuts(source),
            "/// Kept.\npub fn run() {\n    \n    go();\n}\nimpl S {\n    \n    fn real() {}\n}\n\n#[cfg(not(test))]\nfn kept() {}\n\n"
        );
    }

    #[test]
    fn main_becomes_main_as_the_target() {
        let main = "//! Bin.\nfn main() -> std::process::ExitCode {\n    judge_io::main::<nim::Nim>()\n}\n";
        assert_eq!(
            main_as(main, Entry::Target, "luogu-p2197").unwrap(),
            "//! Bin.\nfn main() -> std::process::ExitCode {\n    judge_io::main_as::<nim::Nim>(\"luogu-p2197\")\n}\n"
        );
        assert_eq!(main_as("fn main() { run() }", Entry::Target, "t"), None);
        assert!(main_as(main, Entry::Validator, "")
            .unwrap()
            .contains("judge_io::validate_as::<nim::Nim>(\"\")"));
    }

    #[test]
    fn aliases_go_after_inner_attributes_and_after_inline_braces() {
        let mut scan = Scan::default();
        let source = "//! Docs.\n#![forbid(unsafe_code)]\nmod inner {\n    pub fn f() {}\n}\n";
        scan.visit_file(&syn::parse_str(source).unwrap());
        let points: Vec<&str> = scan.alias_points.iter().map(|&at| &source[..at]).collect();
        assert_eq!(
            points,
            [
                "//! Docs.\n#![forbid(unsafe_code)]",
                "//! Docs.\n#![forbid(unsafe_code)]\nmod inner {"
            ]
        );
    }

    #[test]
    fn targets_are_the_names_of_target_literals_outside_tests() {
        let mut scan = Scan::default();
        let source = "const T: &[Target<u8>] = &[Target { name: \"a-1\", problem: \"p\", flags: f }, judge_io::Target { flags: f, name: \"b-2\", problem: \"q\" }];\n#[cfg(test)]\nconst U: Target<u8> = Target { name: \"test-only\", problem: \"\", flags: f };\n";
        scan.visit_file(&syn::parse_str(source).unwrap());
        assert_eq!(scan.targets, ["a-1", "b-2"]);
    }
}
