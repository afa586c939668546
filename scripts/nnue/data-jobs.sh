#!/usr/bin/env bash
# The network's data generation as named background jobs, so that a new machine starts (and an
# old one resumes) the next round's data with one command. Data, logs and the generator's copy
# stay outside the repository, in $CHUHAN_NN_DIR (default /tmp/nn).
#
#   scripts/nnue/data-jobs.sh start [JOB...]   start the jobs (default: DEFAULT_JOBS below, one
#                                              per core) at nice 19; a job already running is
#                                              left alone, one with a file is resumed
#   scripts/nnue/data-jobs.sh status           each job: running or not, games done, positions
#   scripts/nnue/data-jobs.sh pause|resume     SIGSTOP / SIGCONT to every job (around a match or
#                                              a CI run: they would take its time)
#   scripts/nnue/data-jobs.sh stop             ends every job (a rerun of start resumes it)
#   scripts/nnue/data-jobs.sh snapshot DEST    copies every job's data, cut to whole records, into
#                                              DEST (d-ID.bin; safe while the jobs run), for a
#                                              training round
#
# Jobs (what each writes, under $CHUHAN_NN_DIR; the format and the generator in README.md):
#   cheap-SEED     the network's self-play at 300 nodes a move, 10 random plies (round 8's
#                  pretraining data): cheap/c-SEED.bin
#   searched-SEED  the same at 6000 nodes, 8 random plies (the fine-tuning data): searched/s-SEED.bin
#   deep-SEED      the same at 24000 nodes (labels nearer the searches of play at 1 s; a quarter
#                  of searched's rate): deep/d-SEED.bin
#   anchor-SEED    games against an anchor engine at 24000 nodes a move for Chuhan and 120000 for
#                  the anchor, which plays one side (`chuhan-datagen --opponent`), each position
#                  scored by Chuhan's search: anchor/a-SEED.bin; needs $ANCHOR, the path of a UCI
#                  engine built outside the repository (Pikafish-HCE: scripts/match/README.md),
#                  kept in OUT.opponent so that a resumed job meets the same one
#   master-I       part I of 2 of every master game's positions searched at 6000 nodes:
#                  master/m-I.bin; master-TAG-I writes master/m-TAG-I.bin (the same games
#                  scored by a later network, e.g. master-r9-0); needs master/games.tsv, which
#                  start makes with `chuhan-openings read` from $CCPD, a clone of
#                  github.com/Yvonne761/Chinese-Chess-Practical-Dataset (CC BY 4.0)
#
# The generator is this checkout's build/native/chuhan-datagen (built if missing), copied to
# bin/chuhan-datagen-<commit> when a job first starts; a job always resumes with the copy that
# began its file (OUT.commit), so one file never mixes two players.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/dev/data-dir.sh
source scripts/dev/data-dir.sh

DIR="${CHUHAN_NN_DIR:-/tmp/nn}"
# Seeds by round of the network that plays: 9201 and 405 on for round 8's games, 9301 and 501 on
# for round 9's, 9401 and 601 on for round 11's, 701 on for round 14's, 801 on for round 15's, 901
# on for round 16's, 1001 on for round 17's; deep seeds 1051 on for round 17's (not 1001 on: the
# same seed starts its games from the same openings and random plies), 1151 on for round 18's (the
# default net since the forty-fourth session, README.md "Round 18"); cheap seeds 1161 on for round
# 18's 300-node games (README.md "Round 19 trial c": they made it weaker). The default jobs are deep
# games: more of round 17's 6000-node games no longer helped it (README.md "Round 18 trial b").
DEFAULT_JOBS=(deep-1151 deep-1152)
# With an anchor (ANCHOR set, or a job that already met one), its games take the second core:
# round 18 scores their positions worse than its own games' (README.md "Games against an anchor").
if [[ -n "${ANCHOR:-}" || -s "$DIR/anchor/a-1201.bin.opponent" ]]; then
  DEFAULT_JOBS=(deep-1151 anchor-1201)
fi
# Where each kind of job writes: job KIND-ID writes $DIR/${FILE_PREFIX[KIND]}ID.bin.
KINDS=(cheap searched deep anchor master)
declare -A FILE_PREFIX=([cheap]=cheap/c- [searched]=searched/s- [deep]=deep/d- [anchor]=anchor/a- [master]=master/m-)
# What a snapshot puts before each kind's ID in DEST/d-ID.bin (searched files keep the bare seed).
declare -A SNAPSHOT_TAG=([cheap]=c [searched]="" [deep]=deep [anchor]=anchor [master]=m)

