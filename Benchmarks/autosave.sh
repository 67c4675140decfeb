#!/bin/sh
# The autosave benchmark (Benchmarks/Autosave): time per autosave of a long
# session, the whole file against the journal, in one run. Not in CI.
#   Benchmarks/autosave.sh [SIZES [BODY_BYTES [ROUNDS]]]   (default 1000,10000,100000 200 20)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
swift build -c release --package-path "$here/Autosave" --product AutosaveBench >&2
"$here/Autosave/.build/release/AutosaveBench" "${1:-1000,10000,100000}" "${2:-200}" "${3:-20}" "$folder"
