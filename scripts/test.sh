#!/usr/bin/env bash
# `make test`: the whole suite in phases, each one's time printed as it ends and all of them
# at the close, so a slow run says where its time went. Every phase runs even when one before
# it failed (but the build: nothing runs without it); the status is 1 when any failed.
#   setup   the Debian packages and .venv/ (scripts/setup.sh --tests)
#   layers  which module may import which (scripts/check_layers.py)
#   build   the product and the unit tests, in one `swift build --build-tests`
#   unit    `swift test --skip-build` (Swift Testing and XCTest)
#   e2e     pytest on Tests/EndToEnd, the tests spread over $E2E_WORKERS processes (pytest-xdist)
# SWIFT, E2E_WORKERS and PYTEST_ARGS (e.g. `-k oauth`) may be set from outside.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
# More workers than cores: most of an end-to-end test is waiting on a peer or a terminal.
# 6, not 4: the four real-files corpus runs (about 50 s each) then start together; the
# suite took 123 s on 6 workers and 166 s on 4 on a fresh clone on 2 idle cores.
E2E_WORKERS=${E2E_WORKERS:-6}

timings=()
failed=()
start_all=$SECONDS

# phase NAME COMMAND...: runs the command, prints and keeps its time (wall, and the CPU time of
# its processes: on a busy machine the wall time grows, the CPU time much less), remembers a
# failure.
phase() {
    local name=$1 status times
    shift
    echo "== $name: $*"
    times=$(mktemp)
    # bash's `time` reports on the descriptor 2 it was given: a file; the command keeps stderr.
    { TIMEFORMAT='%0R %0U %0S'; time "$@" 2>&3; } 3>&2 2>"$times"
    status=$?
    local wall user system
    read -r wall user system < "$times"
    rm -f "$times"
    local line
    line=$(printf '%-7s %5d s  (CPU %5d s)%s' "$name" "$wall" "$((user + system))" \
        "$([ "$status" -eq 0 ] || echo "  failed, status $status")")
    timings+=("$line")
    echo "== $line"
    [ "$status" -eq 0 ] || failed+=("$name")
    return "$status"
}

summary() {
    echo "== times"
    printf '   %s\n' "${timings[@]}"
    printf '   %-7s %5d s\n' "total" "$((SECONDS - start_all))"
}

phase setup scripts/setup.sh --tests || { summary; exit 1; }
phase layers .venv/bin/python scripts/check_layers.py
phase format scripts/format.sh
phase build "$SWIFT" build --build-tests || { summary; exit 1; }
phase unit "$SWIFT" test --skip-build
# The virtual environment's bin first: its python, and the tools the tests run (`http`).
# shellcheck disable=SC2086 # PYTEST_ARGS is words
phase e2e env PATH="$PWD/.venv/bin:$PATH" WORKBENCH_BIN="$PWD/.build/debug/workbench" \
    .venv/bin/python -m pytest -q -n "$E2E_WORKERS" --dist loadgroup Tests/EndToEnd ${PYTEST_ARGS:-}

summary
if [ "${#failed[@]}" -gt 0 ]; then
    echo "failed: ${failed[*]}"
    exit 1
fi
