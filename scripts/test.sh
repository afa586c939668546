#!/usr/bin/env bash
# Everything `npm test` runs: set up, build native, run the GoogleTest suite.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

echo "== native build"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"

echo "== native tests"
ctest --test-dir build/native --output-on-failure -j"$(nproc)"
