#!/usr/bin/env bash
# The system packages the portal needs beyond Node, in ONE place. `npm test` and `npm run demo` call this
# first, before any slow step:
#   scripts/ensure-system.sh test|demo|bench     install what is missing (as root, apt-get), else stop with the
#                                                one command to run
#   scripts/ensure-system.sh --check test|demo|bench   change nothing: list what was checked, exit 1 if any is missing
# A later issue that needs another package adds it to the lists below, nowhere else.
set -euo pipefail

# What each command needs (Debian package names).
#   demo: the running portal (ffmpeg packages HLS and recordings of live rooms)
#   test: the running portal plus the e2e browser (Debian's Chromium headless shell, what Playwright itself runs
#         headless: a fifth less CPU per test than the full browser's headless mode), CJK fonts, without
#         which Chinese pages render as boxes, and nginx with its RTMP module (the external media engine's e2e test
#         runs docs/nginx-rtmp.conf; the two-node test puts nginx in front of two portals), and redis-server
#         (the Redis-backed shared state's tests and the two-node test)
#   bench: the benchmarks (bench/run.sh): the full Chromium viewers run, for Lighthouse and the player benches
packages_for() {
  case "$1" in
    demo) echo "ffmpeg" ;;
    test) echo "ffmpeg chromium-headless-shell fonts-noto-cjk nginx libnginx-mod-rtmp redis-server" ;;
    bench) echo "ffmpeg chromium fonts-noto-cjk redis-server" ;;
    *) echo "ensure-system: unknown target '$1' (expected: test, demo or bench)" >&2; exit 2 ;;
  esac
}

check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
target="${1:?usage: scripts/ensure-system.sh [--check] test|demo|bench}"
packages="$(packages_for "$target")" || exit 2
read -r -a wanted <<<"$packages"

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "ensure-system: not a Debian system (no dpkg-query); install these yourself: ${wanted[*]}" >&2
  [ "$check" = 1 ] && exit 1
  exit 0
fi

is_installed() {
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]
}

missing_packages() {
  local p
  for p in "${wanted[@]}"; do is_installed "$p" || echo "$p"; done
}

mapfile -t missing < <(missing_packages)

if [ "$check" = 1 ]; then
  for p in "${wanted[@]}"; do
    if is_installed "$p"; then echo "ok       $p"; else echo "MISSING  $p"; fi
  done
  [ ${#missing[@]} -eq 0 ]
  exit
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "Missing system packages (${missing[*]}): run  sudo apt-get update && sudo apt-get install -y ${missing[*]}  then npm $([ "$target" = test ] && echo test || echo "run demo") again." >&2
  exit 1
fi

echo "== installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null

mapfile -t still < <(missing_packages)
if [ ${#still[@]} -gt 0 ]; then
  echo "ensure-system: apt-get finished but these are still not installed: ${still[*]}" >&2
  exit 1
fi
