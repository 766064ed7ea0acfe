#!/usr/bin/env bash
# Refresh the vendored three.js from the npm registry (a maintainer's tool: the site itself
# needs no Node). Usage: scripts/vendor_threejs.sh [version]   (default: the latest)
#
# The module files go under games/static/vendor/three/r<revision>/, a folder per version, so
# whitenoise may cache them forever (WHITENOISE_IMMUTABLE_FILE_TEST in settings); the small
# games/static/games/js/three.js re-exports the current folder and is rewritten here.
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-$(npm view three version)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "three@${version}" >/dev/null && tar xzf "three-${version}.tgz")
pkg="$work/package"
revision="r$(echo "$version" | cut -d. -f2)"
dest=games/static/vendor/three
rm -rf "$dest"
mkdir -p "$dest/$revision"
cp "$pkg/build/three.module.js" "$pkg/build/three.core.js" "$dest/$revision/"
cp "$pkg/LICENSE" "$dest/LICENSE"
echo "$version" > "$dest/VERSION"
# Nothing in the page may evaluate strings as code (the CSP has no 'unsafe-eval').
if grep -nE '\beval\(|new Function\(' "$dest/$revision/"*.js; then
  echo "three.js $version uses eval; the CSP would block it" >&2
  exit 1
fi
cat > games/static/games/js/three.js <<JS
// The vendored three.js (version in static/vendor/three/VERSION; refresh with
// scripts/vendor_threejs.sh). Its folder is named by revision so it may be cached forever.
export * from "../../vendor/three/${revision}/three.module.js";
JS
echo "three.js $version vendored into $dest/$revision"
