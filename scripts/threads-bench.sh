#!/usr/bin/env bash
# Lazy SMP figures of the native engine: nodes/s and time to the bench depth with THREADS
# threads against one, runs interleaved so that machine noise hits both alike.
#   bash scripts/threads-bench.sh [THREADS=2] [DEPTH=13] [ROUNDS=3]
# Prints each run and the ratios of the sums. Measure on an otherwise idle machine: THREADS
# threads need THREADS free cores. Builds build/native first.
set -euo pipefail
cd "$(dirname "$0")/.."
threads="${1:-2}" depth="${2:-13}" rounds="${3:-3}"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)" --target chuhan >/dev/null

declare -A nodes=([1]=0 [$threads]=0) ms=([1]=0 [$threads]=0)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; ++r)); do
  for t in 1 "$threads"; do
    out="$(build/native/chuhan bench "$depth" "$t")"
    n=$(sed -n 's/^Nodes searched: //p' <<<"$out")
    time_ms=$(sed -n 's/^Total time (ms): //p' <<<"$out")
    nodes[$t]=$((nodes[$t] + n)) ms[$t]=$((ms[$t] + time_ms))
    printf 'round %d  threads %-3d  %10d nodes  %6d ms  %8d nodes/s\n' "$r" "$t" "$n" "$time_ms" \
      $((n * 1000 / (time_ms ? time_ms : 1)))
  done
done
awk -v n1="${nodes[1]}" -v t1="${ms[1]}" -v nt="${nodes[$threads]}" -v tt="${ms[$threads]}" \
  -v t="$threads" 'BEGIN {
  printf "nodes/s, %d threads over 1: %.2fx\n", t, (nt / tt) / (n1 / t1)
  printf "time to depth, 1 thread over %d: %.2fx (above 1: %d threads reach the depth sooner)\n", t, t1 / tt, t
}'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
