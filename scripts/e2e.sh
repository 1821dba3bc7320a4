#!/usr/bin/env bash
# Browser end-to-end suite: starts two instances of the fake APIs (recorded PubMed, Europe
# PMC, CT.gov, web, an OpenAI-compatible judge and Ollama, with latency): a clean one and one
# with -hostile payloads; a private Xvfb display; and `wails dev` (live Go bindings) with
# fresh data, config and export folders. It waits for the page to answer and runs the
# node:test scenarios in e2e/ with playwright-core driving Debian's Chromium; they point the
# app's sources and compatible judge at the clean instance through Settings, and at the
# hostile one for the XSS scenarios only. It always stops every process it started. The
# exit code is the tests'.
#
# Usage: scripts/e2e.sh [--serve] [--bench]
#   --serve   start everything, print the environment for `node --test e2e/` and wait
#             (Ctrl-C stops it): for writing and debugging scenarios.
#   --bench   the browser benchmarks (e2e/bench, `make bench`) instead of the scenarios: the
#             fresh data folder first gets a database of E2E_BENCH_RUNS (default 10000)
#             generated runs (backend/store TestSeedHistory), `wails dev` runs with DEEPCRITICAL_BENCH_HOOKS=1
#             (binds DiagnosticsService) and e2e/bench/bench.mjs prints `name: value unit`
#             figures on stdout; logs go to test-output/e2e-bench. With --serve it serves that app.
# Environment: E2E_UPDATE_SCREENSHOTS=1 also copies the main screenshots to docs/screenshots/;
#              E2E_BOOT_TIMEOUT (seconds, default 600) bounds the first `wails dev` start;
#              E2E_LATENCY / E2E_JUDGE_LATENCY set the fake services' delays.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SERVE=0
BENCH=0
for arg in "$@"; do
  case "$arg" in
    --serve) SERVE=1 ;;
    --bench) BENCH=1 ;;
    *) printf 'usage: scripts/e2e.sh [--serve] [--bench]\n' >&2; exit 2 ;;
  esac
done
OUT=$ROOT/test-output/e2e
[ $BENCH -eq 1 ] && OUT=$ROOT/test-output/e2e-bench

log() { printf '\033[1me2e:\033[0m %s\n' "$*" >&2; }

# The fake services replay ../shared/fixtures; without them the suite cannot run, and like
# every fixture test it says so and skips rather than failing.
if [ ! -d "$ROOT/../shared/fixtures" ]; then
  log "../shared/fixtures not found beside the repository: skipping the browser suite"
  exit 0
fi

# `make e2e` already ran setup; a direct call sets up what it needs itself.
[ -n "${MAKELEVEL:-}" ] || bash scripts/setup.sh

GOBIN="$(go env GOPATH)/bin"
WAILS="$GOBIN/wails"
CHROMIUM=${E2E_CHROMIUM:-/usr/bin/chromium}
for need in Xvfb node "$WAILS" "$CHROMIUM"; do
  command -v "$need" >/dev/null 2>&1 || { log "missing $need (run: make setup)"; exit 1; }
done
[ -d frontend/node_modules/playwright-core ] || { log "playwright-core is not installed in frontend/node_modules (run: make setup)"; exit 1; }

rm -rf "$OUT"
mkdir -p "$OUT"
tmp=$(mktemp -d)
mkdir -p "$tmp/data" "$tmp/config" "$tmp/cache" "$tmp/export"

# pids of process-group leaders started with setsid; each is stopped with its whole group
# and every descendant (wails dev puts Vite in a group of its own).
leaders=()

descendants() {
  ps -e -o pid=,ppid= | awk -v root="$1" '
    { parent[$1] = $2 }
    END { for (p in parent) { x = p; while (x in parent && x != root && x > 1) x = parent[x]; if (x == root && p != root) print p } }'
}

stop_tree() {
  local leader=$1 pids
  kill -0 "$leader" 2>/dev/null || return 0
  pids="$leader $(descendants "$leader" | tr '\n' ' ')"
  kill -TERM -- "-$leader" 2>/dev/null || true
  for _ in $(seq 100); do
    local alive=0
    for p in $pids; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && return 0
    sleep 0.1
  done
  for p in $pids; do
    if kill -0 "$p" 2>/dev/null; then
      kill -KILL -- "-$(ps -o pgid= -p "$p" | tr -d ' ')" 2>/dev/null || true
      kill -KILL "$p" 2>/dev/null || true
    fi
  done
}

