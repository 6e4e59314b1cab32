//! The crate's layers, enforced: every `crate::` path in `src/` (in `use` lines and inline)
//! must point to a module its own module may use. A module that reaches up makes a cycle
//! sooner or later, and a change below starts to break what sits above it.
//!
//! - `domain` uses nothing of the crate but itself, and `platform` nothing but itself;
//! - `store` uses `domain` and `platform`;
//! - `content`, `render`, `mail` and `visits` use `store`, `domain` and `platform`;
//! - `http` uses neither `cli` nor `server` nor `tls` (they start it);
//! - `cli` uses neither `http` nor `server` nor `tls`;
//! - the leaves `settings`, `desktop`, `health`, `metrics` and `telemetry` use only
//!   `domain` and `platform`;
//! - inside `http`, `plumbing` (what every answer goes through) names no room
//!   (`site`, `public_api`, `staff`, `health`).
//!
//! And one more rule, on what the code names outside the crate: only `platform` names an
//! operating system (`cfg(unix)`, `std::os::unix`, `libc`...), so a build for another
//! system has one module to finish. Test modules may test what only Unix has.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Which top-level modules a module may name: `Only` those listed, or `Not` those listed.
enum Allowed {
    Only(&'static [&'static str]),
    Not(&'static [&'static str]),
}

/// The rules, by the module path a file sits in (the longest prefix wins).
const RULES: &[(&str, Allowed)] = &[
    ("domain", Allowed::Only(&["domain"])),
    ("platform", Allowed::Only(&["platform"])),
    ("store", Allowed::Only(&["store", "domain", "platform"])),
    (
        "content",
        Allowed::Only(&["content", "store", "domain", "platform"]),
    ),
    (
        "render",
        Allowed::Only(&["render", "store", "domain", "platform"]),
    ),
    (
        "mail",
        Allowed::Only(&["mail", "store", "domain", "platform"]),
    ),
    (
        "visits",
        Allowed::Only(&["visits", "store", "domain", "platform"]),
    ),
    ("http", Allowed::Not(&["cli", "server", "tls"])),
    (
        "http::plumbing",
        Allowed::Not(&[
            "cli",
            "server",
            "tls",
            "http::site",
            "http::public_api",
            "http::staff",
            "http::health",
        ]),
    ),
    ("cli", Allowed::Not(&["http", "server", "tls"])),
    (
        "settings",
        Allowed::Only(&["settings", "domain", "platform"]),
    ),
    ("desktop", Allowed::Only(&["desktop", "domain", "platform"])),
    ("health", Allowed::Only(&["health", "domain", "platform"])),
    ("metrics", Allowed::Only(&["metrics", "domain", "platform"])),
    (
        "telemetry",
        Allowed::Only(&["telemetry", "domain", "platform"]),
    ),
];

/// One path that breaks a rule: where it is and what it names.
#[derive(Debug, PartialEq)]
struct Violation {
    file: String,
    line: usize,
    path: String,
}

/// The module a file under `src/` is: `src/http/plumbing/reply.rs` is `http::plumbing::reply`.
fn module_of(file: &str) -> String {
    file.trim_end_matches(".rs")
        .trim_end_matches("/mod")
        .replace('/', "::")
}

/// The rule for `module`: the one whose prefix is longest.
fn rule_for(module: &str) -> Option<&'static Allowed> {
    RULES
        .iter()
        .filter(|(prefix, _)| module == *prefix || module.starts_with(&format!("{prefix}::")))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|(_, allowed)| allowed)
}

/// Whether `target` (a path after `crate::`) is `module` or inside it.
fn within(target: &str, module: &str) -> bool {
    target == module || target.starts_with(&format!("{module}::"))
}

/// The `crate::` paths of one file's code (comments left out), with their line numbers. A
/// grouped `use crate::{a::b, c}` gives each of its items.
fn crate_paths(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in source.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let before = rest[..at].chars().last();
            rest = &rest[at + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or("");
                for item in inner.split(',') {
                    let item = item.trim();
                    if !item.is_empty() {
                        found.push((index + 1, item.to_owned()));
                    }
                }
                continue;
            }
            let path: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            found.push((index + 1, path.trim_end_matches(':').to_owned()));
        }
    }
    found
}

/// The paths of `source` (the file `file` under `src/`) that its module may not name.
fn violations(file: &str, source: &str) -> Vec<Violation> {
    let module = module_of(file);
    let Some(rule) = rule_for(&module) else {
        return Vec::new();
    };
    let own_top = module.split("::").next().unwrap_or("");
    crate_paths(source)
        .into_iter()
        .filter(|(_, path)| match rule {
            Allowed::Only(allowed) => !allowed.iter().any(|m| within(path, m)),
            Allowed::Not(refused) => {
                !within(path, own_top) && refused.iter().any(|m| within(path, m))
                    || refused
                        .iter()
                        .any(|m| m.starts_with(&format!("{own_top}::")) && within(path, m))
            }
        })
        .map(|(line, path)| Violation {
            file: format!("src/{file}"),
            line,
            path: format!("crate::{path}"),
        })
        .collect()
}

