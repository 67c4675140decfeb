#!/usr/bin/env bash
# Installs what the workbench needs on a Debian machine that has the Swift toolchain: the
# Debian packages of scripts/debian-packages.txt (`build` ones; with --tests the `tests` ones
# too; with --bench the `bench` ones, the peers of Benchmarks/bench_vs_wrk.py), and with --tests the Python test tools of Tests/requirements.txt, pinned, into .venv/ (and Locust, of
# Tests/requirements-locust.txt, into .venv-locust/)
# in the checkout (never the system Python).
# Safe to run again: it only installs what is missing, and the virtual environment only
# again when Tests/requirements.txt changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# install_missing PACKAGE...: apt-get installs those not installed yet.
install_missing() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ "${#missing[@]}" -gt 0 ] || return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# packages WHEN: the packages of scripts/debian-packages.txt needed WHEN (build, tests or bench).
packages() {
    awk -v when="$1" '$1 == when { print $2 }' scripts/debian-packages.txt
}

# shellcheck disable=SC2046 # one word a package
install_missing $(packages build)

if [ "${1:-}" = "--bench" ]; then
    # shellcheck disable=SC2046
    install_missing $(packages bench)
fi

if [ "${1:-}" = "--tests" ]; then
    # shellcheck disable=SC2046
    install_missing $(packages tests)
    # .venv/requirements.txt is the copy it was last made from: made again only when they differ.
    if ! cmp -s Tests/requirements.txt .venv/requirements.txt; then
        echo "setup: installing the test tools of Tests/requirements.txt into .venv/"
        rm -rf .venv
        python3 -m venv .venv
        .venv/bin/python -m pip install -q --disable-pip-version-check -r Tests/requirements.txt
        cp Tests/requirements.txt .venv/requirements.txt
    fi
    # Locust in its own environment (why: Tests/requirements-locust.txt), made again when its list changed.
    if ! cmp -s Tests/requirements-locust.txt .venv-locust/requirements.txt; then
        echo "setup: installing Locust of Tests/requirements-locust.txt into .venv-locust/"
        rm -rf .venv-locust
        python3 -m venv .venv-locust
        .venv-locust/bin/python -m pip install -q --disable-pip-version-check -r Tests/requirements-locust.txt
        cp Tests/requirements-locust.txt .venv-locust/requirements.txt
    fi
fi
