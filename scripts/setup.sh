#!/usr/bin/env bash
# Idempotent machine setup for building and testing DeepCritical on Debian/Ubuntu:
# system packages (when missing and root or sudo is available), the Wails CLI pinned to
# v2.11.0, and the frontend's npm packages. Safe to run again: each step checks first.
set -euo pipefail
cd "$(dirname "$0")/.."

WAILS_VERSION=v2.11.0
PACKAGES=(libgtk-3-dev libwebkit2gtk-4.0-dev xvfb xauth imagemagick x11-utils xdotool chromium chromium-driver fonts-noto-color-emoji pandoc bibutils biber bibtool nsis)

log() { printf '\033[1msetup:\033[0m %s\n' "$*" >&2; }

tmp=$(mktemp -d)
# On an early exit (apt-get failed) the steps still running are stopped with it.
trap 'for p in "${bg_pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"' EXIT
bg_pids=() bg_names=() bg_logs=()
# background MESSAGE CMD...: run CMD beside the other steps, its output in a log of its own.
background() {
  local msg=$1 logf="$tmp/step${#bg_pids[@]}.log"
  shift
  [ -z "$msg" ] || log "$msg"
  bg_names+=("${msg:-$*}")
  bg_logs+=("$logf")
  "$@" >"$logf" 2>&1 &
  bg_pids+=($!)
}
# finish: wait for every background step; print the log of each that failed and exit 1.
finish() {
  local i failed=0
  for i in "${!bg_pids[@]}"; do
    if ! wait "${bg_pids[$i]}"; then
      log "failed: ${bg_names[$i]}"
      cat "${bg_logs[$i]}" >&2
      failed=1
    fi
  done
  bg_pids=() bg_names=() bg_logs=()
  [ $failed -eq 0 ] || exit 1
}

GOBIN="$(go env GOPATH)/bin"
# The output is captured first: `wails version | grep -q` fails under pipefail when grep
# exits early and wails gets SIGPIPE, which reinstalled the CLI on every run. The CLI needs
# only Go, so it compiles while apt-get downloads and unpacks.
wails_version=$("$GOBIN/wails" version 2>/dev/null || true)
if [[ "$wails_version" != *"${WAILS_VERSION}"* ]]; then
  background "installing the Wails CLI ${WAILS_VERSION}" go install "github.com/wailsapp/wails/v2/cmd/wails@${WAILS_VERSION}"
fi

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

# The steps after apt-get need the network or the CPU but not each other, so they run side by
# side, each with its output in a log of its own that is printed when it fails: on a fresh
# machine the Wails CLI compiles while npm downloads and the Go modules arrive.
if [ ! -d frontend/node_modules ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then
  background "installing npm packages (npm ci)" bash -c 'cd frontend && npm ci --no-audit --no-fund --loglevel=error'
fi
if [ ! -d tools/node_modules ] || [ tools/package-lock.json -nt tools/node_modules/.package-lock.json ]; then
  background "installing the real clients and parsers the tests run (tools/: claude CLI, citation parsers)" \
    bash -c 'cd tools && npm ci --no-audit --no-fund --loglevel=error'
fi
background "" go mod download
finish
log "ready"
