#!/usr/bin/env bash
# Builds the libFuzzer targets of WorkbenchCore and runs them, one after another.
#
#   Fuzz/run.sh [TARGET] [SECONDS]
#
# TARGET is command-parser, json-formatter, json-path, session-loader,
# openapi-loader, http-file or all
# (the default); SECONDS is how long each target runs (default 600).
#
# Environment:
#   FUZZ_SCRATCH   scratch directory (default /tmp/workbench-fuzz): the build, the
#                  corpus entries the fuzzers find, their logs and the run table
#   FUZZ_CONFIG    release (default) or debug
#   FUZZ_NO_BUILD  set to 1 to run the binaries already built
#   FUZZ_ARGS      extra libFuzzer flags, e.g. "-seed=1"
#
# The seed corpora in Fuzz/Corpus/TARGET are only read; new corpus entries go
# to $FUZZ_SCRATCH/corpus/TARGET. Crashes, leaks and timeouts are written to
# Fuzz/out/TARGET/ (git-ignored). For each target the script prints the
# executions, exec/s, the final cov: and ft: of libFuzzer's last status line,
# the corpus size, and whether it crashed; the exit status is 1 if any did.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target_arg="${1:-all}"
seconds="${2:-600}"
scratch="${FUZZ_SCRATCH:-/tmp/workbench-fuzz}"
config="${FUZZ_CONFIG:-release}"

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

all_targets=(command-parser json-formatter json-path session-loader openapi-loader http-file
             graphql-introspection har-import postman-import proto-codec)

# The executable (SwiftPM target) and the longest input for each target.
binary_of() {
    case "$1" in
        command-parser) echo FuzzCommandParser ;;
        json-formatter) echo FuzzJSONFormatter ;;
        json-path) echo FuzzJSONPath ;;
        session-loader) echo FuzzSessionLoader ;;
        openapi-loader) echo FuzzOpenAPILoader ;;
        http-file) echo FuzzHTTPFile ;;
        graphql-introspection) echo FuzzGraphQLIntrospection ;;
        har-import) echo FuzzHARImport ;;
        postman-import) echo FuzzPostmanImport ;;
        proto-codec) echo FuzzProtoCodec ;;
        *) return 1 ;;
    esac
}
max_len_of() {
    case "$1" in
        command-parser) echo 1024 ;;    # a line, heredoc bodies come on lines of their own
        json-formatter) echo 8192 ;;
        json-path) echo 4096 ;;
        session-loader) echo 16384 ;;   # the real session files are 2-6 KB
        openapi-loader) echo 16384 ;;   # the seeds are 1-7 KB; aliases and nesting need little
        http-file) echo 8192 ;;
        # Room for 32,000 nested levels: past what a 1 MB stack walks by recursion (FuzzSupport).
        graphql-introspection|har-import|postman-import) echo 65536 ;;
        proto-codec) echo 8192 ;;        # a message of every type is under 400 bytes
    esac
}

if [ "$target_arg" = all ]; then
    targets=("${all_targets[@]}")
elif binary_of "$target_arg" >/dev/null; then
    targets=("$target_arg")
else
    echo "usage: Fuzz/run.sh [command-parser|json-formatter|json-path|session-loader|openapi-loader|http-file|graphql-introspection|har-import|postman-import|proto-codec|all] [SECONDS]" >&2
    exit 2
fi
case "$seconds" in ''|*[!0-9]*) echo "SECONDS must be a whole number" >&2; exit 2 ;; esac

build_dir="$scratch/build"
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
    # -sanitize=fuzzer,address applies to WorkbenchCore too, so its code is
    # instrumented for coverage and checked by AddressSanitizer.
    # -parse-as-library comes from Fuzz/Package.swift; the package is at tools
    # version 5.4 so that SwiftPM does not rename `main` to `<Target>_main`,
    # which libFuzzer (which brings its own main) cannot link with.
    echo "building ($config) into $build_dir"
    swift build -c "$config" --package-path "$here" --scratch-path "$build_dir" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
