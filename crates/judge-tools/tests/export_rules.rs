//! The export of a small made-up workspace that uses everything the aliases
//! must cope with (crate paths in `use` trees, in expressions, in submodules
//! and inline modules, inner docs and attributes first, a crate two levels
//! down, test modules full of braces in strings), built with a bare rustc and
//! run: it must compile without one warning and print what cargo's build
//! would.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use judge_tools::export::{Dependency, Package, Target, Workspace};

/// Writes the files of the fixture below `root` and describes its crates:
/// `app` (binary and library) depends on `mid` and `base`, `mid` on `base`.
fn fixture(root: &Path) -> Workspace {
    let files: &[(&str, &str)] = &[
        (
            "crates/app/src/main.rs",
            "//! The fixture binary.\nfn main() -> std::process::ExitCode {\n    base::exit(app::App::run())\n}\n",
        ),
        (
            "crates/app/src/lib.rs",
            r##"//! The app.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use base::Shape;
use mid::{self as middle, area};

mod render;

/// The app.
pub struct App;

impl App {
    /// Runs it.
    pub fn run() -> u8 {
        let shape = Shape { side: middle::SIDE };
        render::show(area(&shape));
        0
    }

    #[cfg(test)]
    fn only_for_tests() -> &'static str {
        "}}}"
    }
}

#[cfg(test)]
mod tests {
    use crate::App;
    const BRACES: &str = r#"{"#;
    #[test]
    fn t() {
        assert_eq!(App::only_for_tests(), "}}}");
        let _ = ('{', BRACES);
    }
}
"##,
        ),
        (
            "crates/app/src/render.rs",
            "//! Rendering.\n\n/// Prints the area.\npub(super) fn show(area: u32) {\n    let text = base::format_area(area);\n    print!(\"{text}\");\n}\n",
        ),
        (
            "crates/mid/src/lib.rs",
            r#"/*! The middle crate, with a block inner doc. */

pub use base::Shape;

/// The side.
pub const SIDE: u32 = 7;

/// The area of a shape.
pub fn area(shape: &Shape) -> u32 {
    geometry::square(shape.side)
}

/// Unused by the binary: the export's allow keeps this quiet.
pub fn unused() -> base::Shape {
    base::Shape { side: 0 }
}

mod geometry {
    //! Inline module naming a crate.
    use base::checked;

    pub(super) fn square(side: u32) -> u32 {
        checked(side * side)
    }
}
"#,
        ),
        (
            "crates/base/src/lib.rs",
            "//! The base crate.\n\n/// A square.\npub struct Shape {\n    /// Its side.\n    pub side: u32,\n}\n\n/// Identity, checked.\npub fn checked(x: u32) -> u32 {\n    x\n}\n\n/// Formats an area.\npub fn format_area(area: u32) -> String {\n    format!(\"area {area}\n  (multi-line string kept as is)\n\")\n}\n\n/// The exit code.\npub fn exit(code: u8) -> std::process::ExitCode {\n    std::process::ExitCode::from(code)\n}\n",
        ),
    ];
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let package = |name: &str, deps: &[&str], bin: bool| {
        let dir = root.join("crates").join(name);
        Package {
            name: name.to_string(),
            edition: "2021".to_string(),
            lib: Some(Target {
                name: name.to_string(),
                path: dir.join("src/lib.rs"),
                kinds: vec!["lib".to_string()],
            }),
            bins: if bin {
                vec![Target {
                    name: name.to_string(),
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
    };
    Workspace {
        root: root.to_path_buf(),
        packages: vec![
            package("app", &["mid", "base"], true),
            package("base", &[], false),
            package("mid", &["base"], false),
        ],
    }
}

#[test]
fn a_three_crate_export_builds_without_warnings_and_runs() {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("export-fixture");
    let workspace = fixture(&root);
    assert_eq!(workspace.problems(), ["app"]);
    let text = workspace.export("app").unwrap();
    assert!(
        !text.contains("cfg(test)") && !text.contains("only_for_tests"),
        "{text}"
    );
    let source = root.join("app.rs");
    let binary = root.join("app");
    std::fs::write(&source, &text).unwrap();
    let output = Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stderr.is_empty(),
        "{stderr}\n{text}"
    );
    let run = Command::new(&binary).output().unwrap();
    assert!(run.status.success());
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "area 49\n  (multi-line string kept as is)\n"
    );
}
