#!/usr/bin/env bash
# Checks that every C++ file of the repository is formatted as .clang-format says (npm test runs
# it). With --fix, formats them instead.
set -euo pipefail
cd "$(dirname "$0")/.."

# Files not checked yet: the search and evaluation, changed by the strength work under way; they
# are formatted (and this list emptied) when that work lands.
excluded=(
  'core/search.*' 'core/evaluate.*' 'core/eval_params.*' 'core/movepick.*' 'core/see.*'
  'core/tt.*' 'core/timeman.*' 'core/tune.*' 'scripts/tune/*'
)
pathspecs=('*.cpp' '*.h')
for pattern in "${excluded[@]}"; do pathspecs+=(":(exclude,glob)$pattern"); done
mapfile -t files < <(git ls-files -- "${pathspecs[@]}")

if [[ "${1:-}" == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}"; then
  echo "check-format: the files above are not formatted as .clang-format says (scripts/check-format.sh --fix)" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
