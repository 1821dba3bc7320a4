#!/usr/bin/env bash
# Packages the production build (`make package`): the Linux .deb with nfpm, and the Windows
# executable with its NSIS installer cross-built by Wails and Debian's makensis.
#
# Usage: scripts/package.sh [deb|windows|all]   (default all; run after `make build`)
# Environment: VERSION, COMMIT, LDFLAGS (from the Makefile), NFPM_VERSION (pinned there).
# Outputs: build/bin/deepcritical_<version>_<arch>.deb, build/bin/deepcritical.exe,
#          build/bin/DeepCritical-amd64-installer.exe
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
: "${VERSION:?VERSION not set (run through make package)}" "${LDFLAGS:?LDFLAGS not set}"
NFPM_VERSION=${NFPM_VERSION:-v2.43.0}
GOBIN="$(go env GOPATH)/bin"
log() { printf '\033[1mpackage:\033[0m %s\n' "$*" >&2; }

deb() {
  [ -x build/bin/deepcritical ] || { echo "package: build/bin/deepcritical missing (run make build)" >&2; exit 1; }
  # nfpm is pinned: v2.44 and later pull modules the Go proxy here cannot serve.
  # `nfpm --version` says "dev" when built by go install; the module version is in the binary.
  local have
  have=$(go version -m "$GOBIN/nfpm" 2>/dev/null | awk '$1 == "mod" && $2 == "github.com/goreleaser/nfpm/v2" {print $3}' || true)
  if [ "$have" != "$NFPM_VERSION" ]; then
    log "installing nfpm ${NFPM_VERSION}"
    go install "github.com/goreleaser/nfpm/v2/cmd/nfpm@${NFPM_VERSION}"
  fi
  local arch
  arch=$(go env GOARCH)
  rm -f build/bin/deepcritical_*.deb
  VERSION="$VERSION" ARCH="$arch" "$GOBIN/nfpm" package --config build/linux/nfpm.yaml \
    --packager deb --target build/bin/ >&2
  local out
  out=$(ls build/bin/deepcritical_*.deb)
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
