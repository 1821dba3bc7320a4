#!/usr/bin/env bash
# `make test`: setup and the production build, then the Go checks (go vet, then the Go tests
# with the race detector) run in the background while the frontend checks, the desktop smoke
# test, the browser e2e suite and the .deb check run in the foreground. The Go tests are CPU-bound
# and the rest waits on processes (Vite, WebKit, Chromium, the fake services' latency), so on a
# small machine the two together take little more than the Go tests alone.
#
# Every check runs to the end even when another has failed, so one run reports every failure;
# the Go log is printed whole once the foreground is done, and the exit code is non-zero when
# either side failed. Usage: scripts/test.sh (MAKE names the make to call; default make).
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
log() { printf '\033[1mtest:\033[0m %s\n' "$*" >&2; }

mkdir -p test-output
golog=test-output/go-test.log
ready=test-output/.setup-done
rm -f "$ready"
# The Go side is one background job. While setup waits on apt-get and npm, it compiles the Go
# packages (for vet, with the race detector, and the Makefile's RACE_FREE_PKGS without it):
# on a fresh machine that is minutes of CPU the tests would otherwise start with. That warm-up only fills Go's build cache, so its
# errors (a cgo package before its headers are installed) are left to the real run; the real
# run starts once setup has put the tests' tools (pandoc, Chromium, the npm clients) in place.
# The job is a process group of its own, so a Ctrl-C or a killed make stops it whole.
setsid bash -c '
  "$2" --no-print-directory test-go-warmup >test-output/go-warmup.log 2>&1
  until [ -e "$1" ]; do sleep 0.5; done
  exec "$2" --no-print-directory test-go' _ "$ready" "$MAKE" >"$golog" 2>&1 </dev/null &
gopid=$!
trap 'kill -- "-$gopid" 2>/dev/null; exit 130' INT TERM
if ! bash scripts/setup.sh; then
  kill -- "-$gopid" 2>/dev/null
  exit 1
fi
# The production build comes before the Go tests: `wails build -clean` empties and rewrites
# frontend/dist, which the main package embeds, so a Go test that builds the app (the crash
# test) or compiles the main package meanwhile fails on an empty folder.
"$MAKE" --no-print-directory -o setup build
built=$?
touch "$ready"
log "go vet and the Go tests (-race) run in the background; their log: $golog"

# -k: a failed step does not skip the ones that do not need it (the e2e suite after a failed
# smoke test). -o setup -o build: both have just run; the targets that depend on them need not
# run them again.
"$MAKE" --no-print-directory -k -o setup -o build test-frontend smoke e2e check-deb
front=$?
[ $built -eq 0 ] || front=$built

if kill -0 "$gopid" 2>/dev/null; then
  log "waiting for the Go tests"
fi
wait "$gopid"
gocode=$?
printf '\n'
cat "$golog"
printf '\n'
if [ $gocode -ne 0 ]; then
  log "FAIL: go vet or the Go tests (exit $gocode); the lines with FAIL:"
  grep -E '^(--- FAIL|FAIL|panic:)' "$golog" | head -n 40 >&2 || true
fi
[ $front -ne 0 ] && log "FAIL: the frontend checks, build, smoke test, e2e suite or .deb check (exit $front)"
if [ $gocode -ne 0 ] || [ $front -ne 0 ]; then
  exit 1
fi
log "ok: go vet, Go tests (-race), frontend checks and tests, build, smoke, e2e, .deb"
