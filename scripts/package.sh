#!/usr/bin/env bash
# Packages the production build (`make package`): the Linux .deb with dpkg-deb (Debian's own
# builder, on every Debian and Ubuntu machine: nothing to install), and the Windows
# executable with its NSIS installer cross-built by Wails and Debian's makensis.
#
# Usage: scripts/package.sh [deb|windows|all]   (default all; run after `make build`)
# Environment: VERSION, COMMIT, LDFLAGS (from the Makefile).
# Outputs: build/bin/deepcritical_<version>_<arch>.deb, build/bin/deepcritical.exe,
#          build/bin/DeepCritical-amd64-installer.exe
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
: "${VERSION:?VERSION not set (run through make package)}" "${LDFLAGS:?LDFLAGS not set}"
GOBIN="$(go env GOPATH)/bin"
log() { printf '\033[1mpackage:\033[0m %s\n' "$*" >&2; }

deb() {
  [ -x build/bin/deepcritical ] || { echo "package: build/bin/deepcritical missing (run make build)" >&2; exit 1; }
  local arch root out
  arch=$(dpkg --print-architecture)
  root=$(mktemp -d)
  chmod 0755 "$root" # mktemp makes it 0700, and it becomes the package's "./"
  # The package tree: what `dpkg -i` puts on the machine, plus DEBIAN/control.
  install -D -m 0755 build/bin/deepcritical "$root/usr/bin/deepcritical"
  install -D -m 0644 build/linux/deepcritical.desktop "$root/usr/share/applications/deepcritical.desktop"
  install -D -m 0644 build/linux/deepcritical.png "$root/usr/share/icons/hicolor/256x256/apps/deepcritical.png"
  mkdir -p "$root/DEBIAN"
  # Installed-Size is in KiB, as dpkg computes it for the files it installs.
  sed -e "s/\${VERSION}/$VERSION/" -e "s/\${ARCH}/$arch/" \
    -e "s/\${INSTALLED_SIZE}/$(du -sk --exclude=DEBIAN "$root" | cut -f1)/" \
    build/linux/control >"$root/DEBIAN/control"
  rm -f build/bin/deepcritical_*.deb
  out="build/bin/deepcritical_${VERSION}_${arch}.deb"
  # xz at level 1: 12 MB in about 4 s, where dpkg-deb's default level 6 gives 11 MB in about 25 s
  # (measured on the 2-core test machine; make test builds the package every run).
  dpkg-deb -Zxz -z1 --root-owner-group --build "$root" "$out" >&2
  rm -rf "$root"
  log "built $out ($(du -h "$out" | cut -f1))"
}

windows() {
  command -v makensis >/dev/null || { echo "package: makensis missing (Debian package nsis; run make setup as root)" >&2; exit 1; }
  # The frontend is already built and embedded by `make build`; -s skips rebuilding it.
  "$GOBIN/wails" build -m -s -skipbindings -platform windows/amd64 -nsis -o deepcritical.exe \
    -ldflags "$LDFLAGS" >&2
  [ -f build/bin/DeepCritical-amd64-installer.exe ] || { echo "package: the NSIS installer was not written" >&2; exit 1; }
  log "built build/bin/deepcritical.exe and build/bin/DeepCritical-amd64-installer.exe ($(du -h build/bin/DeepCritical-amd64-installer.exe | cut -f1))"
}

case "$what" in
  deb) deb ;;
  windows) windows ;;
  all) deb; windows ;;
  *) echo "usage: scripts/package.sh [deb|windows|all]" >&2; exit 2 ;;
esac
