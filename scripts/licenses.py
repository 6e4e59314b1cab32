"""Writes the licence notices of everything the release binary carries, offline: the Rust
crates linked into it (the normal dependencies of `corpsite` for x86_64 Linux, from
`cargo metadata`, their licence files read from cargo's registry sources) and the npm
packages bundled into the site's scripts (the `dependencies` of ui/package.json and theirs,
from ui/node_modules). Build-only crates and dev tools are left out: nothing of them ships.
Usage: python3 scripts/licenses.py OUT_FILE   (run from the repository's root)"""

import json
import os
import re
import subprocess
import sys

NOTICE = re.compile(r"^(licen[cs]e|copying|notice|unlicense)([-._].*)?$", re.IGNORECASE)


def notice_files(folder):
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [os.path.join(folder, n) for n in names
            if NOTICE.match(n) and os.path.isfile(os.path.join(folder, n))]


def crates():
    meta = json.loads(subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked",
         "--filter-platform", "x86_64-unknown-linux-gnu"],
        check=True, capture_output=True, text=True).stdout)
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = next(p["id"] for p in meta["packages"] if p["name"] == "corpsite")
    seen, todo = set(), [root]
    while todo:
        node = nodes[todo.pop()]
        for dep in node["deps"]:
            if any(k["kind"] is None for k in dep["dep_kinds"]) and dep["pkg"] not in seen:
                seen.add(dep["pkg"])
                todo.append(dep["pkg"])
    for pid in sorted(seen, key=lambda i: (packages[i]["name"], packages[i]["version"])):
        p = packages[pid]
        yield (f'{p["name"]} {p["version"]} (Rust crate)', p.get("license") or "see its files",
               p.get("repository") or "", notice_files(os.path.dirname(p["manifest_path"])))


def npm_packages():
    modules = os.path.join("ui", "node_modules")
    with open(os.path.join("ui", "package.json")) as f:
        todo = list(json.load(f).get("dependencies", {}))
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        folder = os.path.join(modules, name)
        with open(os.path.join(folder, "package.json")) as f:
            manifest = json.load(f)
        todo.extend(manifest.get("dependencies", {}))
        repo = manifest.get("repository")
        repo = repo.get("url", "") if isinstance(repo, dict) else (repo or "")
        yield (f'{name} {manifest["version"]} (npm package, in the site\'s scripts)',
               manifest.get("license") or "see its files", repo, notice_files(folder))


def main(out):
    entries = list(crates()) + sorted(npm_packages())
    missing = [name for name, _, _, files in entries if not files]
    written = {}
    with open(out, "w") as f:
        f.write("Licence notices of the software corpsite's release binary carries\n"
                f"({len(entries)} components: Rust crates linked into it, npm packages bundled "
                "into the site's scripts).\n\n")
        for name, licence, repo, files in entries:
            f.write("=" * 78 + f"\n{name}\nLicence: {licence}\n")
            if repo:
                f.write(f"Source: {repo}\n")
            for path in files:
                with open(path, encoding="utf-8", errors="replace") as text:
                    body = text.read().strip()
                # A text many packages share (the Apache licence, word for word) is written once.
                first = written.setdefault(body, name)
                if first == name:
                    f.write(f"\n--- {os.path.basename(path)} ---\n{body}\n")
                else:
                    f.write(f"\n--- {os.path.basename(path)}: the same text as {first}, above ---\n")
            if not files:
                f.write("\n(The package ships no licence file; its licence is the one named above.)\n")
            f.write("\n")
    print(f"{len(entries)} components, {len(entries) - len(missing)} with their licence files, "
          f"{len(missing)} with the licence named only")


main(sys.argv[1])
