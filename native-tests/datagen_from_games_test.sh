#!/bin/bash
# chuhan-datagen --from-games on native-tests/fixtures/master-games.tsv: two games with a result
# (sharing their first three plies) and one without. Every position is searched once: no FEN
# twice, fewer positions than the 48 plies of the two games, none from the game without a result;
# each carries its game's result; a run is deterministic and one interrupted resumes to the same
# file, and data whose progress record is lost is left alone; --first-game starts a new file after
# the games an earlier run rescored; --part splits the games between processes.
# usage: datagen_from_games_test.sh DATAGEN FIXTURE WORKDIR
set -euo pipefail
datagen=$1 fixture=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$datagen" --from-games "$fixture" --nodes 300 --format text --out "$dir/a.txt" 2>/dev/null
lines=$(wc -l < "$dir/a.txt")
[ "$lines" -gt 10 ] && [ "$lines" -lt 48 ] || fail "$lines positions"
[ -z "$(cut -d';' -f1 "$dir/a.txt" | sort | uniq -d)" ] || fail "a position twice"
grep -q '^rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w .* ; 1 ; ' "$dir/a.txt" ||
  fail "the start position is not there once, with the first game's result"
# Black's cannon to e7 (c3c4 b7e7) is only in the game without a result.
! grep -q '^rnbakabnr/9/4c2c1/' "$dir/a.txt" || fail "a position of the game without a result"
grep -c ' ; 0.5 ; ' "$dir/a.txt" > /dev/null || fail "no position of the drawn game"
[ "$(cat "$dir/a.txt.progress" | cut -d' ' -f1-2)" = "2 $lines" ] || fail "progress $(cat "$dir/a.txt.progress")"

"$datagen" --from-games "$fixture" --nodes 300 --format text --out "$dir/b.txt" 2>/dev/null
cmp -s "$dir/a.txt" "$dir/b.txt" || fail "two runs differ"
# Resume after the first game: the second game skips the positions the first one met.
first=$(grep -c ' ; 1 ; ' "$dir/a.txt")
head -n "$first" "$dir/a.txt" > "$dir/c.txt"
echo "1 $first $(stat -c %s "$dir/c.txt")" > "$dir/c.txt.progress"
echo "garbage of an interrupted game" >> "$dir/c.txt"
"$datagen" --from-games "$fixture" --nodes 300 --format text --out "$dir/c.txt" 2>/dev/null
cmp -s "$dir/a.txt" "$dir/c.txt" || fail "a resumed run differs"
[ ! -e "$dir/c.txt.progress.part" ] || fail "the progress record's temporary file was left"
# Data whose progress record is lost (empty, as a run killed while writing it once left it) is
# neither resumed nor overwritten: the run refuses.
cp "$dir/a.txt" "$dir/e.txt" && : > "$dir/e.txt.progress"
! "$datagen" --from-games "$fixture" --nodes 300 --format text --out "$dir/e.txt" 2>/dev/null ||
  fail "a run started over data with an empty progress record"
cmp -s "$dir/a.txt" "$dir/e.txt" || fail "the data with an empty progress record was changed"
# From the second game on: the first game's positions are met but not written again.
"$datagen" --from-games "$fixture" --nodes 300 --first-game 1 --format text --out "$dir/d.txt" 2>/dev/null
tail -n +"$((first + 1))" "$dir/a.txt" | cmp -s - "$dir/d.txt" || fail "--first-game 1 differs"
[ "$(cut -d' ' -f1 "$dir/d.txt.progress")" = 2 ] || fail "--first-game 1: progress $(cat "$dir/d.txt.progress")"

"$datagen" --from-games "$fixture" --nodes 300 --part 1/2 --format nnue --out "$dir/p.bin" 2>/dev/null
size=$(stat -c %s "$dir/p.bin")
[ $((size % 48)) -eq 0 ] && [ "$size" -gt 0 ] || fail "part 1/2 wrote $size bytes"
[ "$(cut -d' ' -f1 "$dir/p.bin.progress")" = 1 ] || fail "part 1/2 is not one game"
! "$datagen" --from-games "$fixture" --part 2/2 --out "$dir/x.bin" 2>/dev/null || fail "--part 2/2 taken"
echo "ok: $lines positions"
