#!/usr/bin/env bash
# The README's second command: build and run every test.
#   scripts/test.sh                 the normal build in build/
#   BUILD_DIR=build-asan CMAKE_ARGS=-DSOLDIER_SANITIZE=ON scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${BUILD_DIR:-build}"
# shellcheck disable=SC2086
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo ${CMAKE_ARGS:-}
cmake --build "$build_dir" -j"$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)"
