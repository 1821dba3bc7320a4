#!/usr/bin/env bash
# First paint of the built app against an empty Wails app, timed the same way: exec → the first
# capture of the root window under Xvfb with content, i.e. with more than 16 distinct colours
# (a mapped but empty window on the black root has two or three, so it does not count; text
# has hundreds). The empty app is the Wails CLI's own svelte-ts template, built once and kept
# under build/firstpaint/ for reruns.
#
# The two are started in alternating pairs (app, template, app, template …, default 21 pairs),
# each on its own Xvfb with fresh data/config/cache folders, so a change of machine load hits
# both alike. Printed: each one's median wall time and CPU time to first content, and the
# median of the per-pair ratios app/template for both. The CPU time is the user+system time of
# the launched process and all its descendants (WebKit's web and network processes) read from
# /proc at that moment; on a shared machine the wall time is partly time spent waiting for a
# CPU, the CPU time is not.
#
# The probe (scripts/paintprobe, built into build/firstpaint/) is one long-lived process that
# captures the screen each time X reports drawing on it (at most every 5 ms, and every 100 ms
# regardless), so it takes little CPU from the app and adds no polling delay; the time of the
# successful capture is taken when the capture STARTED.
#
# Usage: scripts/firstpaint.sh [BINARY] [PAIRS]
# Environment: FIRSTPAINT_TEMPLATE (a built template binary to use instead of the cached one),
#              FIRSTPAINT_SAVE (a folder: each start's frame with content is saved there as
#              app-N.ppm / template-N.ppm, to see what was counted),
#              FIRSTPAINT_PER_PROCESS=1 (print each start's CPU time per process to stderr),
#              WAILS (the Wails CLI; default: on PATH, else $(go env GOPATH)/bin/wails).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-build/bin/deepcritical}
PAIRS=${2:-21}
[ -x "$BIN" ] || { echo "firstpaint: $BIN not built (run make build)" >&2; exit 1; }
CACHE=build/firstpaint
mkdir -p "$CACHE"
[ -z "${FIRSTPAINT_SAVE:-}" ] || mkdir -p "$FIRSTPAINT_SAVE"

go build -o "$CACHE/paintprobe" ./scripts/paintprobe

# The template, built with the same Wails CLI as the app so both use the same runtime.
TPL=${FIRSTPAINT_TEMPLATE:-}
if [ -z "$TPL" ]; then
  WAILS=${WAILS:-$(command -v wails || echo "$(go env GOPATH)/bin/wails")}
  # The first line is the version; a sponsorship plea follows it.
  ver=$("$WAILS" version 2>/dev/null || true)
  ver=$(head -n1 <<<"$ver" | tr -cd '[:alnum:]._-')
  [ -n "$ver" ] || { echo "firstpaint: the Wails CLI ($WAILS) does not answer 'wails version'" >&2; exit 1; }
  dir=$CACHE/template-svelte-ts-$ver
  TPL=$dir/tpl/build/bin/tpl
  if [ ! -x "$TPL" ]; then
    echo "firstpaint: building the Wails $ver svelte-ts template into $dir (once)" >&2
    rm -rf "$dir"
    mkdir -p "$dir"
    (cd "$dir" && "$WAILS" init -n tpl -t svelte-ts >init.log 2>&1) || { cat "$dir/init.log" >&2; exit 1; }
    (cd "$dir/tpl" && "$WAILS" build >../build.log 2>&1) || { tail -n 30 "$dir/build.log" >&2; exit 1; }
  fi
fi
[ -x "$TPL" ] || { echo "firstpaint: template binary $TPL missing" >&2; exit 1; }

# descendants PID prints PID's descendant processes (not PID itself).
descendants() {
  ps -e -o pid=,ppid= | awk -v root="$1" '{p[$1]=$2} END{for (k in p){x=p[k]; while (x in p && x!=root && x>1) x=p[x]; if (x==root) print k}}'
}

