# Sourced by scripts/test.sh and .ci/run. `phase NAME command…` runs one step of the run, prints its
# duration and appends "NAME<TAB>seconds<TAB>exit status" to $TEST_TIMES_DIR/phases.tsv; the runners'
# reporters append each test's time to tests.jsonl there (TEST_PHASE names the step), and
# `node scripts/test-times.mjs` prints the table of phases and the slowest tests from both.
# The outermost script owns the folder: it empties it at the start and prints the table at its exit.
if [ -z "${TEST_TIMES_DIR:-}" ]; then
  export TEST_TIMES_DIR="$PWD/.data/test-times"
  rm -rf "$TEST_TIMES_DIR"
  mkdir -p "$TEST_TIMES_DIR"
  trap 'node scripts/test-times.mjs "$TEST_TIMES_DIR"' EXIT
fi

phase() {
  local name=$1 started status=0 took
  shift
  echo "== $name"
  started=$(date +%s)
  TEST_PHASE=$name "$@" || status=$?
  took=$(($(date +%s) - started))
  printf '%s\t%s\t%s\n' "$name" "$took" "$status" >>"$TEST_TIMES_DIR/phases.tsv"
  if [ "$status" = 0 ]; then echo "== $name: $took s"; else echo "== $name: $took s, FAILED (exit $status)"; fi
  return "$status"
}
