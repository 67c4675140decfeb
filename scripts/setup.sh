#!/usr/bin/env bash
# Installs what the workbench needs on a Debian machine that has the Swift toolchain:
# the C libraries (libedit, libcurl), and with --tests what the end-to-end tests use
# (pytest and pexpect, httpbin and waitress, an HTTP/2 server, openssl for certificates,
# tinyproxy and pproxy, HTTPie, tmux).
# Safe to run again: it only installs what is missing.
set -euo pipefail

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

# libssl-dev: libcrypto's headers (SHA-256 for `auth oauth2 code`; libcurl already links it).
# binutils: strip, for `make install`.
install_missing pkg-config libedit-dev libcurl4-openssl-dev libssl-dev binutils

if [ "${1:-}" = "--tests" ]; then
    # less: the default pager, which the pseudo-terminal tests drive; tinyproxy: the HTTP proxy of the network tests.
    # chromium: the headless browser that opens the HTML replay report. tmux: the terminal that
    # re-wraps its rows at a resize, which the REPL's resize tests drive. zstd: compresses the
    # body the content-negotiation test decodes.
    install_missing nghttp2-server openssl less tinyproxy chromium tmux zstd
    python3 -c "import pytest, pexpect" 2>/dev/null || python3 -m pip install -q pytest pexpect
    # pyte: the terminal emulator that reads back what the REPL's screen shows.
    python3 -c "import pyte" 2>/dev/null || python3 -m pip install -q pyte
    # httpbin under waitress: the third-party peer of the cookie, auth and upload tests.
    python3 -c "import httpbin, waitress" 2>/dev/null || python3 -m pip install -q httpbin waitress
    # flasgger beside httpbin: httpbin then serves its Swagger 2.0 description at /spec.json (the openapi tests).
    python3 -c "import flasgger" 2>/dev/null || python3 -m pip install -q flasgger
    # pproxy: the SOCKS5 proxy of the network tests (tinyproxy, above, is the HTTP one).
    python3 -c "import pproxy" 2>/dev/null || python3 -m pip install -q pproxy
    # ariadne (on graphql-core) under waitress: the GraphQL server of the graphql tests.
    python3 -c "import ariadne" 2>/dev/null || python3 -m pip install -q ariadne
    # jsonschema: the independent validator the OpenAPI tests check `body example`s with.
    python3 -c "import jsonschema" 2>/dev/null || python3 -m pip install -q jsonschema
    # HTTPie runs the commands `export httpie` writes.
    command -v http >/dev/null 2>&1 || python3 -m pip install -q httpie
    # Authlib: the OAuth 2.0 authorization server of the oauth2 tests; botocore: the AWS SigV4 verifier's signer.
    python3 -c "import authlib, flask" 2>/dev/null || python3 -m pip install -q authlib flask
    python3 -c "import botocore" 2>/dev/null || python3 -m pip install -q botocore
    # xmlschema: validates the JUnit replay report against Jenkins' schema (Tests/Fixtures/JUnit);
    # perl's TAP::Parser (perl-modules, what `prove` uses) reads the TAP report.
    python3 -c "import xmlschema" 2>/dev/null || python3 -m pip install -q xmlschema
    install_missing perl
fi
