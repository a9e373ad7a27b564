//! Making a file small: [`prune`] cuts the items rustc reports as unused in
//! the one file, [`compact`] prints it without comments, docs or the empty
//! modules pruning leaves.

use std::ops::Range;
use std::path::Path;
use std::process::Command;

use cargo_metadata::diagnostic::{Diagnostic, DiagnosticLevel};
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{ImplItem, Item, TraitItem};

use super::paste::apply;
use super::ExportError;

/// `text` without the functions, constants, statics, type aliases, macros
/// and imports that rustc reports as unused once it is one file, and without
/// the functions and constants of a trait that rustc reports as never used
/// (each cut with the item of that name in every impl of the trait, so that
/// what only those impl items used goes in later rounds), and the structs
/// and enums it reports never built or used (each with every impl of a type
/// of that name). Each round
/// compiles it (metadata only, with `--force-warn` overriding the pasted
/// modules' allow) and cuts what the warnings name, except a cut that
/// breaks the file (see [`Round`]); a cut can leave more unused, so rounds
/// go on until one cuts nothing.
pub(super) fn prune(text: &str) -> Result<String, ExportError> {
    let scratch = tempfile::tempdir().map_err(|source| ExportError::Read {
        path: std::env::temp_dir(),
        source,
    })?;
    let mut text = text.to_string();
    let mut diagnostics = check(scratch.path(), &text)?;
    if let Some(error) = first_error(&diagnostics) {
        return Err(ExportError::Rustc(error));
    }
    // Every round that cuts cuts at least one item, so the number of items
    // bounds the rounds.
    loop {
        let mut round = Round {
            dir: scratch.path(),
            text: &text,
            kept: Vec::new(),
            built: None,
        };
        round.cut(&unused(&text, &diagnostics)?, false)?;
        match round.built {
            Some((next, next_diagnostics)) => {
                text = next;
                diagnostics = next_diagnostics;
            }
            None => return Ok(text),
        }
    }
}

/// One round of cuts to `text`. rustc calls an item unused when its only
/// users are unused too, and a user it does not name (an impl of a type that
/// stays, a type argument) then breaks the file without it: so the cuts are
/// tried all together, and when that does not build, each half in turn, on
/// top of what was kept so far. A cut that breaks the file is found with a
/// logarithmic number of checks and stays; every other cut is kept.
struct Round<'a> {
    dir: &'a Path,
    text: &'a str,
    /// The edits kept, which build together.
    kept: Vec<(Range<usize>, String)>,
    /// The file with the kept edits and its diagnostics, once one is kept.
    built: Option<(String, Vec<Diagnostic>)>,
}

impl Round<'_> {
    /// Keeps `groups` on top of the kept edits if that builds, else what of
    /// each half does; `fails` tells that `groups` on top of the kept edits
    /// is already known not to build. True when every group was kept.
    /// Recursion is as deep as the halving of one round's cuts, a handful of
    /// levels.
    fn cut(&mut self, groups: &[Edits], fails: bool) -> Result<bool, ExportError> {
        if groups.is_empty() {
            return Ok(true);
        }
        if !fails {
            let mut edits = self.kept.clone();
            edits.extend(groups.concat());
            let next = apply(self.text, edits.clone());
            let diagnostics = check(self.dir, &next)?;
            if first_error(&diagnostics).is_none() {
                self.kept = edits;
                self.built = Some((next, diagnostics));
                return Ok(true);
            }
        }
        if groups.len() == 1 {
            return Ok(false);
        }
        let (first, second) = groups.split_at(groups.len() / 2);
        // All of the first half kept: the second half on top is the set that
        // just failed, so it is split at once.
        let first_kept = self.cut(first, false)?;
        self.cut(second, first_kept)?;
        Ok(false)
    }
}

fn first_error(diagnostics: &[Diagnostic]) -> Option<String> {
    diagnostics
        .iter()
        .find(|d| matches!(d.level, DiagnosticLevel::Error | DiagnosticLevel::Ice))
        .map(|d| d.rendered.clone().unwrap_or_else(|| d.message.clone()))
}

/// rustc's diagnostics for `text` as a binary, with the unused-item lints
/// forced on; the files go to `dir`.
fn check(dir: &Path, text: &str) -> Result<Vec<Diagnostic>, ExportError> {
    let source = dir.join("export.rs");
    std::fs::write(&source, text).map_err(|error| ExportError::Read {
        path: source.clone(),
        source: error,
    })?;
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = Command::new(rustc)
        .args(["--edition=2021", "--crate-type=bin", "--emit=metadata"])
        .args(["--error-format=json", "--force-warn=dead_code"])
        .args(["--force-warn=unused_imports", "--force-warn=unused_macros"])
        .arg("--out-dir")
        .arg(dir)
        .arg(&source)
        .output()
        .map_err(|error| ExportError::Rustc(format!("cannot run rustc: {error}")))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    Ok(stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<Diagnostic>(line).ok())
        .collect())
}

