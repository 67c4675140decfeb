#!/usr/bin/env python3
"""The OpenAPI benchmark (issue 13): loading a synthetic 2,000-path description and Tab
completion from it, side by side with jq reading the same file, in the same run.

    Benchmarks/openapi.py [--bin BINARY] [--baseline BINARY] [--runs 5] [--paths 2000]

BINARY defaults to .build/release/workbench (build it first: `swift build -c release
--product workbench`). The description is written by scripts/generate_openapi.py (JSON,
and the same as YAML) into a temporary directory. Measured:

  load   `openapi FILE` in script mode, minus the same run without it (start-up), median
         of --runs; beside it `jq . FILE > /dev/null` (median); ratio load / jq.
  memory peak resident memory of that run minus the run without it (wait4's rusage).
  security  the same JSON with two security schemes and `security` on every operation
         (issue 28: the loader's second half once lacked the schemes and refused the file).
  real   Discord's and OpenAI's descriptions from Tests/Fixtures/OpenAPI/Real.
  distinct  the same JSON with a description added to every parameter, request body and
         response, all different, so that no two operations repeat an object: the loader
         decodes each distinct object once, and this row shows a load with nothing to share.
  --baseline  another build (say, the previous commit's) measured the same way in the same
         run, beside each load and memory figure, with the ratio after / before.
  Tab    in a pseudo-terminal (pexpect): the time from typing Tab to the completed text on
         the screen, for the first Tab after loading and a few more (path segments, a path
         parameter's values, query names after `query add`, methods), beside a Tab that
         completes a command name (no description involved: the terminal round trip).

Goals (informational, PASS/MISS): load under 1 s, each completion under 30 ms. Exit status
0 unless something could not be measured (2). No network traffic: nothing is sent.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GENERATOR = os.path.join(ROOT, "scripts", "generate_openapi.py")
REAL = os.path.join(ROOT, "Tests", "Fixtures", "OpenAPI", "Real")


def run_measured(command, stdin_text, cwd):
    """Runs `command` with `stdin_text`; returns (seconds, peak RSS in KiB, stdout)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, cwd=cwd)
    process.stdin.write(stdin_text.encode())
    process.stdin.close()
    out = process.stdout.read()
    err = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"openapi.py: {command} failed: {err.decode(errors='replace')}")
    return elapsed, usage.ru_maxrss, out.decode(errors="replace")


def median_run(command, stdin_text, cwd, runs):
    times, peaks, out = [], [], ""
    for _ in range(runs):
        seconds, peak, out = run_measured(command, stdin_text, cwd)
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), statistics.median(peaks), out


