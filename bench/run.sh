#!/usr/bin/env bash
# `npm run bench`: the foundation's numbers (see bench/foundation.ts). BENCH_CLEAN_INSTALL=1 also times
# a clean `npm install` in a scratch folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npx tsx bench/foundation.ts
