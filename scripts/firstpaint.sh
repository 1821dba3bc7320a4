#!/usr/bin/env bash
# First paint of the built app: exec → the first screen capture under Xvfb in which the
# DeepCritical window shows content (the root image is no longer uniform; the window's
# plain background colour alone does not count). Runs RUNS times (default 5) with fresh
# data/config folders, each on its own Xvfb, and prints every figure and the median:
#   first_paint_ms: <median> (runs: a b c d e)
# The time of a successful probe is taken when its capture STARTED, so the poll's own
# cost (capture + analysis, ~50-100 ms) is not added to the figure.
#
# On a shared, loaded machine the wall-clock figure is mostly time spent waiting for a CPU,
# so the CPU time the app and its WebKit processes had used at that moment is printed too
# (cpu_to_paint_ms, from /proc utime+stime): it does not depend on the load.
#
# Usage: scripts/firstpaint.sh [BINARY] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-build/bin/deepcritical}
RUNS=${2:-5}
[ -x "$BIN" ] || { echo "firstpaint: $BIN not built (run make build)" >&2; exit 1; }

# tree_cpu_ms PID prints the user+system CPU time of PID and all its descendants, in ms.
tree_cpu_ms() {
  local hz pids
  hz=$(getconf CLK_TCK)
  pids=$(ps -e -o pid=,ppid= | awk -v root="$1" '{p[$1]=$2} END{for (k in p){x=k; while (x in p && x!=root && x>1) x=p[x]; if (x==root) print k}}')
  for p in $pids; do awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null; done | awk -v hz="$hz" '{s+=$1} END{printf "%d", s * 1000 / hz}'
}

one() {
  local tmp disp xvfb app start t0 sd painted="" cpu=0
  tmp=$(mktemp -d)
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 3>"$tmp/display" &
  xvfb=$!
  for _ in $(seq 200); do [ -s "$tmp/display" ] && break; sleep 0.05; done
  disp=$(tr -d '[:space:]' <"$tmp/display" 2>/dev/null)
  [ -n "$disp" ] || { echo "firstpaint: Xvfb did not start" >&2; cat "$tmp/xvfb.log" >&2; kill "$xvfb" 2>/dev/null; rm -rf "$tmp"; return 1; }
  (
    export DISPLAY=":$disp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
    export DEEPCRITICAL_WINDOW_WIDTH=1280 DEEPCRITICAL_WINDOW_HEIGHT=800 OLLAMA_HOST=http://127.0.0.1:9
    exec "$BIN" >"$tmp/app.log" 2>&1
  ) &
  app=$!
  start=$(date +%s%N)
  for _ in $(seq 600); do
    kill -0 "$app" 2>/dev/null || { echo "firstpaint: app exited early" >&2; cat "$tmp/app.log" >&2; break; }
    t0=$(date +%s%N)
    if DISPLAY=":$disp" import -window root "$tmp/p.png" 2>/dev/null; then
      sd=$(convert "$tmp/p.png" -colorspace Gray -format '%[fx:standard_deviation]' info: 2>/dev/null || echo 0)
      if awk -v s="$sd" 'BEGIN{exit !(s > 0.02)}'; then painted=$t0; cpu=$(tree_cpu_ms "$app"); break; fi
    fi
    sleep 0.01
  done
  kill -TERM "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  rm -rf "$tmp"
  [ -n "$painted" ] || return 1
  echo "$(( (painted - start) / 1000000 )) $cpu"
}

median() { sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
runs=() cpus=()
for i in $(seq "$RUNS"); do
  r=$(one) || { echo "firstpaint: run $i never painted" >&2; exit 1; }
  runs+=("${r% *}") cpus+=("${r#* }")
  echo "firstpaint: run $i: ${r% *} ms wall, ${r#* } ms CPU (load $(cut -d' ' -f1 /proc/loadavg))" >&2
done
echo "first_paint_ms: $(printf '%s\n' "${runs[@]}" | median) (runs: ${runs[*]}; load $(cut -d' ' -f1 /proc/loadavg))"
echo "cpu_to_paint_ms: $(printf '%s\n' "${cpus[@]}" | median) (runs: ${cpus[*]}; app + WebKit processes)"