/// A group of edits that must be made together (a trait's item and the
/// items of that name in its impls).
type Edits = Vec<(Range<usize>, String)>;

/// The edits that cut what the diagnostics report unused, in groups.
fn unused(text: &str, diagnostics: &[Diagnostic]) -> Result<Vec<Edits>, ExportError> {
    let file: syn::File = syn::parse_str(text)
        .map_err(|error| ExportError::Rustc(format!("cannot parse the export: {error}")))?;
    let mut items = Items::default();
    items.visit_file(&file);
    let items = items.groups();
    let mut edits: Vec<Edits> = Vec::new();
    for diagnostic in diagnostics {
        let code = diagnostic.code.as_ref().map(|code| code.code.as_str());
        // An unused import: rustc's own fix (the whole `use`, or the one
        // name in a group).
        if code == Some("unused_imports") {
            let spans = diagnostic.children.iter().flat_map(|child| &child.spans);
            edits.extend(spans.filter_map(|span| {
                let replacement = span.suggested_replacement.clone()?;
                Some(vec![(
                    span.byte_start as usize..span.byte_end as usize,
                    replacement,
                )])
            }));
        }
        // An unused item: the lint points at its name.
        if matches!(code, Some("dead_code" | "unused_macros")) {
            for span in &diagnostic.spans {
                let start = span.byte_start as usize;
                let item = items.iter().find(|(name, _)| name.start == start);
                edits.extend(item.map(|(_, ranges)| {
                    ranges
                        .iter()
                        .map(|range| (range.clone(), String::new()))
                        .collect()
                }));
            }
        }
    }
    Ok(edits)
}

/// Where the items are that can go when unused: (name range, item range)
/// of functions (free and associated), constants, statics, type aliases and
/// macros; the functions and constants of traits, with the items of impls
/// of a trait (trait name, item name, item range) to cut with them; and
/// structs and enums (name, name range, item range), with the impls of a
/// type (type name, impl range) to cut with them. A type rustc calls never
/// built may still be named (as a type argument, in a field): then its cut
/// does not build, and it stays.
#[derive(Default)]
struct Items {
    items: Vec<(Range<usize>, Range<usize>)>,
    trait_items: Vec<(String, String, Range<usize>, Range<usize>)>,
    impl_items: Vec<(String, String, Range<usize>)>,
    types: Vec<(String, Range<usize>, Range<usize>)>,
    impls: Vec<(String, Range<usize>)>,
}

impl Items {
    /// (name range, the item ranges to cut when it is unused): a trait's
    /// item goes with the items of that name in every impl of a trait of
    /// that name (a namesake trait elsewhere only makes the cut fail to
    /// build, and the file stays as it was).
    fn groups(self) -> Vec<(Range<usize>, Vec<Range<usize>>)> {
        let mut groups: Vec<_> = self
            .items
            .into_iter()
            .map(|(name, item)| (name, vec![item]))
            .collect();
        for (trait_name, item_name, name, item) in self.trait_items {
            let mut ranges = vec![item];
            ranges.extend(
                self.impl_items
                    .iter()
                    .filter(|(t, i, _)| *t == trait_name && *i == item_name)
                    .map(|(_, _, range)| range.clone()),
            );
            groups.push((name, ranges));
        }
        for (type_name, name, item) in self.types {
            let mut ranges = vec![item];
            ranges.extend(
                self.impls
                    .iter()
                    .filter(|(t, _)| *t == type_name)
                    .map(|(_, range)| range.clone()),
            );
            groups.push((name, ranges));
        }
        groups
    }
}

