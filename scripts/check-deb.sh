#!/usr/bin/env bash
# Installs the .deb built by `make package` into an empty folder layout with dpkg (no root,
# nothing touches the machine's /usr) and checks the installed app as a user would meet it:
# the files land where the package says, `deepcritical --version` names this build, and
# `deepcritical doctor` runs from the installed path with fresh data/config folders.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(ls build/bin/deepcritical_*.deb 2>/dev/null | head -n1)
[ -n "$deb" ] || { echo "check-deb: no build/bin/deepcritical_*.deb (run make package-deb)" >&2; exit 1; }
: "${VERSION:?}" "${COMMIT:?}"
fail() { echo "check-deb: $*" >&2; exit 1; }

[ "$(dpkg-deb -f "$deb" Package)" = deepcritical ] || fail "package name is not deepcritical"
[ "$(dpkg-deb -f "$deb" Version)" = "$VERSION" ] || fail "package version $(dpkg-deb -f "$deb" Version), want $VERSION"
# Every runtime dependency the package declares must be a real Debian package name.
for dep in $(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*//; s/ //g'); do
  apt-cache show "$dep" >/dev/null 2>&1 || dpkg-query -W "$dep" >/dev/null 2>&1 || fail "dependency $dep is not a known Debian package"
done

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg -x "$deb" "$root/install"
for f in usr/bin/deepcritical usr/share/applications/deepcritical.desktop usr/share/icons/hicolor/256x256/apps/deepcritical.png; do
  [ -f "$root/install/$f" ] || fail "$f not installed"
done
[ -x "$root/install/usr/bin/deepcritical" ] || fail "usr/bin/deepcritical is not executable"
grep -q '^Exec=deepcritical$' "$root/install/usr/share/applications/deepcritical.desktop" || fail "desktop entry does not start deepcritical"

got=$("$root/install/usr/bin/deepcritical" --version)
[ "$got" = "deepcritical $VERSION (commit $COMMIT)" ] || fail "--version printed '$got', want 'deepcritical $VERSION (commit $COMMIT)'"

export XDG_DATA_HOME="$root/data" XDG_CONFIG_HOME="$root/config" XDG_CACHE_HOME="$root/cache"
export OLLAMA_HOST=http://127.0.0.1:9 # keep the probe local and fast
out=$("$root/install/usr/bin/deepcritical" doctor) || fail "doctor exited $? from the installed path: $out"
echo "$out" | sed 's/^/  /'
for check in "config dir" "settings" "data dir" "database" "judge offline"; do
  echo "$out" | grep -Eq "^ok +$check " || fail "doctor: '$check' is not ok"
done
echo "check-deb: $deb installed with dpkg -x; $got; doctor ok from the installed path"
