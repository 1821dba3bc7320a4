#!/usr/bin/env bash
# Idempotent machine setup for building and testing DeepCritical on Debian/Ubuntu:
# system packages (when missing and root or sudo is available), the Wails CLI pinned to
# v2.11.0, and the frontend's npm packages. Safe to run again: each step checks first.
set -euo pipefail
cd "$(dirname "$0")/.."

WAILS_VERSION=v2.11.0
PACKAGES=(libgtk-3-dev libwebkit2gtk-4.0-dev xvfb xauth imagemagick x11-utils xdotool chromium chromium-driver fonts-noto-color-emoji pandoc bibutils biber bibtool nsis)

log() { printf '\033[1msetup:\033[0m %s\n' "$*" >&2; }

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
      log "missing Debian packages: ${missing[*]} (need root or sudo to install them; continuing without)"
      missing=()
    fi
  fi
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

GOBIN="$(go env GOPATH)/bin"
# The output is captured first: `wails version | grep -q` fails under pipefail when grep
# exits early and wails gets SIGPIPE, which reinstalled the CLI on every run.
wails_version=$("$GOBIN/wails" version 2>/dev/null || true)
if [[ "$wails_version" != *"${WAILS_VERSION}"* ]]; then
  log "installing the Wails CLI ${WAILS_VERSION}"
  go install "github.com/wailsapp/wails/v2/cmd/wails@${WAILS_VERSION}"
fi

if [ ! -d frontend/node_modules ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then
  log "installing npm packages (npm ci)"
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
fi

if [ ! -d tools/node_modules ] || [ tools/package-lock.json -nt tools/node_modules/.package-lock.json ]; then
  log "installing the real clients and parsers the tests run (tools/: claude CLI, citation parsers)"
  (cd tools && npm ci --no-audit --no-fund --loglevel=error)
fi

go mod download
log "ready"