impl<'ast> Visit<'ast> for Items {
    fn visit_item(&mut self, item: &'ast Item) {
        let name = match item {
            Item::Fn(i) => Some(&i.sig.ident),
            Item::Const(i) => Some(&i.ident),
            Item::Static(i) => Some(&i.ident),
            Item::Type(i) => Some(&i.ident),
            Item::Macro(i) => i.ident.as_ref(),
            _ => None,
        };
        self.items
            .extend(name.map(|name| (name.span().byte_range(), item.span().byte_range())));
        if let Item::Trait(t) = item {
            for trait_item in &t.items {
                let name = match trait_item {
                    TraitItem::Fn(i) => &i.sig.ident,
                    TraitItem::Const(i) => &i.ident,
                    _ => continue,
                };
                self.trait_items.push((
                    t.ident.to_string(),
                    name.to_string(),
                    name.span().byte_range(),
                    trait_item.span().byte_range(),
                ));
            }
        }
        let named_type = match item {
            Item::Struct(i) => Some(&i.ident),
            Item::Enum(i) => Some(&i.ident),
            _ => None,
        };
        if let Some(name) = named_type {
            self.types.push((
                name.to_string(),
                name.span().byte_range(),
                item.span().byte_range(),
            ));
        }
        if let Item::Impl(i) = item {
            if let syn::Type::Path(path) = &*i.self_ty {
                if let Some(last) = path.path.segments.last() {
                    self.impls
                        .push((last.ident.to_string(), item.span().byte_range()));
                }
            }
            let trait_name = i
                .trait_
                .as_ref()
                .and_then(|(_, path, _)| path.segments.last());
            if let Some(trait_name) = trait_name {
                for impl_item in &i.items {
                    let name = match impl_item {
                        ImplItem::Fn(i) => &i.sig.ident,
                        ImplItem::Const(i) => &i.ident,
                        _ => continue,
                    };
                    self.impl_items.push((
                        trait_name.ident.to_string(),
                        name.to_string(),
                        impl_item.span().byte_range(),
                    ));
                }
            }
        }
        visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        let name = match item {
            ImplItem::Fn(i) => Some(&i.sig.ident),
            ImplItem::Const(i) => Some(&i.ident),
            _ => None,
        };
        self.items
            .extend(name.map(|name| (name.span().byte_range(), item.span().byte_range())));
        visit::visit_impl_item(self, item);
    }
}

/// `text` without comments or doc attributes, printed by `rustminify` with
/// no space the lexer can do without; its first three lines (the export's
/// header) are kept.
pub(super) fn compact(text: &str) -> Result<String, ExportError> {
    let header_end = text.match_indices('\n').nth(2).map_or(0, |(i, _)| i + 1);
    let tokens: TokenStream = text[header_end..]
        .parse()
        .map_err(|error| ExportError::Compact(format!("cannot lex the export: {error}")))?;
    let body = rustminify::minify_tokens(without_empty_modules(without_docs(tokens)));
    Ok(format!("{}{body}\n", &text[..header_end]))
}

