#!/usr/bin/env bash
# Installs what the workbench needs on a Debian machine that has the Swift toolchain:
# the C libraries (libedit, libcurl) and the Python packages the end-to-end tests use.
# Safe to run again: it only installs what is missing.
set -euo pipefail

packages=(pkg-config libedit-dev libcurl4-openssl-dev)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ "${1:-}" = "--tests" ]; then
    python3 -c "import pytest, pexpect" 2>/dev/null || python3 -m pip install -q pytest pexpect
fi
