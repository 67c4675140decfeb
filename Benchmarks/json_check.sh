#!/usr/bin/env bash
# How fast the JSON body check is, in isolation (Benchmarks/JSONCheck): the
# 40 MB benchmark document checked in one go and in 16 KiB pieces, in the
# thread's CPU time. With --baseline REV, the same harness built against that
# commit (checked out as run.sh does, in /tmp/workbench-baseline-<sha>) runs
# side by side, in alternating rounds, and the ratios are printed. Not in CI.
#   Benchmarks/json_check.sh [--baseline REV] [ROUNDS]      (default 7 per run, 3 runs each)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$here/out"
mkdir -p "$out"
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"

baseline_rev=""
if [ "${1:-}" = "--baseline" ]; then baseline_rev="$2"; shift 2; fi
rounds="${1:-7}"

document="$out/big.json"
if [ ! -f "$document" ]; then
    python3 -c "import sys; sys.path.insert(0, sys.argv[1]); import bench_server; open(sys.argv[2], 'wb').write(bench_server.make_big(40))" \
        "$here" "$document"
fi

swift build -c release --package-path "$here/JSONCheck" --product JSONCheckBench >&2
current="$here/JSONCheck/.build/release/JSONCheckBench"

previous=""
if [ -n "$baseline_rev" ]; then
    sha="$(git -C "$root" rev-parse --verify --short=7 "$baseline_rev^{commit}")"
    tree="/tmp/workbench-baseline-$sha"
    [ -d "$tree" ] || git -C "$root" worktree add --detach "$tree" "$sha" >/dev/null
    # The harness of this tree, pointed at the baseline's core.
    harness="/tmp/workbench-jsoncheck-$sha"
    mkdir -p "$harness"
    cp -R "$here/JSONCheck/Sources" "$harness/"
    sed "s|path: \"../..\"|path: \"$tree\"|" "$here/JSONCheck/Package.swift" > "$harness/Package.swift"
    swift build -c release --package-path "$harness" --product JSONCheckBench >&2
    previous="$harness/.build/release/JSONCheckBench"
fi

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
best() { sort -g | head -1; }
whole_now=(); pieces_now=(); whole_before=(); pieces_before=()
for run in 1 2 3; do
    result="$("$current" "$document" "$rounds")"
    echo "$result" | grep -q '^verdict valid$' || { echo "$result"; exit 2; }
    whole_now+=("$(echo "$result" | awk '/^whole/{print $2}')")
    pieces_now+=("$(echo "$result" | awk '/^pieces/{print $2}')")
    if [ -n "$previous" ]; then
        result="$("$previous" "$document" "$rounds")"
        echo "$result" | grep -q '^verdict valid$' || { echo "$result"; exit 2; }
        whole_before+=("$(echo "$result" | awk '/^whole/{print $2}')")
        pieces_before+=("$(echo "$result" | awk '/^pieces/{print $2}')")
    fi
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
# The fastest of the runs' medians: the figure least disturbed by the other users of the machine.
report() {
    local label="$1" now before
    now="$(printf '%s\n' "${@:2:3}" | best)"
    if [ -n "$previous" ]; then
        before="$(printf '%s\n' "${@:5:3}" | best)"
        python3 -c "import sys; n, b = float(sys.argv[2]), float(sys.argv[3]); print('%-18s this tree %6.1f ms (%4.0f MB/s)   %s %6.1f ms   %.2fx faster' % (sys.argv[1], n * 1e3, 40.0 / n, sys.argv[4], b * 1e3, b / n))" \
            "$label" "$now" "$before" "$baseline_rev"
    else
        python3 -c "import sys; n = float(sys.argv[2]); print('%-18s %6.1f ms (%4.0f MB/s)' % (sys.argv[1], n * 1e3, 40.0 / n))" "$label" "$now"
    fi
}
report "one piece" "${whole_now[@]}" ${whole_before[@]+"${whole_before[@]}"}
report "16 KiB pieces" "${pieces_now[@]}" ${pieces_before[@]+"${pieces_before[@]}"}
