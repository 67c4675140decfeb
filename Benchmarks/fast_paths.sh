#!/usr/bin/env bash
# The fast paths that no end-to-end benchmark measures apart, each beside its plain version in one
# binary (Benchmarks/FastPaths/main.swift; the copies name their source file). Not in CI.
#   Benchmarks/fast_paths.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$here/out"
command -v swiftc >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
swiftc -O "$here/FastPaths/main.swift" -o "$here/out/fast-paths"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$here/out/fast-paths"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
