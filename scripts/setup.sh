#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, if any is missing.
# Run as root (or with sudo available) on Debian 12. Safe to run again: it installs nothing
# when everything is present.
# FLENG_SETUP_CHROMIUM=1 also installs Chromium, for scripts/check-report.sh.
set -euo pipefail

packages=(
  g++ cmake ninja-build make pkg-config
  flex bison
  libboost-fiber-dev libboost-context-dev
  libtbb-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libreadline-dev libcli11-dev libfmt-dev nlohmann-json3-dev
  gnuplot-nox
  valgrind
  libopenmpi-dev openmpi-bin
  python3
)
# Headless Chromium for scripts/check-report.sh (the sweep's HTML report rendered in a browser;
# ctest runs it when Chromium is found). About 300 MB, so only when asked.
if [ "${FLENG_SETUP_CHROMIUM:-0}" = 1 ]; then
  packages+=(chromium)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
