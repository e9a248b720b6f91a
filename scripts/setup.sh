#!/usr/bin/env bash
# The README's first command: install what is missing, build, and start the sandbox.
#   scripts/setup.sh                                  the window
#   scripts/setup.sh --quit-after 5 --screenshot a.png   (any flags of `soldier play`)
# Without a display the window cannot open: with --quit-after it runs under a virtual
# display (xvfb-run, installed with the other packages) and ends by itself; without it,
# setup stops after the build and says what works here.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}${SDL_VIDEODRIVER:-}" ]; then
  exec build/bin/soldier "$@"
fi
for arg in "$@"; do
  if [ "$arg" = "--quit-after" ]; then
    echo "setup: no display here: running the sandbox under a virtual display (xvfb-run)" >&2
    exec xvfb-run -a -s "-screen 0 1280x720x24 -nolisten tcp" build/bin/soldier "$@"
  fi
done
echo "setup: built into build/bin/. No display here, so the window was not opened:" \
     "try build/bin/soldier render --help (headless frames), or" \
     "scripts/setup.sh --quit-after 5 --screenshot a.png (runs under xvfb-run)." >&2
