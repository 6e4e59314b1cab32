//! Builds the site in `ui/` (npm ci + vite build) into `ui/dist`, which rust-embed puts in the
//! binary, and precompresses every text asset with brotli and gzip so the server never
//! compresses at request time. The same build makes `ui/dist-ssr/server.js`, the server
//! render of the same app, which `src/render` embeds with `include_str!`.
//!
//! npm runs only when the UI's sources or lockfile changed: cargo tracks the paths below, and a
//! fingerprint of their contents kept beside the build (`ui/dist/.vite`, never embedded) lets
//! the other profiles' runs of this script (clippy, the tests, the release build) reuse the
//! build the first one made.
//! `CORPSITE_SKIP_UI_BUILD=1` reuses an existing `ui/dist` as is (for tools that only check code).

use std::env;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

const UI_INPUTS: &[&str] = &[
    "ui/src",
    "ui/public",
    "ui/index.html",
    "ui/package.json",
    "ui/package-lock.json",
    "ui/vite.config.ts",
    "ui/tsconfig.json",
];

const COMPRESSIBLE: &[&str] = &[
    "js",
    "mjs",
    "css",
    "html",
    "svg",
    "json",
    "txt",
    "xml",
    "webmanifest",
];

fn main() {
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let ui = root.join("ui");
    for input in UI_INPUTS {
        println!("cargo:rerun-if-changed={input}");
    }
    println!("cargo:rerun-if-env-changed=CORPSITE_SKIP_UI_BUILD");

    let dist = ui.join("dist");
    let skip = env::var_os("CORPSITE_SKIP_UI_BUILD").is_some_and(|v| v != "0" && !v.is_empty());
    let built = || {
        dist.join("index.html").is_file()
            && dist.join(".vite/manifest.json").is_file()
            && ui.join("dist-ssr/server.js").is_file()
    };
    if skip && built() {
        println!(
            "cargo:warning=CORPSITE_SKIP_UI_BUILD is set: embedding the existing ui/dist as it is"
        );
        return;
    }

    let fingerprint = inputs_fingerprint(&root);
    let stamp = dist.join(".vite/inputs-fingerprint");
    let current = || built() && fs::read_to_string(&stamp).is_ok_and(|kept| kept == fingerprint);
    if current() {
        return;
    }
    // Profiles built side by side (the test command builds the release binary beside the
    // tests) would run npm into the same folders at once: one builds, the others wait and
    // reuse what it made. The lock is released when the file closes, the script's end.
    let lock_path = ui.join(".build-lock");
    let lock = fs::File::create(&lock_path)
        .unwrap_or_else(|err| fail(&format!("could not create {}: {err}", lock_path.display())));
    if let Err(err) = lock.lock() {
        fail(&format!("could not lock {}: {err}", lock_path.display()));
    }
    if current() {
        return;
    }
    if needs_npm_ci(&ui) {
        run_npm(&ui, &["ci", "--no-audit", "--no-fund"]);
    }
    run_npm(&ui, &["run", "build"]);
    if let Err(err) = precompress(&dist) {
        fail(&format!("could not precompress ui/dist: {err}"));
    }
    if let Err(err) = fs::write(&stamp, fingerprint) {
        fail(&format!("could not write {}: {err}", stamp.display()));
    }
}

/// A hash of every UI input's path and bytes (and of npm's install record): equal only when the
/// build would make the same `ui/dist`. Not a security measure, only a cache key; std's
/// SipHash with its fixed keys is the same in every profile's build of this script.
fn inputs_fingerprint(root: &Path) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut files = Vec::new();
    for input in UI_INPUTS {
        collect_files(&root.join(input), &mut files);
    }
    files.push(root.join("ui/node_modules/.package-lock.json"));
    files.sort();
    let mut hasher = DefaultHasher::new();
    for file in &files {
        file.strip_prefix(root).unwrap_or(file).hash(&mut hasher);
        fs::read(file).unwrap_or_default().hash(&mut hasher);
    }
    format!("{:016x}\n", hasher.finish())
}

fn collect_files(path: &Path, files: &mut Vec<PathBuf>) {
    match fs::read_dir(path) {
        Ok(entries) => {
            for entry in entries.flatten() {
                collect_files(&entry.path(), files);
            }
        }
        Err(_) if path.is_file() => files.push(path.to_path_buf()),
        Err(_) => {}
    }
}

/// `npm ci` is needed when node_modules is missing or older than the lockfile.
fn needs_npm_ci(ui: &Path) -> bool {
    let installed = ui.join("node_modules/.package-lock.json");
    let lock = ui.join("package-lock.json");
    match (modified(&installed), modified(&lock)) {
        (Some(installed), Some(lock)) => installed < lock,
        _ => true,
    }
}

fn modified(path: &Path) -> Option<std::time::SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn run_npm(ui: &Path, args: &[&str]) {
    let npm = if cfg!(windows) { "npm.cmd" } else { "npm" };
    let output = Command::new(npm)
        .args(args)
        .current_dir(ui)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .output();
    let output = match output {
        Ok(output) => output,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => fail(
            "npm was not found on PATH: install Node.js 20 or newer (with npm) to build the site in ui/",
        ),
        Err(err) => fail(&format!("could not run npm {}: {err}", args.join(" "))),
    };
    if !output.status.success() {
        // npm's own words, so the cause is on screen.
        let _ = std::io::stderr().write_all(&output.stdout);
        let _ = std::io::stderr().write_all(&output.stderr);
        fail(&format!(
            "`npm {}` failed in ui/ ({})",
            args.join(" "),
            output.status
        ));
    }
}

fn precompress(dir: &Path) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            precompress(&path)?;
            continue;
        }
        let compressible = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|ext| COMPRESSIBLE.contains(&ext));
        if !compressible {
            continue;
        }
        let raw = fs::read(&path)?;
        write_if_smaller(&path, "br", &raw, brotli_bytes(&raw)?)?;
        write_if_smaller(&path, "gz", &raw, gzip_bytes(&raw)?)?;
    }
    Ok(())
}

fn write_if_smaller(path: &Path, suffix: &str, raw: &[u8], packed: Vec<u8>) -> std::io::Result<()> {
    let mut target = path.as_os_str().to_owned();
    target.push(".");
    target.push(suffix);
    if packed.len() < raw.len() {
        fs::write(target, packed)
    } else {
        match fs::remove_file(target) {
            Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err),
            _ => Ok(()),
        }
    }
}

fn brotli_bytes(raw: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &raw[..], &mut out, &params)?;
    Ok(out)
}

fn gzip_bytes(raw: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(raw)?;
    encoder.finish()
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}
