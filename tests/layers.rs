//! The crate's layers, enforced: every `crate::` path in `src/` (in `use` lines and inline)
//! must point to a module its own module may use. A module that reaches up makes a cycle
//! sooner or later, and a change below starts to break what sits above it.
//!
//! - `domain` uses nothing of the crate but itself, and `platform` nothing but itself;
//! - `store` uses `domain` and `platform`;
//! - `content`, `render` and `mail` use `store`, `domain` and `platform`;
//! - `office` (what the office does, one function an operation, shared by `http` and `cli`)
//!   uses those and `content`, `mail` and `render`, never `http` nor `cli`;
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

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use regex::Regex;

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
        "office",
        Allowed::Only(&[
            "office", "store", "domain", "platform", "content", "mail", "render",
        ]),
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
        // The visit counter the server holds is store's, held to store's rule.
        (
            "store/analytics/counter.rs",
            "use crate::http::state::AppState;",
            "crate::http::state::AppState",
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

/// The modules of `src/` (the library's: `main.rs` is the binary's own crate), each with the
/// modules its code names: through `crate::`, `super::` and `self::` paths, a child module
/// named bare, and grouped `use` lines. A path names the deepest module it goes through, so
/// `crate::store::inbox::list` names `store::inbox` and `crate::store::Db` names `store`.
/// A module's own test module is left out: a test may use what it tests.
fn module_graph(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = files.keys().map(|file| library_module(file)).collect();
    let token = Regex::new(
        r"(?:^|[^A-Za-z0-9_:])((?:crate|super|self|[a-z_][a-z0-9_]*)(?:::[A-Za-z_][A-Za-z0-9_]*)+)",
    )
    .expect("the path pattern");
    let group =
        Regex::new(r"((?:crate|super|self|[a-z_][a-z0-9_]*)(?:::[a-z_][a-z0-9_]*)*)::\{([^{}]*)\}")
            .expect("the group pattern");
    let string = Regex::new(r#""(?:[^"\\\n]|\\.)*""#).expect("the string pattern");
    let mut graph = BTreeMap::new();
    for (file, source) in files {
        let module = library_module(file);
        let mut code: String = source
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or("")
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        code = string.replace_all(&code, "\"\"").into_owned();
        // `a::{b, c::{d, e}}` becomes `a::b, a::c::d, a::c::e`, the innermost group first.
        while let Some(found) = group.captures(&code) {
            let prefix = &found[1];
            let items: Vec<String> = found[2]
                .split(',')
                .map(|item| item.split(" as ").next().unwrap_or("").trim())
                .filter(|item| !item.is_empty())
                .map(|item| match item {
                    "self" => prefix.to_owned(),
                    item => format!("{prefix}::{item}"),
                })
                .collect();
            let range = found.get(0).expect("the whole match").range();
            code.replace_range(range, &items.join(", "));
        }
        let named: BTreeSet<String> = token
            .captures_iter(&code)
            .filter_map(|found| resolve(&modules, &module, &found[1]))
            .filter(|target| *target != module)
            .collect();
        graph.insert(module, named);
    }
    graph
}

/// `src/store/inbox.rs` is `store::inbox`, `src/lib.rs` the crate's root (``).
fn library_module(file: &str) -> String {
    match module_of(file).as_str() {
        "lib" => String::new(),
        module => module.to_owned(),
    }
}

/// The deepest module of `modules` that `path`, written in `module`, goes through; None for
/// a path outside the crate (`std::`, another crate, an enum's variant).
fn resolve(modules: &BTreeSet<String>, module: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = path.split("::").collect();
    let mut at: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    match parts[0] {
        "crate" => {
            at.clear();
            parts.remove(0);
        }
        "self" => {
            parts.remove(0);
        }
        "super" => {
            while parts.first() == Some(&"super") {
                at.pop();
                parts.remove(0);
            }
        }
        // A bare name is a path only when it is a child module of this one.
        child => {
            let mut nested = at.clone();
            nested.push(child);
            if !modules.contains(&nested.join("::")) {
                return None;
            }
        }
    }
    let mut deepest = None;
    for part in parts {
        at.push(part);
        let candidate = at.join("::");
        if !modules.contains(&candidate) {
            break;
        }
        deepest = Some(candidate);
    }
    deepest
        .or_else(|| Some(at_root(module, path)))
        .filter(|found| modules.contains(found))
}

/// The module a `crate::`, `self::` or `super::` path lands in when it names an item of that
/// module itself (`crate::store::Db` is in `store`): the path without its last segment.
fn at_root(module: &str, path: &str) -> String {
    let mut at: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    let mut parts = path.split("::").peekable();
    match parts.peek() {
        Some(&"crate") => {
            at.clear();
            parts.next();
        }
        Some(&"self") => {
            parts.next();
        }
        _ => {
            while parts.peek() == Some(&"super") {
                at.pop();
                parts.next();
            }
        }
    }
    at.join("::")
}

/// The circles of `graph`: each set of two or more modules that reach one another (Tarjan's
/// strongly connected components), smallest module first.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, module: &'g str) {
            let number = self.index.len();
            self.index.insert(module, number);
            self.low.insert(module, number);
            self.stack.push(module);
            self.on_stack.insert(module);
            for next in self.graph.get(module).into_iter().flatten() {
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    let low = self.low[module].min(self.low[next.as_str()]);
                    self.low.insert(module, low);
                } else if self.on_stack.contains(next.as_str()) {
                    let low = self.low[module].min(self.index[next.as_str()]);
                    self.low.insert(module, low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut circle = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    circle.push(member.to_owned());
                    if member == module {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.sort();
                    self.found.push(circle);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for module in graph.keys() {
        if !walk.index.contains_key(module.as_str()) {
            walk.visit(module);
        }
    }
    walk.found.sort();
    walk.found
}

/// Every library file under `src/` with its text.
fn library_sources() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    files
        .into_iter()
        .filter(|file| file != "main.rs")
        .map(|file| {
            let source = fs::read_to_string(root.join(&file)).expect("read a source file");
            (file, source)
        })
        .collect()
}

#[test]
fn no_modules_name_one_another_in_a_circle() {
    let graph = module_graph(&library_sources());
    let named: usize = graph.values().map(BTreeSet::len).sum();
    assert!(
        graph.len() > 50 && named > 200,
        "src/ was not read: {graph:?}"
    );
    let found = circles(&graph);
    let report: Vec<String> = found
        .iter()
        .map(|circle| {
            let arrows: Vec<String> = circle
                .iter()
                .map(|module| {
                    let inside: Vec<&str> = graph[module]
                        .iter()
                        .filter(|next| circle.contains(next))
                        .map(String::as_str)
                        .collect();
                    format!("  {module} -> {}", inside.join(", "))
                })
                .collect();
            format!("{} modules:\n{}", circle.len(), arrows.join("\n"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "{} circle(s) of modules that name one another; move what they share into a module \
         below both (a parent's mod.rs counts as a module of its own):\n{}",
        found.len(),
        report.join("\n")
    );
    println!(
        "{} modules, {named} arrows between them, no circle",
        graph.len()
    );
}

#[test]
fn a_planted_circle_is_found_in_every_way_a_path_is_written() {
    let files = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(file, source)| ((*file).to_owned(), (*source).to_owned()))
            .collect()
    };
    let planted = [
        // Through the crate's root, a parent's item and a grouped, nested use.
        (
            "a/mod.rs",
            "pub mod b;\npub mod c;\nuse crate::{a::{b::Thing, c}, d};\npub struct Root;",
        ),
        ("a/b.rs", "use super::Root;\npub struct Thing;"),
        ("a/c.rs", "pub fn go() {}"),
        // A bare child and `self::` in the root.
        (
            "lib.rs",
            "pub mod a;\npub mod d;\nfn f() { d::deep::call(); }",
        ),
        ("d/mod.rs", "pub mod deep;"),
        (
            "d/deep.rs",
            "pub fn call() { self::inner(); crate::a::c::go() }\nfn inner() {}",
        ),
    ];
    let graph = module_graph(&files(&planted));
    assert_eq!(
        circles(&graph),
        vec![vec!["a".to_owned(), "a::b".to_owned()]],
        "{graph:?}"
    );
    assert!(graph["d::deep"].contains("a::c") && graph[""].contains("d::deep"));

    // One planted line closes a circle in the real tree, and nothing in a comment, a string
    // or a test module does.
    let mut real = library_sources();
    let graph = module_graph(&real);
    let (from, to) = graph
        .iter()
        .find_map(|(from, named)| named.iter().next().map(|to| (from.clone(), to.clone())))
        .expect("an arrow");
    let file_of = |module: &str| {
        real.keys()
            .find(|file| library_module(file) == module)
            .cloned()
            .expect("the module's file")
    };
    let target = file_of(&to);
    let back = if from.is_empty() {
        "crate::X".to_owned()
    } else {
        format!("crate::{from}::X")
    };
    let text = real.get_mut(&target).expect("the file");
    text.insert_str(0, &format!("// {back}\nconst S: &str = \"{back}\";\n"));
    text.push_str(&format!(
        "\n#[cfg(test)]\nmod tests {{\n    use {back};\n}}\n"
    ));
    assert_eq!(circles(&module_graph(&real)), circles(&graph), "{target}");
    let text = real.get_mut(&target).expect("the file");
    text.insert_str(0, &format!("use {back};\n"));
    assert!(
        circles(&module_graph(&real))
            .iter()
            .any(|circle| circle.contains(&from) && circle.contains(&to)),
        "planted {back} in {target}"
    );
}
