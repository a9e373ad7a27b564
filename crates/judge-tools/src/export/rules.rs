//! The three checks whose rustc errors would confuse a user of the pasted
//! file: `crate::` in a library (it would name the whole submission), a
//! `mod NAME;` inside an inline module (the paste fills only a file's
//! top-level `mod NAME;`, from `NAME.rs` where rustc looks for it), and a dependency that is not a workspace member (a judge has no crates).
//! Anything else that goes wrong shows as a plain rustc error in the file.

use std::ops::Range;

use cargo_metadata::{DependencyKind, Package};
use proc_macro2::{Spacing, TokenStream, TokenTree};

use super::{Violation, Workspace};

pub(super) const CRATE_PATH: &str =
    "`crate::` in library code: pasted into the submission, `crate` means the whole file; \
     use `super::` (from a submodule) or a path from this module";

pub(super) fn nested_module(name: &str) -> String {
    format!(
        "`mod {name};` inside an inline module: declare it at the top level of a file \
         (its file is then next to that file, as rustc looks for it), or write it inline"
    )
}

/// The lines of the `crate::` paths among `tokens` (macro bodies included),
/// leaving out those inside `cut` byte ranges and `$crate`.
pub(super) fn crate_paths(tokens: TokenStream, cut: &[Range<usize>]) -> Vec<usize> {
    let mut lines = Vec::new();
    // Groups are walked with an explicit stack: nesting depth is the input's.
    let mut streams = vec![tokens];
    while let Some(stream) = streams.pop() {
        let trees: Vec<TokenTree> = stream.into_iter().collect();
        for (index, tree) in trees.iter().enumerate() {
            let start = tree.span().byte_range().start;
            if cut.iter().any(|range| range.contains(&start)) {
                continue;
            }
            match tree {
                TokenTree::Group(group) => streams.push(group.stream()),
                TokenTree::Ident(ident) if ident == "crate" => {
                    let dollar = index > 0
                        && matches!(&trees[index - 1], TokenTree::Punct(p) if p.as_char() == '$');
                    let path = matches!(trees.get(index + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == Spacing::Joint);
                    if path && !dollar {
                        lines.push(tree.span().start().line);
                    }
                }
                _ => {}
            }
        }
    }
    lines.sort_unstable();
    lines
}

/// Each normal dependency of `package` that is not a workspace member.
pub(super) fn manifest(workspace: &Workspace, package: &Package) -> Vec<Violation> {
    let manifest = package.manifest_path.as_std_path();
    let text = std::fs::read_to_string(manifest).unwrap_or_default();
    package
        .dependencies
        .iter()
        .filter(|dependency| dependency.kind == DependencyKind::Normal)
        .filter(|dependency| dependency.path.is_none() || workspace.member(&dependency.name).is_none())
        .map(|dependency| {
            let line = text
                .lines()
                .position(|line| line.trim_start().starts_with(dependency.name.as_str()))
                .map_or(0, |index| index + 1);
            let message = format!(
                "dependency `{}` is not a workspace member: a judge compiles one file with std only",
                dependency.name
            );
            workspace.violation(manifest, line, &message)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_paths_are_found_in_macros_but_not_in_strings_visibility_or_macro_crate() {
        let source = "pub(crate) fn a() {\n    let _ = \"crate::no\";\n    println!(\"{}\", crate::b());\n}\nmacro_rules! m { () => { $crate::a() }; }\nuse crate::a as c;\n";
        assert_eq!(crate_paths(source.parse().unwrap(), &[]), [3, 6]);
        let cut = source.find("use crate").unwrap()..source.len();
        assert_eq!(
            crate_paths(source.parse().unwrap(), std::slice::from_ref(&cut)),
            [3]
        );
    }
}
