#!/usr/bin/env bash
# `npm run test:changed [base]`: the quick loop for a change in progress. Lint and typecheck the whole tree
# (seconds; tsc keeps an incremental state in .data/), then only the jest files the changes reach through
# their imports (jest --changedSince) and only the Playwright specs they touch (scripts/changed-specs.ts),
# against a fresh production build. The changes: the working tree and the index against base (default
# HEAD, i.e. what is not committed yet; `npm run test:changed -- main` for a branch's commits too).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/phases.sh
base="${1:-HEAD}"

mapfile -t changed < <({ git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u)
if [ ${#changed[@]} -eq 0 ]; then
  echo "Nothing changed against $base."
  exit 0
fi
echo "${#changed[@]} changed file(s) against $base"

phase lint npx biome check .
phase typecheck npx tsc --noEmit --incremental --tsBuildInfoFile .data/tsc-changed.tsbuildinfo
phase jest npx jest --changedSince="$base" --passWithNoTests
mapfile -t specs < <(npx tsx scripts/changed-specs.ts "${changed[@]}")
if [ ${#specs[@]} -eq 0 ]; then
  echo "No e2e spec is touched by these changes."
  exit 0
fi
echo "e2e specs touched: ${specs[*]}"
BUILD_TYPECHECKED=1 phase build npx next build
phase e2e npx playwright test "${specs[@]}"
