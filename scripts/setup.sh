#!/usr/bin/env bash
# Installs what building and testing Chuhan needs and is missing. Idempotent: a second run does
# nothing. System packages come from Debian (apt), JavaScript packages from npm.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
need() { dpkg -s "$1" >/dev/null 2>&1 || missing+=("$1"); }
updated=
install_missing() {
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
  [ -n "$updated" ] || $SUDO apt-get update -qq
  updated=1
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  missing=()
}
need cmake
need g++
need make
need libgtest-dev
need emscripten
# clang for the libFuzzer targets (scripts/dev/fuzz.sh); clang-format for scripts/dev/check-format.sh.
need clang
need clang-format
# Headless Chromium for the browser tests, and a CJK font so that its screenshots of the board
# show the pieces' Chinese characters.
if [ "${CHUHAN_SKIP_BROWSER:-}" != 1 ]; then need chromium; need fonts-wqy-microhei; fi
install_missing

# libFuzzer and the sanitizer runtimes come with clang's compiler-rt package, which clang only
# recommends; its name carries clang's major version.
clang_major=$(clang --version | sed -nE 's/.*clang version ([0-9]+).*/\1/p' | head -1)
need "libclang-rt-$clang_major-dev"
install_missing

# npm packages, exactly as package-lock.json pins them.
if [ -f package-lock.json ] && ! npm ls --depth=0 >/dev/null 2>&1; then
  echo "setup: installing npm packages"
  # A registry mirror that lacks some platform-specific optional package makes `npm ci`
  # refuse the lock; `npm install` then still installs the locked versions it can resolve.
  npm ci --no-audit --no-fund --loglevel=error || npm install --no-audit --no-fund --loglevel=error
fi
