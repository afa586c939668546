#!/usr/bin/env bash
# Checks that every C++ file of the repository is formatted as .clang-format says (npm test runs
# it). With --fix, formats them instead.
set -euo pipefail
cd "$(dirname "$0")/../.."

mapfile -t files < <(git ls-files -- '*.cpp' '*.h')

if [[ "${1:-}" == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}"; then
  echo "check-format: the files above are not formatted as .clang-format says (scripts/dev/check-format.sh --fix)" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
