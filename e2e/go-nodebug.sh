#!/usr/bin/env bash
# Go "compiler" for `wails dev -compiler`: runs go with the arguments Wails gives, minus the
# debug flags (-gcflags "all=-N -l") Wails always adds in dev mode. Without them the dev
# build reuses the packages `make build` already compiled (a first start in minutes, not
# tens of minutes on a small machine) and SQLite runs optimised, as it does for users.
set -euo pipefail
args=()
while [ $# -gt 0 ]; do
  if [ "$1" = "-gcflags" ] && [ "${2:-}" = "all=-N -l" ]; then
    shift 2
    continue
  fi
  args+=("$1")
  shift
done
exec go "${args[@]}"