job_file() { echo "$DIR/${FILE_PREFIX[${1%%-*}]}${1#*-}.bin"; }

# The generator's arguments for self-play: GAMES NODES RANDOM_PLIES SEED.
selfplay_args() {
  echo "--openings $(chuhan_data_file openings.txt) --games $1 --nodes $2 --random-plies $3 --seed $4 --nnue on --format nnue"
}

# Prints the job's output file and its generator arguments (without --out), or fails.
job_spec() {
  local job="$1" args
  case "$job" in
    cheap-[0-9]*)
      args="$(selfplay_args 400000 300 10 "${job#cheap-}")"
      ;;
    searched-[0-9]*)
      args="$(selfplay_args 200000 6000 8 "${job#searched-}")"
      ;;
    deep-[0-9]*)
      args="$(selfplay_args 200000 24000 8 "${job#deep-}")"
      ;;
    anchor-[0-9]*)
      args="$(selfplay_args 200000 24000 8 "${job#anchor-}") --opponent-nodes 120000"
      ;;
    master-[01] | master-*-[01])
      args="--from-games $DIR/master/games.tsv --nodes 6000 --part ${job##*-}/2 --format nnue"
      ;;
    *)
      echo "data-jobs: no job '$job' (cheap-SEED, searched-SEED, deep-SEED, anchor-SEED, master-[TAG-]0, master-[TAG-]1)" >&2
      return 1
      ;;
  esac
  job_file "$job"
  echo "$args"
}

# The pids of the generator writing $1.
job_pids() { pgrep -f -- "chuhan-datagen-[0-9a-f]+(-dirty)? .* --out $1\$" || true; }

all_pids() { pgrep -f -- "$DIR/bin/chuhan-datagen-" || true; }

# The master games, read once from the CCPD clone.
ensure_master_games() {
  local games="$DIR/master/games.tsv"
  [[ -s "$games" ]] && return
  if [[ -z "${CCPD:-}" || ! -d "$CCPD" ]]; then
    echo "data-jobs: master jobs need $games; set CCPD to a clone of Yvonne761/Chinese-Chess-Practical-Dataset" >&2
    return 1
  fi
  local src="$DIR/master/src"
  rm -rf "$src" && mkdir -p "$src"
  git -C "$CCPD" archive HEAD 'Dataset/對局/大師對局' | tar -x -C "$src"
  cmake --build build/native --target chuhan-openings >/dev/null
  nice -n 19 build/native/chuhan-openings read --games "$src/Dataset/對局/大師對局" \
    --out "$games.part" --report "$DIR/master/read-report.txt"
  mv "$games.part" "$games"
}

# This checkout's generator, copied under its commit (rebuilding the checkout does not touch it).
current_generator() {
  local commit bin
  commit="$(git rev-parse --short=10 HEAD)"
  # A generator built from uncommitted changes is not that commit's: say so in its name.
  [[ -z "$(git status --porcelain -- core scripts/lib 'scripts/nnue/*.cpp' 'scripts/nnue/*.h' CMakeLists.txt)" ]] || commit+="-dirty"
  bin="$DIR/bin/chuhan-datagen-$commit"
  if [[ ! -x "$bin" ]]; then
    [[ -f build/native/CMakeCache.txt ]] || cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build/native -j2 --target chuhan-datagen >/dev/null
    mkdir -p "$DIR/bin"
    cp build/native/chuhan-datagen "$bin.tmp" && mv "$bin.tmp" "$bin"
  fi
  echo "$bin"
}