cleanup() {
  local code=$?
  trap - EXIT INT TERM
  # Reverse start order: the tests, wails dev (app and Vite), Xvfb, the fake APIs.
  for ((i = ${#leaders[@]} - 1; i >= 0; i--)); do stop_tree "${leaders[$i]}"; done
  # Anything still holding the private temp folder (a Chromium profile, the dev binary).
  for p in $(pgrep -f -- "$tmp" || true); do kill -KILL "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
  log "logs and screenshots: $OUT"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start() { # start LOGFILE CMD...: run CMD as the leader of a new process group
  local logf=$1
  shift
  setsid "$@" >"$logf" 2>&1 </dev/null &
  leaders+=($!)
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

log "building the fake APIs"
go build -o "$tmp/fakeapis" ./e2e/fakeapis
fakes() { # fakes NAME VAR FLAGS...: start one instance and set VAR to its base URL
  local name=$1 var=$2
  shift 2
  start "$OUT/$name.log" "$tmp/fakeapis" -latency "${E2E_LATENCY:-400ms}" \
    -judge-latency "${E2E_JUDGE_LATENCY:-300ms}" -env-file "$tmp/$name.env" "$@"
  for _ in $(seq 100); do [ -s "$tmp/$name.env" ] && break; sleep 0.1; done
  [ -s "$tmp/$name.env" ] || { log "the fake APIs ($name) did not start:"; cat "$OUT/$name.log" >&2; exit 1; }
  printf -v "$var" '%s' "$(sed -n 's/^FAKEAPIS_URL=//p' "$tmp/$name.env")"
}
# The clean instance searches with the real engines' semantics over the shared MEDLINE sample,
# PubMedQA and recorded trials, so a question finds papers on its topic (replay would answer every
# query with the same cancer papers, which relevance rightly sets aside).
fakes fakeapis FAKEAPIS_URL -pubmed semantic -europepmc semantic -clinicaltrials semantic
fakes fakeapis-hostile E2E_HOSTILE_URL -hostile
export FAKEAPIS_URL E2E_HOSTILE_URL
# Nothing reaches a real service: the scenarios set the sources and the compatible judge's
# base URL in Settings (the environment would override them); OpenAI, Ollama and Zotero come
# from here (the fake Zotero records what it received at $FAKEAPIS_URL/zotero-fake/received).
unset DEEPCRITICAL_PUBMED_URL DEEPCRITICAL_EUROPEPMC_URL DEEPCRITICAL_CTGOV_URL DEEPCRITICAL_WEB_URL \
  DEEPCRITICAL_COMPAT_BASE_URL DEEPCRITICAL_CLI_JUDGE HF_BASE_URL ANTHROPIC_BASE_URL 2>/dev/null || true
export OPENAI_BASE_URL="$FAKEAPIS_URL/v1" OLLAMA_HOST="$FAKEAPIS_URL" DEEPCRITICAL_ZOTERO_URL="$FAKEAPIS_URL/zotero"
log "fake APIs at $FAKEAPIS_URL (clean) and $E2E_HOSTILE_URL (hostile)"

# A private X display; -displayfd picks a free number and reports it once the server is up.
start "$OUT/xvfb.log" Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$tmp/display"
for _ in $(seq 100); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { log "Xvfb did not start:"; cat "$OUT/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(head -n1 "$tmp/display")"

# Fresh app folders; Go keeps its usual build cache (it would follow XDG_CACHE_HOME).
GOCACHE=$(go env GOCACHE)
export GOCACHE
export XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
export DEEPCRITICAL_EXPORT_DIR="$tmp/export"
export DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent
export DEEPCRITICAL_WINDOW_WIDTH=1280 DEEPCRITICAL_WINDOW_HEIGHT=800
unset OPENAI_API_KEY ANTHROPIC_API_KEY HF_TOKEN DEEPCRITICAL_COMPAT_API_KEY NCBI_API_KEY 2>/dev/null || true

if [ $BENCH -eq 1 ]; then
  # The history benchmark needs its runs stored before the app opens the database.
  runs=${E2E_BENCH_RUNS:-10000}
  log "generating $runs runs in the fresh data folder (a minute or two for 10,000)"
  # The generator is test code of backend/store (TestSeedHistory), not part of the app.
  go test -c -o "$tmp/seedhistory" ./backend/store
  seeded=$(date +%s)
  DC_SEED_DB="$XDG_DATA_HOME/deepcritical/deepcritical.db" DC_SEED_RUNS="$runs" \
    "$tmp/seedhistory" -test.run '^TestSeedHistory$' -test.count=1 -test.timeout=30m -test.v >"$OUT/seedhistory.log" 2>&1 ||
    { log "generating the history failed:"; cat "$OUT/seedhistory.log" >&2; exit 1; }
  log "generated $runs runs in $(($(date +%s) - seeded))s ($(du -m "$XDG_DATA_HOME/deepcritical/deepcritical.db" | cut -f1) MB)"
  export DEEPCRITICAL_BENCH_HOOKS=1
fi

port=$(free_port)
URL="http://localhost:$port"
# -m: no `go mod tidy` (a test-only module is not on the proxy); -s: Vite serves the
# frontend, no production build; -skipbindings: test the committed wailsjs bindings and
# leave the tree untouched; no rebuilds or reloads while the suite runs; -compiler: go
# without Wails' debug flags, so the build reuses what `make build` compiled.
log "starting wails dev at $URL (the first build can take a few minutes)"
start "$OUT/wails-dev.log" "$WAILS" dev -m -s -skipbindings -nosyncgomod -nogorebuild -noreload \
  -compiler "$ROOT/e2e/go-nodebug.sh" -nocolour -devserver "localhost:$port" -viteservertimeout 120 -loglevel Warning

boot=$(date +%s)
deadline=$((boot + ${E2E_BOOT_TIMEOUT:-600}))
wails_pid=${leaders[-1]}
until curl -fsS -o "$tmp/index.html" "$URL/" 2>/dev/null && grep -q '<div id="app"\|<script' "$tmp/index.html" &&
  curl -fsS -o /dev/null "$URL/wails/ipc.js" 2>/dev/null; do
  if grep -q "Build error" "$OUT/wails-dev.log"; then
    log "the app did not build:"
    tail -n 60 "$OUT/wails-dev.log" >&2
    exit 1
  fi
  if ! kill -0 "$wails_pid" 2>/dev/null; then
    log "wails dev exited before serving the page:"
    tail -n 60 "$OUT/wails-dev.log" >&2
    exit 1
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    log "wails dev did not answer at $URL within ${E2E_BOOT_TIMEOUT:-600}s:"
    tail -n 60 "$OUT/wails-dev.log" >&2
    exit 1
  fi
  sleep 2
done
log "page answered after $(($(date +%s) - boot))s"

export E2E_URL="$URL" E2E_OUT="$OUT" E2E_CHROMIUM="$CHROMIUM"

if [ $SERVE -eq 1 ]; then
  runner="node --test e2e/*.test.mjs"
  [ $BENCH -eq 1 ] && runner="node e2e/bench/bench.mjs"
  cat >&2 <<EOF
e2e: serving; in another shell run:
  E2E_URL=$URL E2E_OUT=$OUT DEEPCRITICAL_EXPORT_DIR=$DEEPCRITICAL_EXPORT_DIR FAKEAPIS_URL=$FAKEAPIS_URL E2E_HOSTILE_URL=$E2E_HOSTILE_URL $runner
e2e: Ctrl-C stops everything
EOF
  wait "$wails_pid" || true
  exit 0
fi

if [ $BENCH -eq 1 ]; then
  log "running the browser benchmarks (load $(cut -d' ' -f1-3 /proc/loadavg))"
  set +e
  # Figures on stdout, progress on stderr; the Chromium profile goes in the private folder.
  TMPDIR="$tmp" node e2e/bench/bench.mjs
  code=$?
  set -e
  log "browser benchmarks finished (exit $code; load $(cut -d' ' -f1-3 /proc/loadavg)); logs: $OUT/*.log"
  exit $code
fi

log "running the scenarios"
set +e
# TMPDIR inside the private folder: the Chromium profiles go there and are removed with it.
TMPDIR="$tmp" node --test --test-concurrency=1 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$OUT/results.tap" \
  e2e/*.test.mjs
code=$?
set -e
# The runner's closing lines, in the plain form CI parses.
grep -E '^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) ' "$OUT/results.tap" >&2 || true
if [ "${E2E_UPDATE_SCREENSHOTS:-}" = "1" ] && [ $code -eq 0 ]; then
  mkdir -p docs/screenshots
  for v in research run run-progress report history settings settings-saved; do
    [ -f "$OUT/$v.png" ] && cp "$OUT/$v.png" "docs/screenshots/$v.png"
  done
  log "copied the main screenshots to docs/screenshots/"
fi
log "screenshots: $OUT/*.png; app, Vite and fake API logs: $OUT/*.log"
exit $code
