#!/usr/bin/env bash
# Regenerates the evaluation's tuning data in OUTDIR (outside the repository): self-play of the
# current build with search scores (chuhan-datagen), plus games against other engines when their
# binaries are given (scripts/match/match.mjs, converted with chuhan-datagen --from-pgn). Runs niced on
# both cores; each step skips its output if it already exists, so an interrupted run resumes.
#
#   scripts/tune/gen-data.sh OUTDIR [--games N] [--nodes N] [--seed S]
#                            [--eleeye PATH_TO_UCCI_BINARY] [--fairy PATH_TO_UCI_BINARY]
#                            [--match-weight N]
#
# --fairy is a native Fairy-Stockfish (it writes ranks 1-10 and needs UCI_Variant xiangqi; run
# classical, without NNUE). --match-weight N (default 1) puts the match positions N times into the
# result, so that games against other engines weigh more than self-play. The result is
# OUTDIR/all.txt, the input of chuhan-tune --data.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=${1:?usage: scripts/tune/gen-data.sh OUTDIR [--games N] [--nodes N] [--seed S] [--eleeye PATH] [--fairy PATH] [--match-weight N]}
shift
games=3000 nodes=4000 seed=1 eleeye= fairy= match_weight=1
while [ $# -gt 0 ]; do
  case $1 in
    --games) games=$2 ;;
    --nodes) nodes=$2 ;;
    --seed) seed=$2 ;;
    --eleeye) eleeye=$2 ;;
    --fairy) fairy=$2 ;;
    --match-weight) match_weight=$2 ;;
    *) echo "gen-data: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
mkdir -p "$out"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j2 --target chuhan chuhan-datagen >/dev/null

# Self-play: one process per core.
for s in "$seed" "$((seed + 1))"; do
  f="$out/selfplay-$s.txt"
  [ -s "$f.done" ] || {
    rm -f "$f"
    nice build/native/chuhan-datagen --games "$games" --nodes "$nodes" --seed "$s" --out "$f" 2>"$f.log" &&
      echo ok >"$f.done"
  } &
done
wait

# Matches against other engines at two move times (each: every opening, both colours).
match() {  # name, extra match arguments...
  local name=$1; shift
  for ms in 60 120; do
    local pgn="$out/$name-$ms.pgn"
    [ -s "$pgn.done" ] && continue
    nice node scripts/match/match.mjs --movetime "$ms" --concurrency 2 --quiet --pgn-comments --pgn "$pgn" "$@" >"$pgn.log"
    echo ok >"$pgn.done"
  done
}
[ -n "$eleeye" ] && match eleeye --engine-b "$eleeye" --protocol-b ucci --option-b usebook=false
[ -n "$fairy" ] && match fairy --engine-b "$fairy" --rank-base-b 1 --option-b UCI_Variant=xiangqi \
  --option-b 'Use NNUE=false'

rm -f "$out/matches.txt"
for pgn in "$out"/*.pgn; do
  [ -e "$pgn" ] && build/native/chuhan-datagen --from-pgn "$pgn" --out "$out/matches.txt"
done
{
  cat "$out"/selfplay-*.txt
  if [ -s "$out/matches.txt" ]; then
    for _ in $(seq "$match_weight"); do cat "$out/matches.txt"; done
  fi
} >"$out/all.txt"
echo "gen-data: $(wc -l <"$out/all.txt") positions in $out/all.txt"