start_job() {
  local job="$1" spec out args bin
  spec="$(job_spec "$job")"
  out="$(sed -n 1p <<<"$spec")"
  args="$(sed -n 2p <<<"$spec")"
  if [[ -n "$(job_pids "$out")" ]]; then
    echo "$job: already running"
    return
  fi
  # Generators before e08fe27 took data whose progress record a stop had emptied for a new file
  # and truncated it; the files they began still resume with them.
  if [[ -s "$out" && ! -s "$out.progress" ]]; then
    echo "data-jobs: $out holds data but $out.progress is empty or missing; move the file away to start afresh" >&2
    return 1
  fi
  [[ "$job" == master-* ]] && ensure_master_games
  mkdir -p "$(dirname "$out")"
  if [[ "$job" == anchor-* ]]; then
    local opponent="${ANCHOR:-}"
    [[ -s "$out.opponent" ]] && opponent="$(cat "$out.opponent")"
    if [[ ! -x "$opponent" || "$opponent" == *[[:space:]]* ]]; then
      echo "data-jobs: $job needs ANCHOR, the path (without spaces) of a UCI engine; '$opponent' is not one" >&2
      return 1
    fi
    echo "$opponent" >"$out.opponent"
    args+=" --opponent $opponent"
  fi
  if [[ -s "$out.commit" ]]; then
    bin="$DIR/bin/chuhan-datagen-$(cat "$out.commit")"
    if [[ ! -x "$bin" ]]; then
      echo "data-jobs: $out was begun by $bin, which is gone; move the file away to start afresh" >&2
      return 1
    fi
  else
    bin="$(current_generator)"
    echo "${bin#"$DIR/bin/chuhan-datagen-"}" >"$out.commit"
  fi
  # shellcheck disable=SC2086  # the arguments are words
  nohup nice -n 19 "$bin" $args --out "$out" >>"$out.log" 2>&1 </dev/null &
  echo "$job: started ($bin, log $out.log)"
}

# Each job's data file, as "KIND ID FILE" lines (ID: the job's seed or part, from the file name).
data_files() {
  local kind prefix out id
  for kind in "${KINDS[@]}"; do
    prefix="$DIR/${FILE_PREFIX[$kind]}"
    for out in "$prefix"*.bin; do
      [[ -f "$out" ]] || continue
      id="${out#"$prefix"}"
      echo "$kind ${id%.bin} $out"
    done
  done
}

status() {
  local any=0 kind id out job pid state games
  while read -r kind id out; do
    any=1
    job="$kind-$id"
    pid="$(job_pids "$out" | head -1)"
    state=stopped
    if [[ -n "$pid" ]]; then
      state="running (pid $pid)"
      [[ "$(ps -o stat= -p "$pid")" == T* ]] && state="paused (pid $pid)"
    fi
    games="$(cut -d' ' -f1 "$out.progress" 2>/dev/null || echo 0)"
    printf '%-14s %-22s %8s games %10s positions  %s\n' "$job" \
      "$state" "$games" "$(($(stat -c %s "$out") / 48))" \
      "commit $(cat "$out.commit" 2>/dev/null || echo '?')"
  done < <(data_files)
  [[ $any == 1 ]] || echo "no data under $DIR"
}

# Copies each data file as it stands, cut to whole 48-byte records (a job may be mid-write), to
# DEST/d-ID.bin (ID: the job's seed or part, as the rounds in README.md name their files).
snapshot() {
  local dest="$1" kind out size id any=0
  mkdir -p "$dest"
  while read -r kind id out; do
    any=1
    id="${SNAPSHOT_TAG[$kind]}$id"
    size=$(($(stat -c %s "$out") / 48 * 48))
    head -c "$size" "$out" >"$dest/d-$id.bin.part" && mv "$dest/d-$id.bin.part" "$dest/d-$id.bin"
    printf '%s <- %s: %d positions, generator %s\n' "$dest/d-$id.bin" "$out" $((size / 48)) \
      "$(cat "$out.commit" 2>/dev/null || echo '?')"
  done < <(data_files)
  [[ $any == 1 ]] || echo "no data under $DIR"
}

signal_all() {
  local pids
  pids="$(all_pids)"
  [[ -n "$pids" ]] || { echo "no job running"; return; }
  # shellcheck disable=SC2086
  kill "$1" $pids
  echo "$2: $(wc -w <<<"$pids") job(s)"
}

case "${1:-}" in
  start)
    shift
    jobs=("$@")
    [[ ${#jobs[@]} -gt 0 ]] || jobs=("${DEFAULT_JOBS[@]}")
    for job in "${jobs[@]}"; do start_job "$job"; done
    ;;
  status) status ;;
  snapshot)
    [[ -n "${2:-}" ]] || { echo "data-jobs: snapshot needs a destination folder" >&2; exit 2; }
    snapshot "$2"
    ;;
  pause) signal_all -STOP paused ;;
  resume) signal_all -CONT resumed ;;
  stop)
    signal_all -TERM stopped
    signal_all -CONT "woken to end" >/dev/null  # a paused job ends only once it runs again
    ;;
  *)
    # The usage is the header: the comment block under the shebang.
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
    exit 2
    ;;
esac
