#!/bin/sh
# The autosave benchmark (Benchmarks/Autosave): time per autosave of a long
# session before and after the record cache, in one run. Not in CI.
#   Benchmarks/autosave.sh [RECORDS [BODY_KB [ROUNDS]]]     (default 1000 100 5)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
swift build -c release --package-path "$here/Autosave" --product AutosaveBench >&2
"$here/Autosave/.build/release/AutosaveBench" "${1:-1000}" "${2:-100}" "${3:-5}" "$folder"