/// Every `.rs` file under `dir`, as paths relative to `root`.
fn rust_files(root: &Path, dir: &Path, files: &mut Vec<String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("read src/")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(root, &path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let relative = path.strip_prefix(root).expect("under src/");
            files.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn no_module_names_a_layer_above_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    assert!(files.len() > 50, "src/ was not read: {files:?}");
    let mut by_layer: BTreeMap<String, usize> = BTreeMap::new();
    let mut broken = Vec::new();
    for file in &files {
        let source = fs::read_to_string(root.join(file)).expect("read a source file");
        let top = module_of(file).split("::").next().unwrap_or("").to_owned();
        *by_layer.entry(top).or_default() += crate_paths(&source).len();
        broken.extend(violations(file, &source));
    }
    let report: Vec<String> = broken
        .iter()
        .map(|v| format!("{}:{} names {}", v.file, v.line, v.path))
        .collect();
    assert!(
        report.is_empty(),
        "{} path(s) point up a layer (see the rules at the top of tests/layers.rs):\n{}",
        report.len(),
        report.join("\n")
    );
    println!("crate:: paths read, by layer: {by_layer:?}; none points up");
}

#[test]
fn a_planted_import_that_points_up_is_found() {
    let planted = [
        ("domain/csv.rs", "use crate::store::Db;", "crate::store::Db"),
        (
            "store/inbox.rs",
            "use crate::http::AppState;",
            "crate::http::AppState",
        ),
        (
            "mail/compose.rs",
            "let x = crate::settings::Settings::default();",
            "crate::settings::Settings::default",
        ),
        (
            "http/staff/inbox.rs",
            "use crate::cli::csv::CsvWriter;",
            "crate::cli::csv::CsvWriter",
        ),
        (
            "http/plumbing/reply.rs",
            "use crate::http::site::assets::etag_of;",
            "crate::http::site::assets::etag_of",
        ),
        (
            "cli/restore.rs",
            "use crate::{store::Db, server::backups};",
            "crate::server::backups",
        ),
    ];
    for (file, line, path) in planted {
        let found = violations(file, &format!("//! A module.\n\n{line}\n"));
        assert_eq!(
            found,
            vec![Violation {
                file: format!("src/{file}"),
                line: 3,
                path: path.to_owned(),
            }],
            "{file}: {line}"
        );
    }
}

#[test]
fn paths_a_layer_may_name_and_comments_pass() {
    let allowed = [
        ("store/inbox.rs", "use crate::domain::inbox::InboxQuery;"),
        ("http/staff/inbox.rs", "use crate::store::inbox;"),
        (
            "http/plumbing/filters.rs",
            "use crate::http::state::AppState;",
        ),
        (
            "http/site/pages.rs",
            "use crate::http::public_api::blogs::BlogApi;",
        ),
        ("cli/blog.rs", "use crate::content::media::MediaLibrary;"),
        ("domain/csv.rs", "// not code: crate::store::Db"),
        ("server/mod.rs", "use crate::http::{self, AppState};"),
    ];
    for (file, line) in allowed {
        assert_eq!(violations(file, line), Vec::new(), "{file}: {line}");
    }
}

/// What names an operating system in Rust code: the std extensions and the crates that
/// only exist on one system, and (in a `cfg`) the words that choose one.
const OS_PATHS: &[&str] = &[
    "std::os::",
    "tokio::signal::unix",
    "tokio::signal::windows",
    "libc::",
    "rustix::",
    "rlimit::",
    "windows_sys::",
];
const OS_CFG_WORDS: &[&str] = &[
    "unix",
    "windows",
    "target_os",
    "target_family",
    "target_env",
];

/// The lines of `source` (comments and the test module left out) that name an operating
/// system, with their numbers and what they name.
fn os_names(source: &str) -> Vec<(usize, String)> {
    let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    code.lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let code = line.split("//").next().unwrap_or("");
            let path = OS_PATHS.iter().find(|name| code.contains(*name));
            let in_cfg = code
                .match_indices("cfg")
                .map(|(at, _)| &code[at..])
                .filter(|rest| rest.starts_with("cfg(") || rest.starts_with("cfg!("))
                .find_map(|rest| OS_CFG_WORDS.iter().find(|word| rest.contains(*word)));
            path.or(in_cfg).map(|name| (index + 1, (*name).to_owned()))
        })
        .collect()
}

#[test]
fn only_the_platform_module_names_an_operating_system() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    let mut in_platform = 0;
    let mut named = Vec::new();
    for file in &files {
        let source = fs::read_to_string(root.join(file)).expect("read a source file");
        let found = os_names(&source);
        if file.starts_with("platform/") {
            in_platform += found.len();
        } else {
            named.extend(
                found
                    .into_iter()
                    .map(|(line, name)| format!("src/{file}:{line} names {name}")),
            );
        }
    }
    assert!(in_platform > 3, "src/platform was not read");
    assert!(
        named.is_empty(),
        "code outside src/platform names an operating system; give src/platform a \
         function for it:\n{}",
        named.join("\n")
    );
}

#[test]
fn a_planted_os_name_is_found_and_a_test_module_may_name_one() {
    let planted =
        "//! A module.\n\nfn a() {}\n#[cfg(unix)]\nfn b() { unsafe { libc::umask(0) }; }\n\
                   let t = if cfg!(all(target_os = \"linux\")) { 1 } else { 2 };\n";
    assert_eq!(
        os_names(planted),
        vec![
            (4, "unix".to_owned()),
            (5, "libc::".to_owned()),
            (6, "target_os".to_owned())
        ]
    );
    let in_tests = "fn a() {}\n// cfg(unix) in a comment\n#[cfg(test)]\nmod tests {\n    #[cfg(unix)]\n    fn mode() {}\n}\n";
    assert_eq!(os_names(in_tests), Vec::new());
}
