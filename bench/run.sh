#!/usr/bin/env bash
# `npm run bench`: the foundation's numbers (bench/foundation.ts), then the live-scores numbers (bench/scores.ts). BENCH_CLEAN_INSTALL=1 also times
# a clean `npm install` in a scratch folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npx tsx bench/foundation.ts
npx tsx bench/scores.ts