fi
bin_dir="$build_dir/$config"

# The Swift runtime's own crash backtracer waits on the crashed process and
# can stall a fuzzer's crash handling: libFuzzer and ASan report instead.
export SWIFT_BACKTRACE=enable=no
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ] && [ -x /opt/swift/usr/bin/llvm-symbolizer ]; then
    export ASAN_SYMBOLIZER_PATH=/opt/swift/usr/bin/llvm-symbolizer
fi

table="$scratch/runs.tsv"
mkdir -p "$scratch"
[ -f "$table" ] || printf 'date\ttarget\tseconds\texecutions\texec/s\tcov\tft\tcorpus\tcrashed\n' > "$table"
summary=()
any_crash=0

for target in "${targets[@]}"; do
    binary="$bin_dir/$(binary_of "$target")"
    corpus="$scratch/corpus/$target"
    logs="$scratch/logs/$target"
    out="$here/out/$target"
    mkdir -p "$corpus" "$logs" "$out"
    stamp="$(date +%Y%m%d-%H%M%S)"
    log="$logs/$stamp.log"
    dict=()
    [ -f "$here/Dictionaries/$target.dict" ] && dict=(-dict="$here/Dictionaries/$target.dict")

    echo "== $target: ${seconds}s, log $log"
    # -workers=1 -jobs=1: a single fuzzing process. In that mode libFuzzer runs
    # the fuzzer as a child that writes fuzz-0.log in the current directory.
    status=0
    started=$(date +%s)
    (
        cd "$logs"
        rm -f fuzz-0.log
        # shellcheck disable=SC2086
        "$binary" "$corpus" "$here/Corpus/$target" "${dict[@]}" \
            -workers=1 -jobs=1 \
            -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=25 \
            -max_len="$(max_len_of "$target")" -print_final_stats=1 \
            -artifact_prefix="$out/" ${FUZZ_ARGS:-} > "$log.driver" 2>&1
    ) || status=$?
    elapsed=$(( $(date +%s) - started ))
    # The fuzzing process's own output is fuzz-0.log; the driver's repeats it.
    if [ -f "$logs/fuzz-0.log" ]; then
        mv "$logs/fuzz-0.log" "$log"
        rm -f "$log.driver"
    else
        mv "$log.driver" "$log"
    fi

    last_status="$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -n 1 || true)"
    cov="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<< "$last_status")"
    ft="$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<< "$last_status")"
    corp="$(sed -nE 's/.* corp: ([0-9]+\/[0-9]+[a-zA-Z]*).*/\1/p' <<< "$last_status")"
    executions="$(sed -nE 's/^stat::number_of_executed_units: ([0-9]+)/\1/p' "$log" | tail -n 1)"
    speed="$(sed -nE 's/^stat::average_exec_per_sec: +([0-9]+)/\1/p' "$log" | tail -n 1)"
    [ -n "$executions" ] || executions="$(sed -nE 's/^#([0-9]+).*/\1/p' <<< "$last_status")"
    artifacts="$(grep -oE "Test unit written to [^ ]+" "$log" | sed 's/Test unit written to //' | sort -u | tr '\n' ' ' || true)"
    crashed=no
    if [ -n "$artifacts" ] || grep -qE '==[0-9]+==ERROR|deadly signal|Fatal error|ALARM: working on the last Unit|out-of-memory' "$log"; then
        crashed="yes: ${artifacts:-see $log}"
        any_crash=1
    fi
    line="$target: ${elapsed}s of ${seconds}s, ${executions:-?} executions (${speed:-?} exec/s), cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?} (exit $status), crashed: $crashed"
    echo "$line"
    summary+=("$line")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$stamp" "$target" "$elapsed" "${executions:-?}" "${speed:-?}" \
        "${cov:-?}" "${ft:-?}" "${corp:-?}" "$crashed" >> "$table"
done

echo
echo "== summary (all runs so far: $table)"
printf '%s\n' "${summary[@]}"
exit "$any_crash"
