#!/usr/bin/env bash
# Builds the release archive a demo laptop or a VM installs without any toolchain:
#   OUT/corpsite-VERSION-x86_64-linux.tar.gz   one folder corpsite-VERSION/ with the binary,
#                                              START-HERE.txt, THIRD-PARTY-LICENSES.txt, and
#                                              the desktop entry and icon when deploy/desktop/ has them
#   OUT/SHA256SUMS                             the archive's SHA-256
#   OUT/SHA256SUMS.minisig                     SHA256SUMS signed with minisign
# VERSION is Cargo.toml's version and the commit (0.1.0+7f57cfc; +dirty when the tree has
# changes). The binary needs at most glibc GLIBC_FLOOR: the build stops if it needs more,
# so what the archive says about the Linux versions it runs on stays true.
#
#   scripts/release.sh --key SECRET_KEY_FILE [--out DIR] [--skip-build]
#
# The key is minisign's (`minisign -G`); a key with a password asks for it on the terminal.
# Verify an archive: `minisign -Vm SHA256SUMS -p corpsite.pub && sha256sum -c SHA256SUMS`.
set -euo pipefail
cd "$(dirname "$0")/.."

GLIBC_FLOOR=2.35
key="" out=dist build=1
while [ $# -gt 0 ]; do
  case $1 in
    --key) key=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --skip-build) build=0; shift ;;
    *) echo "unknown argument: $1 (scripts/release.sh --key SECRET_KEY_FILE [--out DIR] [--skip-build])" >&2; exit 2 ;;
  esac
done
[ -n "$key" ] || { echo "--key SECRET_KEY_FILE is required (minisign -G makes one)" >&2; exit 2; }
[ -r "$key" ] || { echo "cannot read the key $key" >&2; exit 2; }
for tool in minisign objdump sha256sum; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install minisign binutils)" >&2; exit 1; }
done

cargo_version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
commit=$(git rev-parse --short=7 HEAD)
git diff --quiet HEAD -- 2>/dev/null || commit="$commit.dirty"
version="$cargo_version+$commit"
name="corpsite-$version"

[ "$build" = 0 ] || cargo build --release --locked
binary=target/release/corpsite

# The newest glibc symbol version the binary asks for.
needs=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -n 1)
if [ "$(printf '%s\n%s\n' "$needs" "$GLIBC_FLOOR" | sort -V | tail -n 1)" != "$GLIBC_FLOOR" ]; then
  echo "the binary needs glibc $needs, above the stated floor $GLIBC_FLOOR: build it on an older system, or raise the floor and say so in START-HERE" >&2
  exit 1
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
folder=$stage/$name
mkdir -p "$folder"
install -m 0755 "$binary" "$folder/corpsite"
python3 scripts/licenses.py "$folder/THIRD-PARTY-LICENSES.txt" >/dev/null
if [ -d deploy/desktop ]; then
  cp deploy/desktop/* "$folder/"
fi
cat >"$folder/START-HERE.txt" <<TEXT
corpsite $version
The company's website in one program: the public site, the forms, and the office's side.

To try it on this computer
  Double-click "corpsite" (or run ./corpsite in a terminal). It starts the site with its
  demo content and opens it in your web browser. Nothing is sent over the internet.
  Your data stays in your user's folder (~/.local/share/corpsite) until you delete it.
  To stop it, close the terminal window or press Ctrl+C in it.

To sign in to the office's side
  In a terminal in this folder:
      ./corpsite staff add you@example.com --name "Your Name" --data-dir ~/.local/share/corpsite
  It prints a one-time password. Then open the site's address with /login at the end
  (for example http://127.0.0.1:8080/login) and sign in.

To put it on a server
  See docs/operations.md in the project: the same program runs the public site, with
  HTTPS of its own, backups and mail.

Which computers
  64-bit Intel or AMD Linux with glibc $GLIBC_FLOOR or newer: Debian 12, Ubuntu 22.04,
  Fedora 36, Linux Mint 21, RHEL 10 and their later releases.

Is this archive the real one?
  Next to the archive are SHA256SUMS and SHA256SUMS.minisig. With the project's public key
  (corpsite.pub):
      minisign -Vm SHA256SUMS -p corpsite.pub && sha256sum -c SHA256SUMS
  Both must say OK.

THIRD-PARTY-LICENSES.txt holds the licences of the software this program includes.
TEXT

mkdir -p "$out"
archive=$name-x86_64-linux.tar.gz
# Owner root, the same dates: the same tree makes the same archive.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$(git log -1 --format=%ct)" \
  -C "$stage" -cf - "$name" | gzip -9n >"$out/$archive"
(cd "$out" && sha256sum "$archive" >SHA256SUMS)
rm -f "$out/SHA256SUMS.minisig"
minisign -S -s "$key" -m "$out/SHA256SUMS" -t "corpsite $version, $archive" >/dev/null
echo "$out/$archive ($(du -k "$out/$archive" | cut -f1) KB), SHA256SUMS and SHA256SUMS.minisig; glibc $needs at most"
