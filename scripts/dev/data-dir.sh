# Where the shared test data is, for the shell scripts (source this file). (Node:
# scripts/dev/data-dir.mjs, which follows the same order.)
#   chuhan_data_dir         prints the directory: $CHUHAN_DATA_DIR when set, else ../shared/data
#                           beside the checkout, else ../shared/data beside the repository this
#                           checkout was cloned from (a clone in /tmp of a checkout that has the
#                           data beside it), else the first of these
#   chuhan_data_file NAME   prints the path of data file NAME, or says where it looked and fails
chuhan_data_dir() {
  if [[ -n "${CHUHAN_DATA_DIR:-}" ]]; then
    echo "$CHUHAN_DATA_DIR"
    return
  fi
  local root origin
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  origin="$(git -C "$root" config --get remote.origin.url 2>/dev/null || true)"
  if [[ ! -d "$root/../shared/data" && -d "$origin/../shared/data" ]]; then
    (cd "$origin/../shared/data" && pwd)
  else
    echo "$root/../shared/data"
  fi
}

chuhan_data_file() {
  local dir
  dir="$(chuhan_data_dir)"
  if [[ ! -f "$dir/$1" ]]; then
    echo "$dir/$1 not found: the shared data is ../shared/data beside the checkout (or beside the repository it was cloned from), or set CHUHAN_DATA_DIR" >&2
    return 1
  fi
  echo "$dir/$1"
}