def distinct_copy(source, target):
    """Writes `source` with every parameter, request body and response made unique."""
    import json

    with open(source) as handle:
        document = json.load(handle)
    count = 0
    for item in document["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            pieces = list(operation.get("parameters", [])) + list(operation.get("responses", {}).values())
            if "requestBody" in operation:
                pieces.append(operation["requestBody"])
            for piece in pieces:
                count += 1
                piece["description"] = f"piece {count}"
    with open(target, "w") as handle:
        json.dump(document, handle, indent=1)


def load_rows(binary, files, work, runs):
    """(kind, load seconds, memory KiB) per file, start-up subtracted; None if one did not load."""
    base_time, base_peak, _ = median_run([binary], "base http://127.0.0.1:9\n", work, runs)
    rows = []
    for kind, path in files.items():
        total, peak, out = median_run([binary], f"openapi {path}\n", work, runs)
        if "operations on" not in out:
            print(f"openapi.py: the {kind} description did not load with {binary}: {out}")
            return None, base_time, base_peak
        rows.append((kind, total - base_time, peak - base_peak))
    return rows, base_time, base_peak


def fmt_ms(seconds):
    return "%.1f ms" % (seconds * 1000)


def tab_latencies(binary, description, cwd):
    """(label, seconds) for each completion typed in a pseudo-terminal."""
    import pexpect

    env = dict(os.environ, TERM="xterm", HOME=cwd, XDG_STATE_HOME=cwd, PAGER="cat", LANG="C.UTF-8")
    child = pexpect.spawn(binary, ["--no-history"], env=env, cwd=cwd, dimensions=(40, 160),
                          encoding="utf-8", codec_errors="replace", timeout=30)
    child.delaybeforesend = None  # pexpect sleeps 50 ms before each send by default
    child.expect_exact("> ")
    child.send(f"openapi {description}\r")
    child.expect_exact("(its first server)")
    child.expect_exact("> ")

    def timed(typed, shown, clear=True):
        child.send(typed[:-1])
        # Let the echo of what was typed arrive and drain it, so only the Tab is timed.
        child.expect(pexpect.TIMEOUT, timeout=0.3)
        child.buffer = ""  # a timeout keeps what arrived in the buffer, where `shown` could match
        start = time.perf_counter()
        child.send(typed[-1])
        child.expect_exact(shown)
        elapsed = time.perf_counter() - start
        if clear:
            child.send("\x15")  # Ctrl-U: the line is dropped
        return elapsed

    results = []
    # (libedit redraws the line after a Tab, ending with a cursor move `ESC[<n>G` and what
    # was inserted: `G/` only appears once the completion is on the screen.)
    # The first Tab after loading: the top of a 2,000-path tree (50 folders, listed on the second Tab).
    results.append(("first Tab: `cd /r17` -> `cd /r17/` (one of 50 folders)", timed("cd /r17\t", "G/")))
    results.append(("`cd /r17/ite` -> `items` (40 candidates)", timed("cd /r17/ite\t", "ms")))
    results.append(("`cd /r7/items3/` -> `{id}/` (one segment)", timed("cd /r7/items3/\t", "{id}/")))
    results.append(("`cd /r7/items3/{id}/pa` -> `parts/`", timed("cd /r7/items3/{id}/pa\t", "rts/")))
    child.send("cd /r7/items3/{id}/parts\r")
    child.expect_exact("> ")
    results.append(("`query add or` -> `order` (the operation's parameters)", timed("query add or\t", "der ")))
    results.append(("`query add order a` -> `asc` (enum values)", timed("query add order a\t", "sc ")))
    results.append(("`method P` -> `PUT` (the path's methods)", timed("method P\t", "UT")))
    baseline = timed("que\t", "ry ")
    child.send("exit\r")
    child.expect(pexpect.EOF)
    return results, baseline


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "workbench"))
    parser.add_argument("--baseline", help="another build measured beside --bin (loads and memory)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paths", type=int, default=2000)
    args = parser.parse_args()
    # The runs happen in a temporary folder: a relative path would not be found from there.
    args.bin = os.path.abspath(args.bin)
    args.baseline = args.baseline and os.path.abspath(args.baseline)
    for binary in [args.bin] + ([args.baseline] if args.baseline else []):
        if not os.access(binary, os.X_OK):
            print(f"openapi.py: no binary at {binary}: build it (swift build -c release --product workbench)")
            return 2
    jq = shutil.which("jq")
    if jq is None:
        print("openapi.py: jq is needed (apt-get install jq)")
        return 2

    work = tempfile.mkdtemp(prefix="workbench-openapi-bench-")
    try:
        files = {}
        for kind, flag in (("json", []), ("yaml", ["--yaml"])):
            path = os.path.join(work, f"big.{kind}")
            with open(path, "w") as out:
                subprocess.run([sys.executable, GENERATOR, "--paths", str(args.paths), *flag], stdout=out, check=True)
            files[kind] = path
        path = os.path.join(work, "secure.json")
        with open(path, "w") as out:
            subprocess.run([sys.executable, GENERATOR, "--paths", str(args.paths), "--security"], stdout=out, check=True)
        files["json, security on every operation"] = path
        files["distinct json"] = os.path.join(work, "distinct.json")
        # In a child: this process stays small, and the peak RSS of the runs (forked from it) stays theirs.
        subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); import openapi; "
                        "openapi.distinct_copy(sys.argv[2], sys.argv[3])", HERE, files["json"], files["distinct json"]],
                       check=True)
        # The real descriptions (issue 28), read where the tests read them.
        for name in ("discord-openapi.json", "openai-openapi.yaml"):
            path = os.path.join(REAL, name)
            if os.path.exists(path):
                files[f"real: {name} ({os.path.getsize(path) / 1e6:.1f} MB)"] = path
        print(f"load average at start: {os.getloadavg()[0]:.2f}")
        print(f"description: {args.paths} paths, {os.path.getsize(files['json']) / 1e6:.1f} MB as JSON, "
              f"{os.path.getsize(files['yaml']) / 1e6:.1f} MB as YAML")

        jq_time, _, _ = median_run(["sh", "-c", f"{jq} . {files['json']} >/dev/null"], "", work, args.runs)
        rows, base_time, base_peak = load_rows(args.bin, files, work, args.runs)
        before = load_rows(args.baseline, files, work, args.runs)[0] if args.baseline else None
        if rows is None or (args.baseline and before is None):
            return 2
        print()
        print(f"{'measure':58} {'workbench':>11} {'jq . FILE':>11} {'ratio':>7}  goal")
        print(f"{'start-up (no description), subtracted below':58} {fmt_ms(base_time):>11}")
        for kind, load, memory in rows:
            verdict = "PASS" if load < 1.0 else "MISS"
            if kind.startswith("real:"):  # another file than jq's: no ratio
                print(f"{'load ' + kind:58} {fmt_ms(load):>11} {'':>11} {'':>7}  < 1 s: {verdict}")
                continue
            print(f"{'load ' + kind + ' (openapi FILE)':58} {fmt_ms(load):>11} {fmt_ms(jq_time):>11} "
                  f"{load / jq_time:>6.1f}x  < 1 s: {verdict}")
        for kind, load, memory in rows:
            print(f"{'memory of the loaded ' + kind + ' description (peak RSS delta)':58} {memory / 1024:>8.1f} MB")
        print(f"{'peak RSS without a description':58} {base_peak / 1024:>8.1f} MB")
        if before:
            print()
            print(f"{'beside --baseline ' + args.baseline:58}")
            print(f"{'measure':58} {'baseline':>11} {'--bin':>11} {'ratio':>7}")
            for (kind, load, memory), (_, old_load, old_memory) in zip(rows, before):
                print(f"{'load ' + kind:58} {fmt_ms(old_load):>11} {fmt_ms(load):>11} {load / old_load:>6.2f}x")
            for (kind, load, memory), (_, old_load, old_memory) in zip(rows, before):
                print(f"{'memory ' + kind:58} {old_memory / 1024:>8.1f} MB {memory / 1024:>8.1f} MB "
                      f"{memory / old_memory:>6.2f}x")

        try:
            results, baseline = tab_latencies(args.bin, files["json"], work)
        except ImportError:
            print("openapi.py: pexpect is needed for the Tab timings (pip install pexpect)")
            return 2
        print()
        print(f"{'Tab in a pseudo-terminal (typed -> shown)':58} {'time':>11} {'vs cmd Tab':>11}  goal")
        print(f"{'`que` -> `query` (command name, no description)':58} {fmt_ms(baseline):>11}")
        for label, seconds in results:
            verdict = "PASS" if seconds < 0.030 else "MISS"
            print(f"{label:58} {fmt_ms(seconds):>11} {seconds / baseline:>10.1f}x  < 30 ms: {verdict}")
        print(f"\nload average at end: {os.getloadavg()[0]:.2f}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
