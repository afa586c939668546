#!/usr/bin/env bash
# Builds the WebAssembly module with Emscripten (Debian's emscripten package, 3.1.6):
#   build/wasm/            the CMake build tree (emcmake), Release
#   wasm/dist/chuhan.mjs   the Emscripten glue (ES module factory, web/worker environment)
#   wasm/dist/chuhan.wasm  the module
#   wasm/dist/chuhan-cli.{mjs,wasm}  the module of the `chuhan` command (wasm/cli/)
#   build/wasm-mt/, wasm/dist/chuhan-mt.{mjs,wasm,worker.js}  the threaded module (-pthread, shared
#                          memory), loaded by the JS API only when asked for more than one thread
# wasm/dist/ is where the npm package and the web app load them from (gitignored; the copy is a
# post-build step of wasm/CMakeLists.txt, so `cmake --build build/wasm` alone also refreshes it).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v emcmake >/dev/null; then
  echo "build-wasm: emcmake not found; run scripts/setup.sh (installs Debian's emscripten)" >&2
  exit 1
fi
# Debian's emcc runs its JS optimiser with the system Node, which finds acorn only here.
export NODE_PATH=/usr/share/nodejs

emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j2
emcmake cmake -S . -B build/wasm-mt -DCMAKE_BUILD_TYPE=Release -DCHUHAN_THREADS=ON >/dev/null
cmake --build build/wasm-mt -j2

for f in wasm/dist/chuhan.mjs wasm/dist/chuhan.wasm wasm/dist/chuhan-cli.mjs wasm/dist/chuhan-cli.wasm \
  wasm/dist/chuhan-mt.mjs wasm/dist/chuhan-mt.wasm wasm/dist/chuhan-mt.worker.js; do
  [[ -s "$f" ]] || { echo "build-wasm: $f is missing" >&2; exit 1; }
done
echo "build-wasm: $(stat -c %s wasm/dist/chuhan.wasm) bytes chuhan.wasm, $(stat -c %s wasm/dist/chuhan.mjs) bytes chuhan.mjs, $(stat -c %s wasm/dist/chuhan-mt.wasm) bytes chuhan-mt.wasm in wasm/dist/"
