//! Every package has a statement and solution slides in its crate's README,
//! and no region writes a bound in ASCII (`judge_tools::package::ascii_math`):
//! the statements and slides are read typeset.

use std::path::Path;

use judge_tools::export::Workspace;
use judge_tools::package;

#[test]
fn every_package_has_a_typeset_statement_and_solution() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = Workspace::load(&root.canonicalize().unwrap()).unwrap();
    let names = package::names(&workspace).unwrap();
    assert!(names.len() >= 13, "{names:?}");
    let mut failures = Vec::new();
    for name in &names {
        let (problem, _) = workspace.contract(name).unwrap();
        let readme = workspace
            .root()
            .join("crates")
            .join(&problem)
            .join("README.md");
        if let Err(error) = package::statement(&readme, name) {
            failures.push(format!("{name}: statement: {error}"));
        }
        match package::solution(&readme, name) {
            Ok(slides) if slides.iter().all(|slide| !slide.trim().is_empty()) => {}
            Ok(_) => failures.push(format!("{name}: an empty solution slide")),
            Err(error) => failures.push(format!("{name}: solution: {error}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
