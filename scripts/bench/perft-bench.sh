#!/usr/bin/env bash
# Perft speed and deep-count check for the native engine.
#
#   scripts/bench/perft-bench.sh [--deep]
#
# 1. Builds build/native/chuhan (Release) and the plain mailbox reference
#    scripts/bench/mailbox_perft.cpp into build/bench/.
# 2. Times `chuhan perft 5` and the reference on the start position (133,312,995 leaves),
#    alternating them so both see the same machine load, and prints each one's best wall time,
#    leaves/second and the speed ratio. Wall time of the whole process is used for both, so the
#    comparison is the same measurement on both sides (start-up is a few ms of a >100 ms run).
#    Note: chuhan bulk-counts the last ply (legal-move list size); the reference makes, tests and
#    unmakes every last-ply move. That difference is part of what the ratio measures.
# 3. Checks with `chuhan` every count in perft.txt above the unit tests' budget (12,000,000 leaves);
#    counts above 1,000,000,000 (start position depth 6) only with --deep.
# Exits non-zero on a build failure, a wrong leaf count, or a mismatch.
#
# Data: scripts/dev/data-dir.sh ($CHUHAN_DATA_DIR, else ../shared/data beside the checkout or its origin).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly ROOT
readonly START_FEN="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
readonly BENCH_DEPTH=5
readonly BENCH_LEAVES=133312995
readonly ROUNDS=3
readonly TEST_BUDGET=12000000   # the unit tests (native-tests/perft_test.cpp) check counts up to this
readonly DEEP_ABOVE=1000000000  # counts above this take minutes: only with --deep

deep=0
for arg in "$@"; do
  case "$arg" in
    --deep) deep=1 ;;
    -h|--help) sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument: $arg (usage: $0 [--deep])" >&2; exit 2 ;;
  esac
done

source "$ROOT/scripts/dev/data-dir.sh"
perft_file=$(chuhan_data_file perft.txt)

cd "$ROOT"
readonly CHUHAN="build/native/chuhan"
readonly MAILBOX="build/bench/mailbox_perft"
readonly MAILBOX_SRC="scripts/bench/mailbox_perft.cpp"

echo "== build"
# Configuring an existing build tree is quick and keeps it Release; the build is incremental.
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2 --target chuhan
mkdir -p build/bench
if [[ ! -x "$MAILBOX" || "$MAILBOX_SRC" -nt "$MAILBOX" ]]; then
  g++ -O2 -std=c++20 -Wall -Wextra -o "$MAILBOX" "$MAILBOX_SRC"
fi

# nodes_of OUTPUT: the N of the "Nodes searched: N" line, or nothing.
nodes_of() { sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*/\1/p' <<<"$1" | tail -n 1; }

# timed_perft PROGRAM...: runs a perft command, checks it found BENCH_LEAVES, prints its wall
# time in milliseconds.
timed_perft() {
  local t0 t1 out nodes
  t0=$(date +%s%N)
  out=$("$@")
  t1=$(date +%s%N)
  nodes=$(nodes_of "$out")
  if [[ "$nodes" != "$BENCH_LEAVES" ]]; then
    echo "$*: expected $BENCH_LEAVES leaves, got '${nodes}'" >&2
    return 1
  fi
  echo $(( (t1 - t0) / 1000000 ))
}

echo
echo "== speed: start position, depth $BENCH_DEPTH ($BENCH_LEAVES leaves), best of $ROUNDS, alternating"
best_ours=""
best_base=""
for ((round = 1; round <= ROUNDS; round++)); do
  ours=$(timed_perft "$CHUHAN" perft "$BENCH_DEPTH" "$START_FEN")
  base=$(timed_perft "$MAILBOX" "$BENCH_DEPTH" "$START_FEN")
  printf '  round %d: chuhan %6d ms   mailbox %6d ms\n' "$round" "$ours" "$base"
  if [[ -z "$best_ours" || "$ours" -lt "$best_ours" ]]; then best_ours=$ours; fi
  if [[ -z "$best_base" || "$base" -lt "$best_base" ]]; then best_base=$base; fi
done
# Guard against a 0 ms reading on a very fast machine.
(( best_ours > 0 )) || best_ours=1
(( best_base > 0 )) || best_base=1
awk -v ours="$best_ours" -v base="$best_base" -v leaves="$BENCH_LEAVES" 'BEGIN {
  printf "  chuhan (ours)     best %6d ms  %12.0f leaves/s\n", ours, leaves / (ours / 1000)
  printf "  mailbox baseline  best %6d ms  %12.0f leaves/s\n", base, leaves / (base / 1000)
  printf "  ratio: chuhan is %.2fx the baseline speed (baseline time / chuhan time)\n", base / ours
}'

echo
echo "== deep counts from $perft_file (above $TEST_BUDGET leaves$( ((deep)) || echo "; above $DEEP_ABOVE only with --deep"))"
mismatches=0
checked=0
# Each line: FEN ; D1 n1 ; D2 n2 ; ...
while IFS= read -r line || [[ -n "$line" ]]; do
  [[ -z "${line// }" ]] && continue
  IFS=';' read -ra fields <<<"$line"
  fen="${fields[0]%"${fields[0]##*[! ]}"}"  # trailing spaces off
  for field in "${fields[@]:1}"; do
    read -r label expected _ <<<"$field"
    [[ "$label" =~ ^D([0-9]+)$ ]] || continue
    depth=${BASH_REMATCH[1]}
    (( expected > TEST_BUDGET )) || continue
    if (( expected > DEEP_ABOVE && !deep )); then
      echo "  skip      D$depth $expected  $fen  (use --deep)"
      continue
    fi
    t0=$(date +%s%N)
    got=$(nodes_of "$("$CHUHAN" perft "$depth" "$fen")")
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    checked=$((checked + 1))
    if [[ "$got" == "$expected" ]]; then
      echo "  OK        D$depth $expected  $fen  (${ms} ms)"
    else
      echo "  MISMATCH  D$depth expected $expected, got ${got:-nothing}  $fen"
      mismatches=$((mismatches + 1))
    fi
  done
done <"$perft_file"

echo
if (( mismatches > 0 )); then
  echo "$mismatches of $checked deep counts MISMATCH"
  exit 1
fi
echo "all $checked deep counts OK"
