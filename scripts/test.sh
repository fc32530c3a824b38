#!/usr/bin/env bash
# `npm test`: every check, in order of speed. Installs what is missing first. Each phase prints its time;
# the run ends with the table of phases and the slowest tests (scripts/phases.sh, scripts/test-times.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/phases.sh

# System packages first (chromium, fonts, ffmpeg): as root they are installed, otherwise one line says how.
phase system bash scripts/ensure-system.sh test
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  phase install npm install --no-audit --no-fund
fi

# Lint: Biome, then the import rules of .dependency-cruiser.cjs (imports point down, no file circles).
phase lint npm run --silent lint
phase typecheck npx tsc --noEmit
phase jest npx jest
BUILD_TYPECHECKED=1 phase build npx next build
phase e2e npx playwright test
# e2e on the demo seed (issue 43): a portal of its own started as `npm run demo` starts it.
phase e2e-demo npx playwright test -c playwright.demo.config.ts
