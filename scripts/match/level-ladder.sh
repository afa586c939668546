#!/bin/bash
# Calibrates the app's levels (www/js/levels.js): each level against the one below, with the
# level's Skill Level and move time, over games from the shared openings. Prints nothing; each
# pair's summary (Elo with its error bar) is in OUT/<pair>.log, games in OUT/<pair>.pgn.
#   bash scripts/match/level-ladder.sh [ENGINE [OUT [GAMES]]]
# ENGINE defaults to build/native/chuhan, OUT to /tmp/level-ladder, GAMES (per pair) to 40.
# Keep the pairs in step with levels.js. About an hour on two cores with 40 games a pair (level 8's pair is the longest).
set -euo pipefail
cd "$(dirname "$0")/../.."
engine=${1:-build/native/chuhan}
out=${2:-/tmp/level-ladder}
games=${3:-40}
mkdir -p "$out"
# pair NAME MOVETIME_A MOVETIME_B SKILL_A SKILL_B: A is the stronger level.
pair() {
  nice node scripts/match/match.mjs --engine-a "$engine" --engine-b "$engine" --movetime "$2" \
    --movetime-a "$2" --movetime-b "$3" --option-a "Skill Level=$4" --option-b "Skill Level=$5" \
    --name-a "${1%v*}" --name-b "L${1##*vL}" --concurrency 2 --hash 16 --games "$games" --quiet \
    --json "$out/$1.json" --pgn "$out/$1.pgn" > "$out/$1.log" 2>&1
}
pair L2vL1 300 300 3 0
pair L3vL2 500 300 7 3
pair L4vL3 500 500 9 7
pair L5vL4 1000 500 11 9
pair L6vL5 1000 1000 14 11
pair L7vL6 1000 1000 17 14
# Level 8 thinks 3 s in the app; measured here at level 7's second, it is at least this strong.
pair L8vL7 1000 1000 20 17
grep -h -A2 '^===' "$out"/L*v*.log
