#!/usr/bin/env bash
# Regenerates Linking/link-order.txt, the symbol ordering file the release link gives lld
# (see Package.swift): the functions the workbench runs when it starts, sends a few GETs and
# prints them, so that the linker places them next to each other and start-up touches a few
# pages of the binary's code instead of hundreds of scattered ones (the kernel maps 64 KiB
# around every page fault, so scattered code costs memory, not only time).
#
#   scripts/link_order.sh            # builds the release binary, writes the list, relinks with it
#   scripts/link_order.sh BINARY     # only writes the list, from that release binary (the build
#                                    # relinks once the binary is removed: SwiftPM does not
#                                    # know the link reads the list)
#
# The list only orders: a name that no longer exists is ignored by the linker, so a stale list
# still links (only less well). Regenerate it after large changes to what start-up runs.
#
# How: the binary, without its debug information (valgrind cannot read DWARF 5), runs under
# callgrind for `--version` and for a script (base, two small GETs against
# Benchmarks/bench_server.py, `show`, the 40 MB JSON body); every function callgrind saw is kept if the binary
# defines it once: start-up's first, then the rest.
set -euo pipefail
export LC_ALL=C   # one collation for sort and comm, and the same list on every machine

root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/Linking/link-order.txt"

command -v valgrind >/dev/null 2>&1 || {
    echo "link_order: valgrind is needed (apt-get install valgrind)" >&2
    exit 1
}

build=(swift build -c release --static-swift-stdlib --product workbench)
if [ "$#" -ge 1 ]; then
    bin="$1"
else
    (cd "$root" && "${build[@]}")
    bin="$(cd "$root" && "${build[@]}" --show-bin-path)/workbench"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

strip --strip-debug -o "$work/workbench" "$bin"

python3 "$root/Benchmarks/bench_server.py" >"$work/server.out" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 100); do
    port="$(awk '$1 == "PORT" { print $2 }' "$work/server.out")"
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "link_order: the benchmark server did not start" >&2; exit 1; }

# /big.json (40 MB) for what a large body adds: checking it on a second thread while it
# arrives, and formatting it on another while the output is written.
printf 'base http://127.0.0.1:%s\nget /item/1\nget /item/2\nshow\nget /big.json\n' "$port" >"$work/script.wb"

# profile NAME ARGS... < INPUT: one callgrind run, its output in $work/NAME.out.
profile() {
    local name="$1"
    shift
    valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no \
        --callgrind-out-file="$work/$name.out" "$work/workbench" "$@" >/dev/null 2>"$work/$name.log" || {
        tail -n 20 "$work/$name.log" >&2
        echo "link_order: the run under valgrind failed ($name)" >&2
        exit 1
    }
}
profile version --version </dev/null
profile script --color always <"$work/script.wb"

# The functions the binary defines once (text symbols, local or global, weak included). A name
# defined in several objects (a generic specialization each module made for itself) is left
# out: the linker would move every copy, and with them the whole code of each object that was
# not compiled with one section per function (the Swift runtime's Foundation, packages).
nm --defined-only "$work/workbench" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort | uniq -u >"$work/defined"

# called NAME: the functions callgrind named in that run that the binary defines once, sorted
# (callgrind's own order changes from run to run; sorted, a regenerated list diffs cleanly).
called() {
    sed -n 's/^c\{0,1\}fn=\(([0-9]*) \)\{0,1\}//p' "$work/$1.out" | sort -u | comm -12 - "$work/defined"
}
# Start-up's functions first, then those the requests add.
called version >"$work/order"
called script | comm -23 - <(sort "$work/order") >>"$work/order"

count="$(wc -l <"$work/order")"
[ "$count" -gt 100 ] || { echo "link_order: only $count functions found; list left as it was" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
mv "$work/order" "$out"
echo "link_order: $count functions in ${out#"$root"/}"

# The build does not know the link depends on the list: without the binary it links again.
if [ "$#" -eq 0 ]; then
    rm -f "$bin"
    (cd "$root" && "${build[@]}")
fi