/// `tokens` without doc attributes (the lexer turns doc comments into
/// `#[doc = ..]` and `#![doc = ..]`), every other token with its span.
fn without_docs(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut index = 0;
    while index < trees.len() {
        if let Some(skip) = doc_attribute(&trees[index..]) {
            index += skip;
            continue;
        }
        out.push(match &trees[index] {
            // Recursion here follows the nesting of our own sources, which
            // the workspace writes, not of any judge input.
            TokenTree::Group(group) => {
                let mut inner = Group::new(group.delimiter(), without_docs(group.stream()));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        index += 1;
    }
    out.into_iter().collect()
}

/// `tokens` without the modules that hold nothing (`mod knapsack {}`, with
/// their visibility and attributes), innermost first, so that a module
/// holding only empty ones goes too. [`prune`] empties a module whose every
/// item is unused but cannot cut the module itself (rustc does not call it
/// unused); nothing can name an item of an empty module, so dropping it
/// changes nothing but the size (`pub mod count{}` alone is 15 bytes of
/// PAT's 16,000).
fn without_empty_modules(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
    let mut index = 0;
    while index < trees.len() {
        let tree = match &trees[index] {
            // Recursion follows the nesting of our own sources, as above.
            TokenTree::Group(group) => {
                let mut inner =
                    Group::new(group.delimiter(), without_empty_modules(group.stream()));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        };
        let empty_module = matches!(&tree, TokenTree::Ident(word) if word == "mod")
            && matches!(trees.get(index + 1), Some(TokenTree::Ident(_)))
            && matches!(trees.get(index + 2), Some(TokenTree::Group(body))
                if body.delimiter() == Delimiter::Brace
                    && without_empty_modules(body.stream()).is_empty());
        if !empty_module {
            out.push(tree);
            index += 1;
            continue;
        }
        // Its visibility (`pub`, `pub(crate)`), then its attributes.
        if matches!(out.last(), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis)
            && matches!(out.get(out.len().wrapping_sub(2)), Some(TokenTree::Ident(word)) if word == "pub")
        {
            out.truncate(out.len() - 2);
        } else if matches!(out.last(), Some(TokenTree::Ident(word)) if word == "pub") {
            out.pop();
        }
        while out.len() >= 2
            && matches!(&out[out.len() - 1], TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket)
            && matches!(&out[out.len() - 2], TokenTree::Punct(p) if p.as_char() == '#')
        {
            out.truncate(out.len() - 2);
        }
        index += 3;
    }
    out.into_iter().collect()
}

/// How many trees the doc attribute (`#[doc ..]` or `#![doc ..]`) at the
/// start of `trees` spans, if one is there.
fn doc_attribute(trees: &[TokenTree]) -> Option<usize> {
    let is = |index: usize, c: char| matches!(trees.get(index), Some(TokenTree::Punct(p)) if p.as_char() == c);
    let bang = usize::from(is(1, '!'));
    match trees.get(1 + bang) {
        Some(TokenTree::Group(group))
            if is(0, '#')
                && group.delimiter() == Delimiter::Bracket
                && matches!(group.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc") =>
        {
            Some(2 + bang)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prune_cuts_unused_items_types_and_trait_items_until_none_is_left() {
        let text = "#[allow(dead_code, unused_imports)]\nmod lib {\n    use std::fmt;\n    pub struct Unbuilt;\n    pub fn used() -> u8 { <Named as Run>::run() }\n    pub fn unused() -> u8 { only_from_unused() }\n    fn only_from_unused() -> u8 { 2 }\n    impl Unbuilt { pub fn method(&self) {} }\n    pub struct Unused;\n    impl std::fmt::Debug for Unused {\n        fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { Ok(()) }\n    }\n    pub struct Named;\n    pub trait Run { fn run() -> u8; fn never() -> u8; }\n    impl Run for Named { fn run() -> u8 { 3 } fn never() -> u8 { only_from_never() } }\n    fn only_from_never() -> u8 { 4 }\n    macro_rules! never { () => {} }\n}\nfn main() { let _ = lib::used(); }\n";
        assert_eq!(
            prune(text).unwrap(),
            "#[allow(dead_code, unused_imports)]\nmod lib {\n    \n    \n    pub fn used() -> u8 { <Named as Run>::run() }\n    \n    \n    \n    \n    \n    pub struct Named;\n    pub trait Run { fn run() -> u8;  }\n    impl Run for Named { fn run() -> u8 { 3 }  }\n    \n    \n}\nfn main() { let _ = lib::used(); }\n"
        );
    }

    #[test]
    fn prune_keeps_a_type_it_cannot_cut_and_cuts_the_rest() {
        // rustc calls `Marker` never constructed, but `used` names it.
        let text = "#[allow(dead_code)]\nmod lib {\n    pub struct Marker;\n    pub fn used() -> u8 { let _: Option<Marker> = None; 1 }\n    pub fn unused() -> u8 { 2 }\n    pub fn also_unused() -> u8 { 3 }\n}\nfn main() { let _ = lib::used(); }\n";
        assert_eq!(
            prune(text).unwrap(),
            "#[allow(dead_code)]\nmod lib {\n    pub struct Marker;\n    pub fn used() -> u8 { let _: Option<Marker> = None; 1 }\n    \n    \n}\nfn main() { let _ = lib::used(); }\n"
        );
    }

    #[test]
    fn compact_drops_empty_modules_with_their_visibility_and_attributes() {
        let text = "1\n2\n3\nmod a { pub mod b {} #[allow(x)] pub(crate) mod c { mod d {} } \
                    pub fn f() {} }\n#[cfg(test)]\nmod e {}\nmod g;\nfn main() { a::f(); }\n";
        assert_eq!(
            compact(text).unwrap(),
            "1\n2\n3\nmod a{pub fn f(){}}mod g;fn main(){a::f();}\n"
        );
    }

    #[test]
    fn compact_drops_comments_and_docs_and_keeps_the_header() {
        let text = "// one\n// two\n// three\n//! Inner.\n/// Outer.\nfn main() {\n    // a comment\n    let s = \"// kept\"; /* gone */\n    let _ = s;\n    let _ = \"two\n    lines\";\n}\n";
        assert_eq!(
            compact(text).unwrap(),
            "// one\n// two\n// three\nfn main(){let s=\"// kept\";let _=s;let _=\"two\n    lines\";}\n"
        );
    }

    #[test]
    fn compact_keeps_apart_only_the_tokens_that_would_run_together() {
        let text = "1\n2\n3\nfn f<'a>(x: &'a [u8], y: i64) -> bool {\n    \
                    let z = - -y; let w = & &x; let c = 'c';\n    \
                    y < -1 && x.len() as i64 >= 1.max(0) && z != w.len() as i64 && c == b'c' as char\n}\n";
        assert_eq!(
            compact(text).unwrap(),
            "1\n2\n3\nfn f<'a>(x:&'a[u8],y:i64)->bool{let z=--y;let w=& &x;let c='c';\
             y< -1&&x.len()as i64>=1.max(0)&&z!=w.len()as i64&&c==b'c' as char}\n"
        );
    }
}
