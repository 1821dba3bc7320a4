#!/usr/bin/env bash
# Desktop smoke test: starts the production build under Xvfb with empty data/config folders,
# waits for the DeepCritical window, takes a screenshot, checks it is not blank and that the
# window carries the shell's title, measures time to first paint and the RSS of the app and
# its WebKit processes, then stops the app cleanly (SIGTERM) and checks it exited.
#
# Usage: scripts/smoke.sh [BINARY] [OUTDIR]    (prints "metric: value" lines for make bench)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-build/bin/deepcritical}
OUT=${2:-test-output/smoke}
mkdir -p "$OUT"
[ -x "$BIN" ] || { echo "smoke: $BIN not built (run make build)" >&2; exit 1; }

tmp=$(mktemp -d)
export XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
export DEEPCRITICAL_WINDOW_WIDTH=1280 DEEPCRITICAL_WINDOW_HEIGHT=800
# Fake endpoints keep the smoke test off the network whatever the app probes at start.
export OLLAMA_HOST=http://127.0.0.1:9

# Xvfb picks a free display itself (-displayfd) and writes its number once it accepts
# clients, so two test runs never race for one display and the app never starts before it.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 3>"$tmp/display" &
xvfb=$!
cleanup() { kill "${app:-0}" 2>/dev/null || true; kill "$xvfb" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 200); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { echo "smoke: Xvfb did not start:" >&2; cat "$tmp/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(tr -d '[:space:]' <"$tmp/display")"
xdpyinfo >/dev/null 2>&1 || { echo "smoke: display $DISPLAY does not answer:" >&2; cat "$tmp/xvfb.log" >&2; exit 1; }

start=$(date +%s%N)
"$BIN" >"$OUT/app.log" 2>&1 &
app=$!

# First paint: the window is mapped and the root screenshot is no longer uniform.
painted=""
for _ in $(seq 300); do
  if ! kill -0 "$app" 2>/dev/null; then echo "smoke: app exited early:" >&2; cat "$OUT/app.log" >&2; exit 1; fi
  if xwininfo -root -tree 2>/dev/null | grep -q '"DeepCritical"'; then
    import -window root "$tmp/probe.png" 2>/dev/null || true
    sd=$(convert "$tmp/probe.png" -colorspace Gray -format '%[fx:standard_deviation]' info: 2>/dev/null || echo 0)
    if awk -v s="$sd" 'BEGIN{exit !(s > 0.02)}'; then painted=$(date +%s%N); break; fi
  fi
  sleep 0.05
done
[ -n "$painted" ] || { echo "smoke: the window never painted" >&2; cat "$OUT/app.log" >&2; exit 1; }
echo "first_paint_ms: $(( (painted - start) / 1000000 ))"

sleep 1.5   # let the shell finish loading its data before the screenshot
import -window root "$OUT/window.png"
sd=$(convert "$OUT/window.png" -colorspace Gray -format '%[fx:standard_deviation]' info:)
colors=$(convert "$OUT/window.png" -format '%k' info:)
echo "screenshot: $OUT/window.png (stddev $sd, $colors colours)"
awk -v s="$sd" 'BEGIN{exit !(s > 0.02)}' || { echo "smoke: screenshot is blank" >&2; exit 1; }
[ "$colors" -gt 16 ] || { echo "smoke: screenshot has only $colors colours" >&2; exit 1; }

title=$(xwininfo -root -tree | grep -o '"DeepCritical[^"]*"' | head -n1)
[ -n "$title" ] || { echo "smoke: no window titled DeepCritical" >&2; exit 1; }
echo "window_title: $title"

# RSS of the app and every descendant (WebKitWebProcess, WebKitNetworkProcess).
pids=$(ps -e -o pid=,ppid= | awk -v root="$app" '{p[$1]=$2} END{for (k in p){x=k; while (x in p && x!=root && x>1) x=p[x]; if (x==root) print k}}')
rss=$(ps -o rss= -p "$(echo $pids | tr ' ' ',')" | awk '{s+=$1} END{print s}')
echo "rss_total_mb: $(( rss / 1024 )) ($(echo $pids | wc -w) processes)"

kill -TERM "$app"
for _ in $(seq 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.05; done
if kill -0 "$app" 2>/dev/null; then echo "smoke: app did not stop on SIGTERM" >&2; exit 1; fi
wait "$app" 2>/dev/null || true
echo "smoke: ok"
