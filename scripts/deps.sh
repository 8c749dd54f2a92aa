#!/usr/bin/env bash
# Installs the Debian packages asterism needs to build and test, if any are
# missing. Safe to run again: it does nothing when everything is present.
#
#   bash scripts/deps.sh                  build and run (scripts/start.sh)
#   bash scripts/deps.sh --browser-tests  also chromium for the browser
#                                         tests (scripts/test.sh)
set -euo pipefail

# clang and libclang-rt-14-dev (libFuzzer and the sanitizer runtimes for
# clang 14, Debian 12) build the fuzz targets. cpp-httplib's client talks to
# `asterism serve` in the socket tests; pkg-config finds its flags. python3
# runs the abuse test (tests/abuse/), standard library only. pybind11, numpy
# and pytest build and test the Python module (docs/python.md), for
# Debian's own python3; python3-venv installs it without the network.
# universal-ctags measures function lengths (scripts/check-function-length.sh).
# libsqlite3-dev: the server keeps its games in SQLite (src/store); libssl-dev:
# SHA-256 digests of the online seats' secrets. nginx: the proxy test
# (tests/process/nginx_test.sh) runs the nginx example of docs/server.md.
# libjemalloc-dev: the asterism program's allocator (apps/asterism/CMakeLists.txt).
# libargon2-dev, libcbor-dev: accounts' passwords (argon2id) and passkeys (WebAuthn's CBOR; docs/accounts.md).
# libicu-dev: free text kept in NFC and checked by its characters, and names by their confusables
# skeletons (src/server/text.cpp, accounts/names.cpp); libcrack2-dev and cracklib-runtime (its
# dictionary, needed at run time too): new passwords are checked against cracklib's word list.
# python3-cryptography: the push service of the Web Push tests decrypts with it.
# dpkg-dev (dpkg-shlibdeps: the package's dependencies), lintian and curl:
# the Debian package is built, checked and started (scripts/package-test.sh).
# libopenmpi-dev and openmpi-bin: asterism-mpi spreads match games over the
# ranks of an MPI job (docs/mpi.md); without them only that binary is skipped.
packages=(cmake ninja-build g++ make libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
          nlohmann-json3-dev clang-format clang libclang-rt-14-dev libcpp-httplib-dev pkg-config
          python3 python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest
          python3-setuptools python3-wheel python3-pip python3-venv universal-ctags
          libsqlite3-dev libssl-dev nginx libjemalloc-dev libopenmpi-dev openmpi-bin
          libargon2-dev libcbor-dev libicu-dev libcrack2-dev cracklib-runtime
          python3-cryptography dpkg-dev lintian curl)
# The page's own engine (the wasm preset, docs/wasm.md), which scripts/start.sh
# builds with the server, is made with Debian's emscripten, whose JavaScript
# tools need node-acorn. Node and npm come from Debian only when there are
# none yet (a machine may have a newer node with its own npm, which Debian's
# npm would clash with).
packages+=(emscripten node-acorn)
command -v node >/dev/null || packages+=(nodejs)
if [ "${1:-}" = "--browser-tests" ]; then
  # The browser tests drive Debian's chromium with playwright-core from npm.
  packages+=(chromium)
  command -v npm >/dev/null || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
