#!/usr/bin/env bash
# Installs the Debian packages the project builds and tests with, and only those missing:
# when everything is present it does nothing (no apt-get update, no network).
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libsdl2-dev libglm-dev libstb-dev doctest-dev
  libimgui-dev libtomlplusplus-dev libcli11-dev
  xvfb xauth   # the window test runs under a virtual display
  ffmpeg       # soldier render --out FILE.mp4|.gif encodes frames with it
  clang libclang-rt-14-dev   # the fuzz target (fuzz/, -DSOLDIER_FUZZ=ON): clang's libFuzzer
  libbox2d-dev # bench_ragdoll's peer (Box2D 2.4); optional: the build skips that mode without it
  libcairo2-dev # bench_raster --vs-cairo's peer; optional: the build skips that mode without it
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
