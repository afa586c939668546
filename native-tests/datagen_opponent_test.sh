#!/bin/bash
# chuhan-datagen --opponent: self-play's games with a UCI engine choosing one side's moves (here
# Chuhan's own binary at another node count, so that the games differ from self-play's). Two games
# are played and kept, with their results; a run is deterministic; an opponent that exits stops
# the run with an error and no progress; an opponent whose moves Chuhan's rules refuse has its
# games dropped.
# usage: datagen_opponent_test.sh DATAGEN CHUHAN WORKDIR
set -euo pipefail
# shellcheck source=scripts/dev/data-dir.sh
source "$(dirname "$0")/../scripts/dev/data-dir.sh"
datagen=$1 chuhan=$2 dir=$3
openings="$(chuhan_data_file openings.txt)"
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*" >&2; exit 1; }
play() { "$datagen" --openings "$openings" --games 2 --nodes 300 --seed 7 --format text "$@"; }

play --out "$dir/self.txt" 2>/dev/null
play --opponent "$chuhan" --opponent-nodes 700 --out "$dir/a.txt" 2>/dev/null
lines=$(wc -l < "$dir/a.txt")
[ "$lines" -gt 10 ] || fail "$lines positions"
[ "$(cut -d' ' -f1-2 "$dir/a.txt.progress")" = "2 $lines" ] || fail "progress $(cat "$dir/a.txt.progress")"
! grep -qv ' ; \(1\|0\|0.5\) ; -\?[0-9]*$' "$dir/a.txt" || fail "a line without result and score"
! cmp -s "$dir/self.txt" "$dir/a.txt" || fail "the opponent's moves changed nothing"
play --opponent "$chuhan" --opponent-nodes 700 --out "$dir/b.txt" 2>/dev/null
cmp -s "$dir/a.txt" "$dir/b.txt" || fail "two runs differ"

# An opponent that is gone: an error that names it, and no output begun.
! play --opponent "$dir/no-such-engine" --out "$dir/c.txt" 2> "$dir/c.err" || fail "a missing opponent was accepted"
grep -q "no-such-engine' exited" "$dir/c.err" || fail "the error does not say the opponent exited: $(cat "$dir/c.err")"
[ ! -e "$dir/c.txt" ] && [ ! -e "$dir/c.txt.progress" ] || fail "output written without an opponent"

# An opponent that answers every position with a move no rule allows.
cat > "$dir/liar.sh" <<'LIAR'
#!/bin/bash
while read -r command _; do
  case "$command" in
    uci) echo "id name Liar"; echo uciok ;;
    isready) echo readyok ;;
    go) echo "info depth 1 score cp 0"; echo "bestmove a0a9" ;;
    quit) exit 0 ;;
  esac
done
LIAR
chmod +x "$dir/liar.sh"
play --opponent "$dir/liar.sh" --out "$dir/d.txt" 2>/dev/null || fail "a run against the liar failed"
[ ! -s "$dir/d.txt" ] || fail "positions kept from games with a refused move"
echo "ok: $lines positions"
