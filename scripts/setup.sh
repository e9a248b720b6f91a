#!/usr/bin/env bash
# The README's first command: install what is missing, build, and start the sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
exec build/bin/soldier "$@"
