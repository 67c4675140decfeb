#!/usr/bin/env bash
# This tree against an earlier commit, side by side in one run: start-up, the 3,200-GET loop
# and the 40 MB JSON print (Benchmarks/against_revision.py), with the ratio HEAD / REV.
#
#   Benchmarks/against_revision.sh REV [--rounds N]
#
# Builds REV in release in a temporary git worktree outside the repository (removed
# afterwards; only its binary is kept, in a temporary folder, until the run ends), builds this
# tree in release, then alternates the two binaries round by round. Release builds use `-j 1`
# (the machine is shared); REV_BIN=path skips building REV, HEAD_BIN=path skips building this
# tree. Never run in CI: the figures depend on the machine and on what else it is doing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
say() { printf 'against_revision.sh: %s\n' "$*" >&2; }

[ "$#" -ge 1 ] || { say "usage: Benchmarks/against_revision.sh REV [--rounds N]"; exit 1; }
rev="$1"
shift
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
sha="$(git -C "$root" rev-parse --verify --short=7 "$rev^{commit}")" || { say "$rev: not a commit"; exit 1; }
head_sha="$(git -C "$root" rev-parse --short=7 HEAD)"
[ -z "$(git -C "$root" status --porcelain -- Sources Package.swift)" ] || head_sha="$head_sha+changes"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/workbench-against-$sha.XXXXXX")"
tree="$scratch/tree"
cleanup() {
    if [ -d "$tree" ]; then
        git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
    fi
    git -C "$root" worktree prune >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT

build=(swift build -c release --static-swift-stdlib --product workbench -j 1)

# Builds in the current folder; prints the binary's path. A source saved mid-build makes SwiftPM
# give up, so that one failure is retried.
build_here() {
    local log="$1" attempt
    for attempt in 1 2 3; do
        if "${build[@]}" >"$log" 2>&1; then
            echo "$("${build[@]}" --show-bin-path)/workbench"
            return 0
        fi
        if [ "$attempt" -lt 3 ] && grep -q "was modified during the build" "$log"; then
            sleep 20
            continue
        fi
        tail -n 30 "$log" >&2
        say "build failed (log: $log)"
        return 1
    done
}

if [ -n "${REV_BIN:-}" ]; then
    [ -x "$REV_BIN" ] || { say "REV_BIN=$REV_BIN is not an executable"; exit 1; }
    rev_bin="$REV_BIN"
    sha="$sha ($REV_BIN)"
else
    say "building $sha in release, in $tree"
    git -C "$root" worktree add --detach "$tree" "$sha" >/dev/null
    built="$(cd "$tree" && build_here "$scratch/build-rev.log")"
    rev_bin="$scratch/workbench-$sha"
    cp "$built" "$rev_bin"
    git -C "$root" worktree remove --force "$tree"
fi

if [ -n "${HEAD_BIN:-}" ]; then
    [ -x "$HEAD_BIN" ] || { say "HEAD_BIN=$HEAD_BIN is not an executable"; exit 1; }
    head_bin="$HEAD_BIN"
    head_sha="$HEAD_BIN"
else
    say "building this tree ($head_sha) in release"
    head_bin="$(cd "$root" && build_here "$scratch/build-head.log")"
fi

python3 "$here/against_revision.py" --head "$head_bin" --head-label "$head_sha" \
    --rev "$rev_bin" --rev-label "$sha" "$@"
