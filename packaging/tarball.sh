#!/usr/bin/env bash
# The plain tarball: highnoon-VERSION-ARCH-linux.tar.gz holding one folder
# with the program beside its data (it finds assets/ and scenarios/ next to
# itself), the desktop entry, the icon and the licences. Run after the
# release build (`cargo build --release`); writes the tarball in the
# current folder, or in $1.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -1)"
name="highnoon-$version-$(uname -m)-linux"
out="$(cd "${1:-.}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/$name"
cp "$target/release/highnoon" "$work/$name/"
# Without its symbols, as the .deb's (cargo-deb strips it too).
if command -v strip >/dev/null 2>&1; then
    strip "$work/$name/highnoon"
fi
cp -r "$root/assets" "$root/scenarios" "$work/$name/"
cp "$root/packaging/highnoon.desktop" "$root/packaging/highnoon.svg" \
   "$root/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$work/$name/"
tar -C "$work" -czf "$out/$name.tar.gz" "$name"
echo "$out/$name.tar.gz"
