//! ARCHITECTURE.md's map holds: every path its feature table names is there, and every
//! folder of `src/` is named in it (a top folder by a code map heading of its own, a folder
//! inside one as `name/` or by a path through it), so a move or a new folder shows here
//! until the map follows.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

fn architecture() -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
        .expect("ARCHITECTURE.md")
}

/// The text between backticks, every piece of it.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The feature table's section: from its heading to the next `## `.
fn feature_section(text: &str) -> &str {
    let start = text
        .find("## Features, layer by layer")
        .expect("ARCHITECTURE.md has its feature table");
    let rest = &text[start + 2..];
    &text[start..start + 2 + rest.find("\n## ").unwrap_or(rest.len())]
}

/// Paths the feature table names that are not in the tree.
fn missing_paths(section: &str, root: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    for piece in quoted(section) {
        let path = if piece.starts_with("src/") || piece.starts_with("ui/src/") {
            piece.to_owned()
        } else if piece.ends_with('/') && !piece.contains(' ') && !piece.contains('.') {
            // A UI feature's folder, as the table's last column writes it.
            format!("ui/src/features/{piece}")
        } else {
            continue;
        };
        if !root.join(&path).exists() {
            missing.push(path);
        }
    }
    missing
}

/// The folders of `src/` the map does not name.
fn unnamed_folders(text: &str, root: &Path) -> Vec<String> {
    let pieces: BTreeSet<&str> = quoted(text).into_iter().collect();
    let mut unnamed = Vec::new();
    let mut folders = vec![root.join("src")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("read src") {
            let path = entry.expect("entry").path();
            if !path.is_dir() {
                continue;
            }
            folders.push(path.clone());
            let relative = path
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            let name = path.file_name().expect("a name").to_string_lossy();
            let top = relative.matches('/').count() == 1;
            let named = if top {
                text.lines().any(|line| {
                    line.starts_with("### ") && line.contains(&format!("`{relative}/`"))
                })
            } else {
                pieces.contains(format!("{name}/").as_str())
                    || pieces
                        .iter()
                        .any(|p| p.starts_with(&format!("{relative}/")))
            };
            if !named {
                unnamed.push(relative);
            }
        }
    }
    unnamed.sort();
    unnamed
}

#[test]
fn every_path_the_feature_table_names_is_there() {
    let text = architecture();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let section = feature_section(&text);
    assert!(
        quoted(section).len() > 50,
        "the feature table names too little"
    );
    let missing = missing_paths(section, root);
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's feature table names paths that are gone: {missing:?}"
    );
}

#[test]
fn every_folder_of_src_is_named_in_the_map() {
    let text = architecture();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let unnamed = unnamed_folders(&text, root);
    assert!(
        unnamed.is_empty(),
        "ARCHITECTURE.md names no place for these folders of src/: {unnamed:?}"
    );
}

#[test]
fn a_gone_path_and_a_new_folder_are_found() {
    let root = tempfile::tempdir().expect("dir");
    fs::create_dir_all(root.path().join("src/kept/inner")).expect("folders");
    fs::create_dir_all(root.path().join("src/new")).expect("folders");
    fs::write(root.path().join("src/kept/a.rs"), "").expect("file");
    let text = "### `src/kept/`\n\n`inner/`\n\n## Features, layer by layer\n\n\
                | `src/kept/a.rs` | `src/kept/gone.rs` |\n\n## Layers\n";
    assert_eq!(
        missing_paths(feature_section(text), root.path()),
        ["src/kept/gone.rs"]
    );
    assert_eq!(unnamed_folders(text, root.path()), ["src/new"]);
}
