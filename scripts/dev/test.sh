#!/usr/bin/env bash
# Everything `npm test` runs: set up, check the C++ formatting, build native, run the GoogleTest
# suite, build the WebAssembly module, type-check index.d.ts against a typed example (tsc), run
# the JS tests: wasm/test/ (the API under Node worker_threads, the bench signature against the
# native binary, and the packed npm package built by Vite in headless Chromium;
# CHUHAN_SKIP_BROWSER=1 skips the browser part), www/test/ (the web app: its pure modules under
# Node, the served app in headless Chromium) and scripts/tests/. Then the robustness runs: the
# native tests again with AddressSanitizer + UBSan and asserts on (build/sanitize: -O2 without
# NDEBUG, so Position checks itself after every undo; x86-64-v2, so that the network's SSE
# kernel is compared with the scalar one where the release build, x86-64-v3 on a CPU with AVX2,
# compares the AVX2 kernel), the multi-threaded search tests under
# ThreadSanitizer, each libFuzzer target for
# CHUHAN_FUZZ_SECONDS (20) and a 10-game soak of the wasm engine.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/setup.sh

# The native tests read the data from the directory the scripts find (scripts/dev/data-dir.sh).
source scripts/dev/data-dir.sh
CHUHAN_DATA_DIR="$(chuhan_data_dir)"
export CHUHAN_DATA_DIR

echo "== format"
bash scripts/dev/check-format.sh

echo "== native build"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"

echo "== native tests"
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

echo "== wasm build"
bash scripts/dev/build-wasm.sh

echo "== types (tsc --noEmit on wasm/test/types/example.ts)"
node node_modules/typescript/bin/tsc -p wasm/test/types

echo "== JS tests"
shopt -s nullglob
js_tests=(wasm/test/*.test.mjs www/test/*.test.mjs scripts/tests/*.test.mjs)
node --test --test-reporter=spec "${js_tests[@]}"

echo "== native tests with AddressSanitizer + UBSan"
cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g" \
  -DCHUHAN_SANITIZE=ON -DCHUHAN_X86_64_V3=OFF >/dev/null
cmake --build build/sanitize -j"$(nproc)" --target chuhan chuhan_tests chuhan-nnue-train chuhan-datagen >/dev/null
ctest --test-dir build/sanitize --output-on-failure -j"$(nproc)"

echo "== multi-threaded search tests with ThreadSanitizer"
cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCHUHAN_TSAN=ON >/dev/null
cmake --build build/tsan -j"$(nproc)" --target chuhan_thread_tests >/dev/null
TSAN_OPTIONS="halt_on_error=1" build/tsan/native-tests/chuhan_thread_tests

echo "== fuzz (${CHUHAN_FUZZ_SECONDS:-20} s per target)"
bash scripts/dev/fuzz.sh "${CHUHAN_FUZZ_SECONDS:-20}"

echo "== soak (10 games)"
node --expose-gc scripts/dev/soak.mjs --games 10
