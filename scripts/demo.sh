#!/usr/bin/env bash
# `npm run demo`: install, build, then start the portal on embedded defaults with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-system.sh demo
npm install --no-audit --no-fund
npx next build
SEED_ON_START=1 DEMO_STREAMS="${DEMO_STREAMS:-3}" NODE_ENV=production exec npx tsx server.ts
