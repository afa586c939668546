#!/usr/bin/env bash
# Fuzzing (libFuzzer, clang, AddressSanitizer + UBSan): builds native-tests/fuzz/ into
# build/fuzz, seeds each target from ../shared/data, and runs each target in turn.
#
#   scripts/dev/fuzz.sh [SECONDS [TARGET...]]     default: 60 s each, all targets
#   npm run fuzz -- 600 pgn_fuzz              (`npm test` runs every target for 20 s)
#
# Targets: dhtmlxq_fuzz, fen_fuzz, json_fuzz (the JSON writer), move_name_fuzz, nnue_fuzz (the net
# file reader), pgn_fuzz, protocol_fuzz, xqf_fuzz.
#
# Corpora grow in build/fuzz/corpus/TARGET across runs; an input that crashes or breaks an
# invariant is saved to build/fuzz/findings/TARGET/ and the script exits non-zero. Each target
# prints one line: executions, time, corpus size. LIBFUZZER_FLAGS adds libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
targets=("$@")
all_targets=(dhtmlxq_fuzz fen_fuzz json_fuzz move_name_fuzz nnue_fuzz pgn_fuzz protocol_fuzz xqf_fuzz)
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

# Data: scripts/dev/data-dir.sh.
source scripts/dev/data-dir.sh
data=$(dirname "$(chuhan_data_file perft.txt)")

echo "== fuzz build (clang, ASan + UBSan)"
CC=clang CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHUHAN_SANITIZE=ON \
  -DCHUHAN_FUZZ=ON -DCHUHAN_TESTS=OFF >/dev/null
cmake --build build/fuzz -j"$(nproc)" --target "${targets[@]}" >/dev/null

# Seeds: one file per input, named by its line, so that reruns overwrite rather than add.
seeds=build/fuzz/seeds
rm -rf "$seeds"
for target in "${all_targets[@]}"; do mkdir -p "$seeds/$target"; done
fields() { grep -v '^#' "$data/$1" | grep -v '^[[:space:]]*$'; }  # data lines of a file
n=0
for file in perft.txt rules.txt mates.txt tactics.txt openings.txt; do
  while IFS= read -r line; do
    n=$((n + 1))
    fen=${line%% ; *}
    rest=${line#* ; }
    printf '%s' "$fen" >"$seeds/fen_fuzz/$n"
    printf 'position fen %s\ngo depth 2\nd\n' "$fen" >"$seeds/protocol_fuzz/$n"
    # A move the file names for this position: rules' move, mates' best move, tactics' bm.
    move=$(sed -E 's/^(bm |moves )?([a-i][0-9][a-i][0-9]).*/\2/' <<<"${rest%% ; *}")
    if [[ $move =~ ^[a-i][0-9][a-i][0-9]$ ]]; then
      printf '%s\n%s' "$fen" "$move" >"$seeds/move_name_fuzz/$n"
      printf '[FEN "%s"]\n\n1. %s *\n' "$fen" "$move" >"$seeds/pgn_fuzz/$n"
    fi
  done < <(fields "$file")
done
# Openings are move sequences from the start position: PGN movetext and protocol games.
while IFS= read -r line; do
  n=$((n + 1))
  moves=$(sed -E 's/^[^;]*; moves ([^;]*) ;.*/\1/' <<<"$line")
  printf '[Event "opening %s"]\n{from openings.txt}\n%s 1/2-1/2\n' "$n" "$moves" >"$seeds/pgn_fuzz/$n"
  printf 'ucinewgame\nposition startpos moves %s\ngo movetime 5\nisready\n' "$moves" >"$seeds/protocol_fuzz/o$n"
done < <(fields openings.txt)
start='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
i=0
for name in 炮二平五 炮8平5 马８进７ C2=5 H8+7 h2-e2 H2-E2 前车进一 後炮平四 车一进１; do
  printf '%s\n%s' "$start" "$name" >"$seeds/move_name_fuzz/name$((i += 1))"
done
printf '1. 炮二平五 马８进７\n2. 马二进三 车９平８ *\n' >"$seeds/pgn_fuzz/chinese"
# JSON strings: a FEN with its line end, names, quotes, controls, broken UTF-8.
printf '%s\r\n' "$start" >"$seeds/json_fuzz/fen"
printf '炮二平五 "quoted" back\\slash \t\b\f\x01\x7f' >"$seeds/json_fuzz/text"
printf 'a\xff\xc0\xaf\xed\xa0\x80\xe7\x82\xf0\x9f\x90\x98\x00z' >"$seeds/json_fuzz/bytes"
# Net files: the shipped network, its header alone, and a file cut short.
cp core/nets/default.nnue "$seeds/nnue_fuzz/default"
head -c 64 core/nets/default.nnue >"$seeds/nnue_fuzz/header"
head -c 4000 core/nets/default.nnue >"$seeds/nnue_fuzz/short"
printf '1. C2=5 H8+7 2. H2+3 R9=8 (2... C8=5) $1 ; comment\n*\n' >"$seeds/pgn_fuzz/wxf"
printf 'uci\nsetoption name Hash value 2\nsetoption name MultiPV value 3\nisready\nposition startpos\ngo depth 3\nstop\nquit\n' >"$seeds/protocol_fuzz/uci"
printf 'ucci\nsetoption usemillisec true\nsetoption hashsize 2\nposition startpos\nbanmoves h2e2\ngo time 100 increment 0 opptime 100\n' >"$seeds/protocol_fuzz/ucci"
printf 'position startpos\ngo wtime 100 btime 100 winc 5 binc 5 movestogo 3\ngo ponder\nponderhit\ngo perft 2\ngo mate 1\ngo nodes 500 searchmoves h2e2\n' >"$seeds/protocol_fuzz/go"

# Game files: the samples of every version and kind (native-tests/fixtures/games).
games=native-tests/fixtures/games
cp "$games"/*.xqf "$seeds/xqf_fuzz/"
cp "$games"/forum-page.html "$games"/branches.txt "$games"/study.dhtmlxq "$seeds/dhtmlxq_fuzz/"

status=0
for target in "${targets[@]}"; do
  corpus=build/fuzz/corpus/$target findings=build/fuzz/findings/$target
  mkdir -p "$corpus" "$findings"
  log=build/fuzz/$target.log
  # -rss_limit_mb: a 1 GB hash table (setoption name Hash value 1024) must still fit.
  if ! build/fuzz/native-tests/fuzz/$target "$corpus" "$seeds/$target" -max_total_time="$seconds" \
      -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$findings/" ${LIBFUZZER_FLAGS:-} >"$log" 2>&1; then
    status=1
    echo "$target: FINDING, see $log and $findings/"
    grep -m1 -A20 -E '^==[0-9]+==ERROR|fuzz check failed|runtime error' "$log" || tail -20 "$log"
    continue
  fi
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log")
  took=$(sed -nE 's/^Done [0-9]+ runs in ([0-9]+) second.*/\1/p' "$log")
  echo "$target: $runs executions in ${took:-$seconds} s, corpus $(ls "$corpus" | wc -l) inputs, no finding"
done
exit $status
