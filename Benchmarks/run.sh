#!/usr/bin/env bash
# Workbench benchmarks, side by side with curl, HTTPie and jq in the same run.
#
#   Benchmarks/run.sh [--quick] [--only abcd] [--keep-files] [--baseline REV]
#
# --baseline REV (a commit, branch or tag, e.g. `--baseline main` or `--baseline b9f5a31`)
# also builds that commit in a detached git worktree under /tmp (workbench-baseline-<sha>,
# kept and reused by later runs; `git worktree remove` it when done) with the same release
# build, and times it side by side with this tree in the same run: start-up, the 400 GETs
# and the 40 MB body, with ratios this tree / previous. BASELINE_BIN=path uses a binary
# instead of building one.
#
# Builds the release binary (`swift build -c release --static-swift-stdlib --product workbench` from the repo
# root; set WORKBENCH_BIN to use another binary instead, or SWIFT_SCRATCH_PATH to build
# into another directory), installs the tools that are missing (curl, jq, hyperfine, GNU
# time from Debian; HTTPie from PyPI), then runs Benchmarks/bench.py, which measures:
#   a. start-up: `workbench --version` vs `curl --version`
#   b. script mode: 10,000 building commands then `show`, from stdin
#   c. 400 sequential GETs on a local keep-alive server: workbench script vs one curl
#      process vs HTTPie (a sample of separate runs, extrapolated)
#   d. the 40 MB JSON response pretty-printed with colour to a file, vs jq and HTTPie,
#      and the workbench's peak memory
# and prints a summary table (ratio = workbench / tool; PASS/MISS against the goals is
# informational). Exit status 0 whatever the figures; 2 when a benchmark could not run.
# Scratch files, results.json and last-run.txt go to Benchmarks/out/ (ignored by git).
#
# Never run in CI: timings depend on the machine and on what else it is doing.
# Network traffic goes only to the benchmark's own server on 127.0.0.1.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$here/out"
mkdir -p "$out"

say() { printf 'run.sh: %s\n' "$*" >&2; }

baseline_rev=""
pass=()
while [ "$#" -gt 0 ]; do
    case "$1" in
        --baseline) [ "$#" -ge 2 ] || { say "--baseline needs a commit"; exit 1; }; baseline_rev="$2"; shift 2 ;;
        --baseline=*) baseline_rev="${1#*=}"; shift ;;
        *) pass+=("$1"); shift ;;
    esac
done
set -- ${pass[@]+"${pass[@]}"}

# --- tools ------------------------------------------------------------------------------
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

missing=()
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v jq >/dev/null 2>&1 || missing+=(jq)
command -v hyperfine >/dev/null 2>&1 || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing ${missing[*]} (apt-get)"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# HTTPie: run its script from the interpreter's own bin directory, not through a version
# manager's shim (a pyenv shim is a bash script that adds ~50 ms to every run).
find_httpie() {
    local dir
    for dir in "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null)" \
               "$(python3 -c 'import site, os; print(os.path.join(site.getuserbase(), "bin"))' 2>/dev/null)" \
               "$out/httpie-venv/bin"; do
        if [ -n "$dir" ] && [ -x "$dir/http" ]; then
            echo "$dir/http"
            return 0
        fi
    done
    command -v http 2>/dev/null
}
if ! http_bin="$(find_httpie)"; then
    say "installing HTTPie (python3 -m pip install httpie)"
    if ! python3 -m pip install -q httpie >/dev/null; then
        say "pip install failed (an externally managed Python?); using a virtual environment"
        python3 -m venv "$out/httpie-venv"
        "$out/httpie-venv/bin/python" -m pip install -q httpie >/dev/null
    fi
    http_bin="$(find_httpie)" || { say "cannot find HTTPie's 'http' after installing it"; exit 1; }
fi

# --- the binary ---------------------------------------------------------------------------
if [ -n "${WORKBENCH_BIN:-}" ]; then
    workbench="$WORKBENCH_BIN"
    [ -x "$workbench" ] || { say "WORKBENCH_BIN=$workbench is not an executable"; exit 1; }
    say "using WORKBENCH_BIN=$workbench (not building)"
else
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    build=(swift build -c release --static-swift-stdlib --product workbench)
    [ -z "${SWIFT_SCRATCH_PATH:-}" ] || build+=(--scratch-path "$SWIFT_SCRATCH_PATH")
    say "building: ${build[*]}"
    cd "$root"
    # Someone saving a source file mid-build makes SwiftPM give up; try again a little later.
    for attempt in 1 2 3; do
        if "${build[@]}" >"$out/build.log" 2>&1; then
            break
        fi
        if [ "$attempt" -lt 3 ] && grep -q "was modified during the build" "$out/build.log"; then
            say "a source file changed during the build; retrying in 20 s"
            sleep 20
            continue
        fi
        tail -n 30 "$out/build.log" >&2
        say "build failed (full log: $out/build.log)"
        exit 1
    done
    workbench="$("${build[@]}" --show-bin-path)/workbench"
fi

# --- the previous commit's binary, to time side by side ------------------------------------
baseline_args=()
if [ -n "${BASELINE_BIN:-}" ]; then
    [ -x "$BASELINE_BIN" ] || { say "BASELINE_BIN=$BASELINE_BIN is not an executable"; exit 1; }
    baseline_args=(--baseline "$BASELINE_BIN" --baseline-label "${baseline_rev:-$BASELINE_BIN}")
elif [ -n "$baseline_rev" ]; then
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    sha="$(git -C "$root" rev-parse --verify --short=7 "$baseline_rev^{commit}")" \
        || { say "--baseline $baseline_rev: not a commit"; exit 1; }
    tree="/tmp/workbench-baseline-$sha"
    if [ ! -d "$tree" ]; then
        say "checking out $sha in $tree (git worktree, detached)"
        git -C "$root" worktree add --detach "$tree" "$sha" >/dev/null
    fi
    [ "$(git -C "$tree" rev-parse --short=7 HEAD)" = "$sha" ] || { say "$tree is not at $sha; remove it"; exit 1; }
    base_build=(swift build -c release --static-swift-stdlib --product workbench)
    say "building the baseline $sha: ${base_build[*]} (in $tree)"
    if ! (cd "$tree" && "${base_build[@]}" >"$out/build-baseline.log" 2>&1); then
        tail -n 30 "$out/build-baseline.log" >&2
        say "baseline build failed (full log: $out/build-baseline.log)"
        exit 1
    fi
    baseline_args=(--baseline "$(cd "$tree" && "${base_build[@]}" --show-bin-path)/workbench" --baseline-label "$([ "$baseline_rev" = "$sha" ] && echo "$sha" || echo "$baseline_rev ($sha)")")
fi

# The output is also kept in Benchmarks/out/last-run.txt.
status=0
python3 "$here/bench.py" --workbench "$workbench" --http "$(printf '%q' "$http_bin")" --out "$out" \
    ${baseline_args[@]+"${baseline_args[@]}"} "$@" \
    2>&1 | tee "$out/last-run.txt" || status=$?
exit "$status"
