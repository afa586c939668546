# Where the shared test data is, for the shell scripts (source this file): $CHUHAN_DATA_DIR when
# set, else ../shared/data beside the checkout. (Node: scripts/data-dir.mjs.)
#   chuhan_data_file NAME   prints the path of data file NAME, or says where it looked and fails
chuhan_data_file() {
  local root dir
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  dir="${CHUHAN_DATA_DIR:-$root/../shared/data}"
  if [[ ! -f "$dir/$1" ]]; then
    echo "$dir/$1 not found: the shared data is ../shared/data beside the checkout, or set CHUHAN_DATA_DIR" >&2
    return 1
  fi
  echo "$dir/$1"
}