# one BINARY NAME prints "<wall ms> <CPU ms>" to the binary's first frame with content.
one() {
  local bin=$1 name=$2 save=() tmp disp xvfb app start out tree p alive painted cpu code=0
  tmp=$(mktemp -d)
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 3>"$tmp/display" &
  xvfb=$!
  for _ in $(seq 200); do [ -s "$tmp/display" ] && break; sleep 0.05; done
  disp=$(tr -d '[:space:]' <"$tmp/display" 2>/dev/null)
  [ -n "$disp" ] || { echo "firstpaint: Xvfb did not start" >&2; cat "$tmp/xvfb.log" >&2; kill "$xvfb" 2>/dev/null; rm -rf "$tmp"; return 1; }
  # EPOCHREALTIME needs no fork, so nothing is spent between the stamp and the launch.
  start=${EPOCHREALTIME/./}
  (
    export DISPLAY=":$disp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
    export OLLAMA_HOST=http://127.0.0.1:9
    exec "$bin" >"$tmp/app.log" 2>&1
  ) &
  app=$!
  [ -z "${FIRSTPAINT_SAVE:-}" ] || save=(-save "$FIRSTPAINT_SAVE/$name.ppm")
  [ -z "${FIRSTPAINT_PER_PROCESS:-}" ] || save+=(-per-process)
  out=$("$CACHE/paintprobe" -display ":$disp" -pid "$app" -timeout 60s "${save[@]}" 2>"$tmp/probe.log") || code=$?
  # Stop the app and wait for its WebKit processes too, so none of them is still running
  # (and taking CPU) when the next start is timed.
  tree=$(descendants "$app")
  kill -TERM "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  for _ in $(seq 60); do
    alive=""
    for p in $tree; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.05
  done
  for p in $tree; do kill -KILL "$p" 2>/dev/null || true; done
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  if [ $code -ne 0 ] || [ -z "$out" ]; then
    cat "$tmp/probe.log" "$tmp/app.log" >&2
    rm -rf "$tmp"
    return 1
  fi
  [ -z "${FIRSTPAINT_PER_PROCESS:-}" ] || sed "s/^/firstpaint: $name CPU ms: /" "$tmp/probe.log" >&2
  rm -rf "$tmp"
  read -r painted cpu _ <<<"$out"
  echo "$(( (painted / 1000 - start) / 1000 )) $cpu"
}

median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.3f", a / b}'; }
aw=() ac=() tw=() tc=() rw=() rc=() loads=()
for i in $(seq "$PAIRS"); do
  a=$(one "$BIN" "app-$i") || { echo "firstpaint: pair $i: the app never showed content" >&2; exit 1; }
  t=$(one "$TPL" "template-$i") || { echo "firstpaint: pair $i: the template never showed content" >&2; exit 1; }
  load=$(cut -d' ' -f1 /proc/loadavg)
  aw+=("${a% *}") ac+=("${a#* }") tw+=("${t% *}") tc+=("${t#* }") loads+=("$load")
  rw+=("$(ratio "${a% *}" "${t% *}")") rc+=("$(ratio "${a#* }" "${t#* }")")
  echo "firstpaint: pair $i/$PAIRS: app ${a% *} ms wall ${a#* } ms CPU, template ${t% *} ms wall ${t#* } ms CPU (load $load)" >&2
done
loadrange=$(printf '%s\n' "${loads[@]}" | sort -g | awk '{a[NR]=$1; s+=$1} END{printf "%s-%s, mean %.2f", a[1], a[NR], s/NR}')
echo "app_first_content_ms: $(printf '%s\n' "${aw[@]}" | median) (runs: ${aw[*]})"
echo "template_first_content_ms: $(printf '%s\n' "${tw[@]}" | median) (runs: ${tw[*]})"
echo "app_cpu_to_content_ms: $(printf '%s\n' "${ac[@]}" | median) (runs: ${ac[*]}; the process and its WebKit processes)"
echo "template_cpu_to_content_ms: $(printf '%s\n' "${tc[@]}" | median) (runs: ${tc[*]})"
echo "ratio_wall: $(printf '%s\n' "${rw[@]}" | median) (median of $PAIRS pairs' app/template: ${rw[*]}; load $loadrange)"
echo "ratio_cpu: $(printf '%s\n' "${rc[@]}" | median) (median of $PAIRS pairs' app/template: ${rc[*]})"
