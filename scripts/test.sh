#!/usr/bin/env bash
# `npm test`: every check, in order of speed. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# System packages first (chromium, fonts, ffmpeg): as root they are installed, otherwise one line says how.
bash scripts/ensure-system.sh test
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi

echo "== lint (biome)"
npx biome check .
echo "== typecheck"
npx tsc --noEmit
echo "== unit + integration (jest, real database)"
npx jest
echo "== build"
npx next build
echo "== e2e (playwright, chromium)"
npx playwright test
