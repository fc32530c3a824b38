#!/usr/bin/env bash
# `npm run bench`: the foundation's numbers (bench/foundation.ts: install, build, first-load JS, cold start,
# /main server time), then live scores (bench/scores.ts), live video (bench/live.ts, needs ffmpeg) and
# Lighthouse desktop + axe-core counts of the main pages (bench/lighthouse.ts, on the build foundation.ts made).
# BENCH_CLEAN_INSTALL=1 also times a clean `npm install` in a scratch folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# The full Chromium (Lighthouse and the player benches measure what viewers run), ffmpeg, Redis.
bash scripts/ensure-system.sh bench
npx tsx bench/foundation.ts
npx tsx bench/scores.ts
npx tsx bench/live.ts
npx tsx bench/lighthouse.ts
