#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset "fuzz": clang with
# -fsanitize=fuzzer,address,undefined) and runs each on its committed seed
# corpus in fuzz/corpus/<target>. New inputs go to a scratch folder, so the
# committed corpus stays as it is; a crash, hang or sanitizer report is saved
# under build/fuzz/crashes/ and fails the run.
#
# Usage: bash scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   default: 20 seconds for each of moves, positions, records, protocol, api, http,
#   two targets at a time (FUZZ_JOBS=N to change).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(moves positions records protocol api http)
jobs=${FUZZ_JOBS:-2}

cmake --preset fuzz >/dev/null
# Only the targets run here: the asterism binary and what only it needs are
# not built again with clang.
cmake --build --preset fuzz -j "$jobs" --target "${targets[@]/#/fuzz_}"

out=build/fuzz/runs
mkdir -p "$out" build/fuzz/crashes
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

run_one() {
  local t=$1
  mkdir -p "$scratch/$t"
  # -timeout: any single input slower than 10 s counts as a hang.
  if build/fuzz/fuzz/fuzz_"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix=build/fuzz/crashes/"$t"- \
       "$scratch/$t" fuzz/corpus/"$t" >"$out/$t.log" 2>&1; then
    local runs
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$t.log" | grep -o '[0-9]*$')
    echo "fuzz_$t: ${seconds} s, ${runs:-?} executions, no crash"
  else
    echo "fuzz_$t: FAILED; see $out/$t.log and build/fuzz/crashes/" >&2
    grep -E 'ERROR|invariant failed|SUMMARY' "$out/$t.log" | head -5 >&2 || true
    return 1
  fi
}

status=0
pids=()
for t in "${targets[@]}"; do
  run_one "$t" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
