#!/usr/bin/env bash
# Regenerates the app icons from build/appicon.svg: build/appicon.png (1024 px, the source
# Wails uses for every platform; macOS .icns is made from it by `wails build` on a Mac),
# build/windows/icon.ico (16-256 px) and build/linux/deepcritical.png (256 px, for the
# desktop entry). Renders the SVG with headless Chromium (ImageMagick here has no SVG
# delegate) and resizes with ImageMagick. The outputs are committed, so this only runs
# when the SVG changes.
set -euo pipefail
cd "$(dirname "$0")/.."
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
  { echo "icons: Chromium is needed to render the SVG" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --default-background-color=00000000 --window-size=1024,1024 \
  --screenshot="$tmp/icon.png" "file://$PWD/build/appicon.svg" >/dev/null 2>&1
convert "$tmp/icon.png" -strip PNG32:build/appicon.png
convert build/appicon.png -define icon:auto-resize=256,128,64,48,32,24,16 build/windows/icon.ico
convert build/appicon.png -resize 256x256 -strip PNG32:build/linux/deepcritical.png
echo "icons: build/appicon.png build/windows/icon.ico build/linux/deepcritical.png"
