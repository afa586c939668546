#!/usr/bin/env bash
# Builds the WebAssembly module with Emscripten (Debian's emscripten package, 3.1.6):
#   build/wasm/            the CMake build tree (emcmake), Release
#   wasm/dist/chuhan.mjs   the Emscripten glue (ES module factory, web/worker environment)
#   wasm/dist/chuhan.wasm  the module
#   wasm/dist/chuhan-cli.{mjs,wasm}  the module of the `chuhan` command (wasm/cli/)
# wasm/dist/ is where the npm package and the web app load them from (gitignored; the copy is a
# post-build step of wasm/CMakeLists.txt, so `cmake --build build/wasm` alone also refreshes it).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v emcmake >/dev/null; then
  echo "build-wasm: emcmake not found; run scripts/setup.sh (installs Debian's emscripten)" >&2
  exit 1
fi
# Debian's emcc runs its JS optimiser with the system Node, which finds acorn only here.
export NODE_PATH=/usr/share/nodejs

emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j2

for f in wasm/dist/chuhan.mjs wasm/dist/chuhan.wasm wasm/dist/chuhan-cli.mjs wasm/dist/chuhan-cli.wasm; do
  [[ -s "$f" ]] || { echo "build-wasm: $f is missing" >&2; exit 1; }
done
echo "build-wasm: $(stat -c %s wasm/dist/chuhan.wasm) bytes chuhan.wasm, $(stat -c %s wasm/dist/chuhan.mjs) bytes chuhan.mjs in wasm/dist/"
