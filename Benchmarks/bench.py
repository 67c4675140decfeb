#!/usr/bin/env python3
"""Workbench benchmarks, side by side with curl, HTTPie and jq in the same run.

Normally started by Benchmarks/run.sh, which builds the binary and installs the tools:

    python3 Benchmarks/bench.py --workbench PATH [--http PATH] [--out DIR] [--quick]

Prints what it measures as it goes, then a summary table: each measurement, the
comparison tool's figure, the ratio (workbench divided by the tool) and the goal.
PASS/MISS is informational; the exit status is 0 unless a benchmark could not be run
(a tool failed or crashed, or printed something other than expected), then 2.

All network traffic goes to a server of our own on 127.0.0.1 (bench_server.py), and
every loop is bounded. Timings are wall-clock medians of a few repetitions; on a small
shared machine they are noisy, so the load average is printed at start and end.
"""

import argparse
import json
import os
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = None  # the --out directory, set by main()

# Repetitions: (normal, --quick). d takes 7: its single runs vary by a factor of two on a
# machine whose fresh memory is slow to fault in (after jq frees its 300 MB, say), and a median
# of 3 moved with one unlucky run.
REPS = {
    "startup_runs": (200, 30),
    "script_reps": (7, 3),
    "gets_reps": (15, 3),
    "httpie_gets": (20, 5),
    "big_reps": (7, 1),
}


class BenchError(Exception):
    """A benchmark could not be measured (as opposed to a goal being missed)."""


def log(text=""):
    print(text, flush=True)


def fmt_time(seconds):
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return "%.1f us" % (seconds * 1e6)
    if seconds < 1.0:
        return "%.1f ms" % (seconds * 1e3)
    return "%.2f s" % seconds


def fmt_bytes(count):
    return "%.1f MB" % (count / 1e6)


def describe_status(code):
    if code < 0:
        return "killed by signal %d" % -code
    return "exit status %d" % code


def tail(path_or_text, lines=5):
    text = path_or_text
    if os.path.exists(str(path_or_text)):
        with open(path_or_text, "rb") as handle:
            handle.seek(0, 2)
            size = handle.tell()
            handle.seek(max(0, size - 4000))
            text = handle.read().decode("utf-8", "replace")
    return " | ".join(text.strip().splitlines()[-lines:])


def timed(argv, stdin=None, stdout=None, label=None, timeout=600, env=None):
    """Runs argv once; returns the wall time. stdin/stdout are paths (None: /dev/null)."""
    err_path = os.path.join(OUT, "last-stderr.txt")
    with open(stdin or os.devnull, "rb") as fin, open(stdout or os.devnull, "wb") as fout, \
            open(err_path, "wb") as ferr:
        # Not subprocess.run(timeout=...): with a timeout, Popen.wait polls with sleeps of
        # up to 50 ms, which rounds every figure up to the next poll. A timer kills the
        # process instead, and the wait blocks.
        expired = []
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=fin, stdout=fout, stderr=ferr, env=env)
        timer = threading.Timer(timeout, lambda: (expired.append(True), proc.kill()))
        timer.start()
        try:
            proc.wait()
        finally:
            elapsed = time.perf_counter() - start
            timer.cancel()
    if expired:
        raise BenchError("%s: timed out after %d s" % (label or argv[0], timeout))
    if proc.returncode != 0:
        raise BenchError("%s: %s: %s" % (label or argv[0], describe_status(proc.returncode), tail(err_path)))
    return elapsed


def median_of(samples):
    return statistics.median(samples)


def interleaved(reps, actions):
    """Runs each action once per repetition, in a fresh random order each time, so that a
    change in the machine's load (or which CPU a new process lands on) hits all alike.
    Returns {name: [samples]}."""
    samples = {name: [] for name in actions}
    names = list(actions)
    for _ in range(reps):
        random.shuffle(names)
        for name in names:
            samples[name].append(actions[name]())
    return samples


def ratio_text(ours, theirs, speedup=False):
    """'1.23x (min 1.10x)': the ratio of medians, then of the fastest runs."""
    median_ratio = median_of(ours) / median_of(theirs)
    min_ratio = min(ours) / min(theirs)
    if speedup:
        return "%.3fx (%.1fx faster; min %.1fx)" % (median_ratio, 1 / median_ratio, 1 / min_ratio)
    return "%.2fx (min %.2fx)" % (median_ratio, min_ratio)


def show_samples(name, samples):
    log("  %-44s median %-9s (min %s, max %s, n=%d)" % (
        name, fmt_time(median_of(samples)), fmt_time(min(samples)), fmt_time(max(samples)), len(samples)))


def peak_kb(path):
    """The %M figure /usr/bin/time wrote (the last line of its -o file)."""
    with open(path) as handle:
        lines = [line for line in handle.read().splitlines() if line.strip()]
    for line in reversed(lines):
        if line.strip().isdigit():
            return int(line.strip())
    raise BenchError("could not read peak memory from %s: %s" % (path, " | ".join(lines[-3:])))


class Server:
    def __init__(self):
        self.proc = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "bench_server.py"), "--big-mb", "40"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=open(os.path.join(OUT, "server.log"), "wb"))
        line = self.proc.stdout.readline().decode()
        if not line.startswith("PORT "):
            raise BenchError("bench_server.py did not start: %r (see out/server.log)" % line)
        self.port = int(line.split()[1])
        self.base = "http://127.0.0.1:%d" % self.port

    def stats(self):
        with subprocess.Popen(["curl", "-s", self.base + "/_stats"], stdout=subprocess.PIPE) as proc:
            data = proc.stdout.read()
        return json.loads(data)

    def stop(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


class Results:
    """The summary rows; each row is a dict (see `add`)."""

    def __init__(self):
        self.rows = []
        self.errors = []

    def add(self, name, value, comparison="-", ratio="-", goal="-", result="-", kind="time"):
        self.rows.append(dict(name=name, value=value, comparison=comparison, ratio=ratio,
                              goal=goal, result=result, kind=kind))

    def error(self, name, message):
        self.errors.append("%s: %s" % (name, message))
        self.rows.append(dict(name=name, value="ERROR", comparison="-", ratio="-", goal="-",
                              result="ERROR", kind="error"))
        log("  ERROR: %s" % message)


def verdict(ok):
    return "PASS" if ok else "MISS"


# ---------------------------------------------------------------- a. start-up

def bench_startup(args, results):
    log("\n== a. Start-up: `workbench --version` vs `curl --version`")
    runs = args.reps["startup_runs"]
    workbench, curl, previous = args.workbench, shutil.which("curl"), args.baseline
    for argv in ([workbench, "--version"], [curl, "--version"]) + (([previous, "--version"],) if previous else ()):
        timed(argv, label=" ".join(argv))  # fails early, with the reason, if it cannot run
    pv = pv_min = None
    hyperfine = shutil.which("hyperfine")
    if hyperfine and not os.environ.get("BENCH_NO_HYPERFINE"):
        export = os.path.join(OUT, "startup.json")
        argv = [hyperfine, "-N", "--style", "basic", "--warmup", "10", "--runs", str(runs),
                "--export-json", export,
                "-n", "workbench --version", shlex.join([workbench, "--version"]),
                "-n", "curl --version", shlex.join([curl, "--version"])]
        if previous:
            argv += ["-n", "previous --version", shlex.join([previous, "--version"])]
        log("  $ hyperfine -N --warmup 10 --runs %d 'workbench --version' 'curl --version'" % runs)
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for line in proc.stdout.splitlines():
            if line.strip():
                log("  | " + line)
        if proc.returncode != 0:
            raise BenchError("hyperfine: %s" % describe_status(proc.returncode))
        with open(export) as handle:
            data = json.load(handle)["results"]
        wb, cu = data[0]["median"], data[1]["median"]
        min_ratio = data[0]["min"] / data[1]["min"]
        if previous:
            pv, pv_min = data[2]["median"], data[0]["min"] / data[2]["min"]
        method = "hyperfine median of %d" % runs
    else:
        # No hyperfine: spawn both in turn (interleaved, so a change in load hits both alike).
        log("  (hyperfine not available: timing %d interleaved runs of each with posix_spawn)" % runs)
        programs = (workbench, curl) + ((previous,) if previous else ())
        samples = {program: [] for program in programs}
        devnull = os.open(os.devnull, os.O_RDWR)
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1)]
        for index in range(runs + 10):
            for program in programs:
                start = time.perf_counter()
                pid = os.posix_spawn(program, [program, "--version"], os.environ, file_actions=actions)
                _, status = os.waitpid(pid, 0)
                elapsed = time.perf_counter() - start
                if status != 0:
                    raise BenchError("%s --version: wait status %d" % (program, status))
                if index >= 10:
                    samples[program].append(elapsed)
        os.close(devnull)
        show_samples("workbench --version", samples[workbench])
        show_samples("curl --version", samples[curl])
        wb, cu = median_of(samples[workbench]), median_of(samples[curl])
        min_ratio = min(samples[workbench]) / min(samples[curl])
        if previous:
            show_samples("previous --version", samples[previous])
            pv, pv_min = median_of(samples[previous]), min(samples[workbench]) / min(samples[previous])
        method = "median of %d" % runs
    ratio = wb / cu
    log("  -> workbench %s, curl %s: %.2fx (fastest runs: %.2fx)" % (fmt_time(wb), fmt_time(cu), ratio, min_ratio))
    results.add("a. start-up, --version (%s)" % method, fmt_time(wb), "curl --version: %s" % fmt_time(cu),
                "%.2fx (min %.2fx)" % (ratio, min_ratio), "<= 1.5x curl", verdict(ratio <= 1.5))
    if previous:
        log("  -> previous (%s) %s: this tree / previous %.2fx (fastest runs: %.2fx)"
            % (args.baseline_label, fmt_time(pv), wb / pv, pv_min))
        add_previous_row(results, "   vs previous (%s)" % args.baseline_label, wb, pv, "%.2fx (min %.2fx)" % (wb / pv, pv_min))


def add_previous_row(results, name, ours, previous, ratio, kind="time"):
    """A row comparing this tree with the previous commit; 'no worse' allows 5% of noise."""
    shown = fmt_bytes if kind == "memory" else fmt_time
    results.add(name, shown(ours), "previous: %s" % shown(previous), ratio, "no worse than previous",
                verdict(ours <= previous * 1.05), kind=kind)


# ------------------------------------------------------- b. building commands

def building_script(count):
    """`count` building commands (base/path/query/header/method/body/set), then `show`."""
    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "get", "Purge"]
    # A cycle of 17 kinds; each `rm` removes what the same cycle added, so nothing is
    # missing when removed and the request stays a realistic size.
    kinds = [
        lambda i: "base http://127.0.0.1:8080/api/v%d" % (i % 3 + 1),
        lambda i: "path /items/%d/detail" % i,
        lambda i: "query add q%d value-%d" % (i % 50, i),
        lambda i: "header X-Trace-%d: %d" % (i % 20, i),
        lambda i: "method %s" % methods[i % len(methods)],
        lambda i: 'body {"n": %d, "text": "plain body %d"}' % (i, i),
        lambda i: "path add seg%d 'a/b c'" % i,
        lambda i: "query set page %d" % i,
        lambda i: "header add Accept-Language: en-%d" % (i % 5),
        lambda i: 'body json {"id": %d, "tags": ["a", "b"], "ok": true, "price": 12.50}' % i,
        lambda i: "set id %d" % i,
        lambda i: "path /users/{{id}}/orders",
        lambda i: "query rm q%d" % ((i - 10) % 50),
        lambda i: "header rm X-Trace-%d" % ((i - 10) % 20),
        lambda i: "query set filter 'name eq \"caf\u00e9 %d\"'" % i,
        lambda i: ("header rm Accept-Language" if (i // 17) % 4 == 0
                   else "header Authorization: Bearer {{token}}"),
        lambda i: "set token tok-%d" % i,
    ]
    lines = [kinds[i % len(kinds)](i) for i in range(count)]
    lines.append("show")
    return "\n".join(lines) + "\n"


def bench_script(args, results):
    log("\n== b. Script mode: 10,000 building commands, then `show`, from stdin")
    count = 10_000
    script = os.path.join(OUT, "building.wb")
    with open(script, "w") as handle:
        handle.write(building_script(count))
    baseline = os.path.join(OUT, "show-only.wb")
    with open(baseline, "w") as handle:
        handle.write("base http://127.0.0.1:8080/api\nshow\n")
    # One checked run: it must succeed and print the request.
    shown = os.path.join(OUT, "building-show.txt")
    timed([args.workbench], stdin=script, stdout=shown, label="workbench < building.wb")
    with open(shown, errors="replace") as handle:
        text = handle.read()
    if not re.match(r"^[A-Z]+ /\S* HTTP/1\.1\n", text):
        raise BenchError("`show` printed something unexpected: %r" % text[:200])
    log("  script: %d commands + show (%s), show printed %d lines, e.g. %r" % (
        count, fmt_bytes(os.path.getsize(script)), text.count("\n"), text.splitlines()[0][:70]))
    runs = interleaved(args.reps["script_reps"], {
        "base": lambda: timed([args.workbench], stdin=baseline, label="workbench < show-only.wb"),
        "full": lambda: timed([args.workbench], stdin=script, label="workbench < building.wb"),
    })
    samples, base_samples = runs["full"], runs["base"]
    show_samples("workbench < building.wb (10,000 + show)", samples)
    show_samples("workbench < show-only.wb (2 lines)", base_samples)
    total = median_of(samples)
    per = max(0.0, total - median_of(base_samples)) / count
    log("  -> %s total, %s per command beyond start-up" % (fmt_time(total), fmt_time(per)))
    results.add("b. 10,000 building commands + show", fmt_time(total), "-", "-", "< 0.5 s total",
                verdict(total < 0.5))
    results.add("   per command (minus start-up and show)", fmt_time(per), "-", "-", "info", "-")


# ------------------------------------------------------------- c. 400 GETs

def server_floor(server, count):
    """What the server itself costs: `count` keep-alive GETs from a bare socket client in this
    process (no start-up, minimal parsing). Part of every client's figure."""
    import socket
    with socket.create_connection(("127.0.0.1", server.port)) as conn:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        start = time.perf_counter()
        for n in range(1, count + 1):
            conn.sendall(b"GET /item/%d HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % n)
            data = b""
            while True:
                chunk = conn.recv(65536)
                if not chunk:
                    raise BenchError("server closed the connection")
                data += chunk
                end = data.find(b"\r\n\r\n")
                if end >= 0:
                    length = int(re.search(rb"Content-Length: (\d+)", data[:end]).group(1))
                    if len(data) >= end + 4 + length:
                        break
        return time.perf_counter() - start


def bench_gets(args, results, server):
    count = 400
    log("\n== c. %d sequential GETs of /item/N over one keep-alive connection" % count)
    urls = ["%s/item/%d" % (server.base, n) for n in range(1, count + 1)]
    script = os.path.join(OUT, "gets.wb")
    with open(script, "w") as handle:
        handle.write("base %s\n" % server.base)
        handle.writelines("get /item/%d\n" % n for n in range(1, count + 1))
    config = os.path.join(OUT, "gets.curlrc")
    with open(config, "w") as handle:
        handle.writelines('url = "%s"\n' % url for url in urls)
    curl = shutil.which("curl")

    # Checked runs: every response printed, and how many connections each client opened.
    checked = os.path.join(OUT, "gets-workbench.txt")
    before = server.stats()
    timed([args.workbench], stdin=script, stdout=checked, label="workbench < gets.wb")
    after = server.stats()
    with open(checked, errors="replace") as handle:
        statuses = sum(1 for line in handle if line.startswith("HTTP/1.1 200 "))
    if statuses != count:
        raise BenchError("workbench printed %d status lines for %d GETs (see out/gets-workbench.txt)"
                         % (statuses, count))
    wb_connections = after["connections"] - before["connections"] - 1
    wb_requests = after["requests"] - before["requests"] - 1
    before = server.stats()
    timed([curl, "-s", "--config", config], label="curl --config gets.curlrc")
    after = server.stats()
    curl_connections = after["connections"] - before["connections"] - 1
    log("  connections opened: workbench %d for %d requests, curl %d"
        % (wb_connections, wb_requests, curl_connections))

    actions = {
        "floor": lambda: server_floor(server, count),
        "workbench": lambda: timed([args.workbench], stdin=script, label="workbench < gets.wb"),
        "curl": lambda: timed([curl, "-s", "--config", config], label="curl --config gets.curlrc"),
    }
    if args.baseline:
        actions["previous"] = lambda: timed([args.baseline], stdin=script, label="previous < gets.wb")
    runs = interleaved(args.reps["gets_reps"], actions)
    floor_samples, wb_samples, curl_samples = runs["floor"], runs["workbench"], runs["curl"]
    show_samples("server floor: minimal raw-socket client, in-process", floor_samples)
    show_samples("workbench < gets.wb, stdout /dev/null", wb_samples)
    show_samples("curl -s --config gets.curlrc > /dev/null", curl_samples)
    wb, cu = median_of(wb_samples), median_of(curl_samples)
    ratio = wb / cu
    log("  -> workbench %s (%s per request), curl %s (%s per request): %s"
        % (fmt_time(wb), fmt_time(wb / count), fmt_time(cu), fmt_time(cu / count),
           ratio_text(wb_samples, curl_samples)))
    floor = median_of(floor_samples)
    log("  (the server floor, %s (%s per request), is part of both figures)" % (fmt_time(floor), fmt_time(floor / count)))
    note = "" if wb_connections <= 1 else " [%d connections]" % wb_connections
    results.add("c. %d GETs, keep-alive, script mode%s" % (count, note), fmt_time(wb),
                "curl, 1 process: %s" % fmt_time(cu), ratio_text(wb_samples, curl_samples), "<= 1.2x curl", verdict(ratio <= 1.2))

    results.add("   server floor; ratio with it taken out", fmt_time(floor), "(part of both figures)",
                "%.2fx" % ((wb - floor) / (cu - floor)) if cu > floor else "-", "info", "-")
    if args.baseline:
        pv_samples = runs["previous"]
        show_samples("previous (%s) < gets.wb" % args.baseline_label, pv_samples)
        log("  -> this tree / previous: %s" % ratio_text(wb_samples, pv_samples))
        add_previous_row(results, "   vs previous (%s)" % args.baseline_label, wb, median_of(pv_samples),
                         ratio_text(wb_samples, pv_samples))
    if not args.http:
        results.error("   HTTPie, %d GETs" % count, "HTTPie not available")
        return
    sample = args.reps["httpie_gets"]
    http_samples = []
    for n in range(1, sample + 1):
        http_samples.append(timed(args.http + ["--ignore-stdin", "GET", urls[n - 1]], label="http GET"))
    show_samples("http --ignore-stdin GET URL (one process each)", http_samples)
    estimate = median_of(http_samples) * count
    log("  -> HTTPie: %d of the %d requests run, one process each; median x %d = %s (extrapolated)"
        % (sample, count, count, fmt_time(estimate)))
    results.add("   vs HTTPie (%d runs, extrapolated to %d)" % (sample, count), fmt_time(wb),
                "HTTPie: ~%s" % fmt_time(estimate), "%.3fx" % (wb / estimate), "info", "-")


# ------------------------------------------------------- d. 40 MB JSON, colour

ANSI = re.compile(rb"\x1b\[[0-9;]*m")


def verify_big(rendered_path, body_path):
    """The workbench printed the whole document: strip colour, parse, compare with the body."""
    with open(rendered_path, "rb") as handle:
        data = handle.read()
    plain = ANSI.sub(b"", data)
    separator = plain.find(b"\r\n\r\n")
    separator = plain.find(b"\n\n") if separator < 0 else separator
    if separator < 0:
        raise BenchError("workbench output has no blank line after the headers")
    if b"\x1b[" not in data[-4096:]:
        raise BenchError("workbench body output is not coloured")
    try:
        printed = json.loads(plain[separator:])
    except ValueError as error:
        raise BenchError("workbench output body is not the JSON document: %s" % error)
    with open(body_path, "rb") as handle:
        original = json.loads(handle.read())
    if printed != original:
        raise BenchError("workbench output body differs from the document sent")
    return len(data)


def bench_big(args, results, server):
    big_files = []
    try:
        _bench_big(args, results, server, big_files)
    finally:
        for path in big_files:
            if os.path.exists(path) and not args.keep_files:
                os.remove(path)


def _bench_big(args, results, server, big_files):
    log("\n== d. Pretty-printing a 40 MB JSON response with colour, to a file")
    url = server.base + "/big.json"
    curl, jq, gnu_time = shutil.which("curl"), shutil.which("jq"), "/usr/bin/time"
    body = os.path.join(OUT, "big-body.json")
    big_files.append(body)
    timed([curl, "-s", "-o", body, url], label="curl -o big-body.json")
    size = os.path.getsize(body)
    log("  document: %s (%d bytes), downloaded once for `jq -C . FILE`" % (fmt_bytes(size), size))
    script = os.path.join(OUT, "big.wb")
    with open(script, "w") as handle:
        handle.write("base %s\nget /big.json\n" % server.base)

    reps = args.reps["big_reps"]
    wb_out, mem_file = os.path.join(OUT, "big-workbench.txt"), os.path.join(OUT, "big-workbench.mem")
    jq_file_out = os.path.join(OUT, "big-jq-file.txt")
    jq_pipe_out = os.path.join(OUT, "big-jq-pipe.txt")
    jq_mem = os.path.join(OUT, "big-jq.mem")
    big_files.extend([wb_out, jq_file_out, jq_pipe_out])
    pipeline = "set -o pipefail; %s -s %s | %s -C . > %s" % (
        shlex.quote(curl), shlex.quote(url), shlex.quote(jq), shlex.quote(jq_pipe_out))
    peaks, jq_peaks = [], []

    def run_workbench():
        elapsed = timed([gnu_time, "-f", "%M", "-o", mem_file, args.workbench, "--color", "always"],
                        stdin=script, stdout=wb_out, label="workbench --color always < big.wb")
        peaks.append(peak_kb(mem_file) * 1024)
        return elapsed

    def run_jq_file():
        elapsed = timed([gnu_time, "-f", "%M", "-o", jq_mem, jq, "-C", ".", body],
                        stdout=jq_file_out, label="jq -C . FILE")
        jq_peaks.append(peak_kb(jq_mem) * 1024)
        return elapsed

    pv_out, pv_mem = os.path.join(OUT, "big-previous.txt"), os.path.join(OUT, "big-previous.mem")
    big_files.append(pv_out)
    pv_peaks = []

    def run_previous():
        elapsed = timed([gnu_time, "-f", "%M", "-o", pv_mem, args.baseline, "--color", "always"],
                        stdin=script, stdout=pv_out, label="previous --color always < big.wb")
        pv_peaks.append(peak_kb(pv_mem) * 1024)
        return elapsed

    actions = {
        "workbench": run_workbench,
        "pipe": lambda: timed(["bash", "-c", pipeline], label="curl | jq -C ."),
        "file": run_jq_file,
        # The download alone, from the same server: what printing is measured against.
        "download": lambda: timed([curl, "-s", "-o", os.devnull, url], label="curl -s -o /dev/null"),
    }
    if args.baseline:
        actions["previous"] = run_previous
    runs = interleaved(reps, actions)
    wb_samples, pipe_samples, file_samples = runs["workbench"], runs["pipe"], runs["file"]
    download_samples = runs["download"]
    show_samples("curl -s -o /dev/null URL (the download alone)", download_samples)
    dl_ratio = median_of(wb_samples) / median_of(download_samples)
    log("  -> workbench / download: %s" % ratio_text(wb_samples, download_samples))
    results.add("d. 40 MB JSON, --color always, to a file", fmt_time(median_of(wb_samples)),
                "curl -s -o /dev/null: %s" % fmt_time(median_of(download_samples)),
                ratio_text(wb_samples, download_samples), "<= 4x the download", verdict(dl_ratio <= 4))
    if args.baseline:
        pv_samples = runs["previous"]
        show_samples("previous (%s) --color always > FILE" % args.baseline_label, pv_samples)
        log("  -> this tree / previous: %s" % ratio_text(wb_samples, pv_samples))
        add_previous_row(results, "   vs previous (%s)" % args.baseline_label, median_of(wb_samples),
                         median_of(pv_samples), ratio_text(wb_samples, pv_samples))
    show_samples("workbench --color always < big.wb > FILE", wb_samples)
    show_samples("curl -s URL | jq -C . > FILE", pipe_samples)
    show_samples("jq -C . big-body.json > FILE", file_samples)
    printed = verify_big(wb_out, body)
    log("  workbench output: %s, verified (colour stripped, it parses to the document sent)"
        % fmt_bytes(printed))
    log("  jq output: %s" % fmt_bytes(os.path.getsize(jq_file_out)))
    wb = median_of(wb_samples)
    for label, samples in (("curl | jq -C .", pipe_samples), ("jq -C . FILE", file_samples)):
        other = median_of(samples)
        ratio = wb / other
        log("  -> vs %s: %s" % (label, ratio_text(wb_samples, samples, speedup=True)))
        name = ("   same, vs curl | jq -C ." if label.startswith("curl")
                else "   same, vs jq on the downloaded file")
        results.add(name, fmt_time(wb),
                    "%s: %s" % (label, fmt_time(other)), ratio_text(wb_samples, samples, speedup=True),
                    ">= 10x faster", verdict(ratio <= 0.1))

    if args.http:
        http_out = os.path.join(OUT, "big-httpie.txt")
        http_mem = os.path.join(OUT, "big-httpie.mem")
        log("  HTTPie, once (slow): http --pretty=all GET URL > FILE (time limit %d s)" % args.httpie_timeout)
        try:
            elapsed = timed([gnu_time, "-f", "%M", "-o", http_mem] + args.http
                            + ["--ignore-stdin", "--pretty=all", "GET", url],
                            stdout=http_out, label="http --pretty=all", timeout=args.httpie_timeout)
            http_peak = peak_kb(http_mem) * 1024
            log("  http --pretty=all: %s, peak memory %s, output %s"
                % (fmt_time(elapsed), fmt_bytes(http_peak), fmt_bytes(os.path.getsize(http_out))))
            ratio = wb / elapsed
            results.add("   vs HTTPie (1 run)", fmt_time(wb), "http --pretty=all: %s" % fmt_time(elapsed),
                        "%.3fx (%.0fx faster)" % (ratio, 1 / ratio), "info", "-")
        except BenchError as error:
            if "timed out" not in str(error):
                raise
            log("  HTTPie: %s" % error)
            results.add("   vs HTTPie (1 run)", fmt_time(wb),
                        "http --pretty=all: > %d s (stopped)" % args.httpie_timeout, "-", "info", "-")
        finally:
            if os.path.exists(http_out):
                os.remove(http_out)
    else:
        results.error("   vs HTTPie", "HTTPie not available")

    peak = max(peaks)
    log("  peak memory (RSS, /usr/bin/time %%M): workbench %s (runs: %s), jq %s; body %s"
        % (fmt_bytes(peak), ", ".join(fmt_bytes(p) for p in peaks), fmt_bytes(max(jq_peaks)), fmt_bytes(size)))
    results.add("   peak memory of workbench (max of %d)" % reps, fmt_bytes(peak),
                "body: %s (jq: %s)" % (fmt_bytes(size), fmt_bytes(max(jq_peaks))),
                "%.2fx body" % (peak / size), "<= 1.5x body", verdict(peak <= 1.5 * size), kind="memory")
    if args.baseline:
        verify_big(pv_out, body)
        pv_peak = max(pv_peaks)
        log("  peak memory of previous (%s): %s" % (args.baseline_label, fmt_bytes(pv_peak)))
        add_previous_row(results, "   peak memory vs previous (%s)" % args.baseline_label, peak, pv_peak,
                         "%.2fx" % (peak / pv_peak), kind="memory")


# ------------------------------------------------------------------- summary

def print_summary(results, started):
    headers = ("measurement", "workbench", "comparison", "ratio wb/tool", "goal", "result")
    keys = ("name", "value", "comparison", "ratio", "goal", "result")
    rows = [[str(row[key]) for key in keys] for row in results.rows]
    widths = [max(len(headers[i]), *(len(r[i]) for r in rows)) if rows else len(headers[i])
              for i in range(len(headers))]
    line = "  ".join("-" * w for w in widths)
    log("\n== Summary (wall-clock medians; ratio = workbench / comparison, of the medians and of the")
    log("   fastest runs (min); PASS/MISS compares the medians with the goal and is informational)")
    log("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    log(line)
    for row in rows:
        log("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    log(line)
    passed = sum(1 for r in results.rows if r["result"] == "PASS")
    missed = sum(1 for r in results.rows if r["result"] == "MISS")
    log("goals: %d PASS, %d MISS%s; load average now %s; %d CPUs; run took %.0f s"
        % (passed, missed, ", %d ERROR" % len(results.errors) if results.errors else "",
           "/".join("%.2f" % x for x in os.getloadavg()), os.cpu_count(), time.time() - started))
    for error in results.errors:
        log("ERROR: " + error)


def main():
    global OUT
    parser = argparse.ArgumentParser(description="Workbench benchmarks (see Benchmarks/run.sh).")
    parser.add_argument("--workbench", required=True, help="the workbench binary")
    parser.add_argument("--http", help="the HTTPie command (e.g. '/path/to/http' or 'python3 -m httpie')")
    parser.add_argument("--out", default=os.path.join(HERE, "out"), help="directory for scratch files and results")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (to try the scripts out)")
    parser.add_argument("--only", default="abcd", help="which benchmarks to run, e.g. 'ab' (default abcd)")
    parser.add_argument("--httpie-timeout", type=int, default=180, help="time limit for HTTPie on the 40 MB body")
    parser.add_argument("--keep-files", action="store_true", help="keep the big output files in --out")
    parser.add_argument("--baseline", help="a workbench binary built from a previous commit, timed side by side")
    parser.add_argument("--baseline-label", default="previous", help="how to name the baseline (e.g. its commit)")
    args = parser.parse_args()
    args.workbench = os.path.abspath(args.workbench)
    args.baseline = os.path.abspath(args.baseline) if args.baseline else None
    args.http = shlex.split(args.http) if args.http else None
    args.reps = {key: value[1 if args.quick else 0] for key, value in REPS.items()}
    OUT = os.path.abspath(args.out)
    os.makedirs(OUT, exist_ok=True)

    started = time.time()
    versions = []
    for argv in ([args.workbench, "--version"], ["curl", "--version"], ["jq", "--version"],
                 (args.http or ["false"]) + ["--version"], ["hyperfine", "--version"]):
        try:
            text = subprocess.run(argv, capture_output=True, text=True, timeout=30).stdout.strip()
            first = " ".join(text.splitlines()[0].split()[:2]) if text else "?"
            versions.append("%s: %s" % ("workbench" if argv[0] == args.workbench else
                                        "httpie" if argv[0] != "hyperfine" and args.http and argv[0] == args.http[0]
                                        else os.path.basename(argv[0]), first))
        except (OSError, subprocess.TimeoutExpired):
            versions.append("%s: not available" % os.path.basename(argv[0]))
    log("Workbench benchmarks, %s" % time.strftime("%Y-%m-%d %H:%M:%S"))
    log("binary: %s" % args.workbench)
    if args.baseline:
        log("previous: %s (%s), timed side by side; ratios are this tree / previous" % (args.baseline, args.baseline_label))
    log("tools: %s" % "; ".join(versions))
    log("machine: %d CPUs, load average %s at start (other work on the machine makes figures noisy)"
        % (os.cpu_count(), "/".join("%.2f" % x for x in os.getloadavg())))
    if args.quick:
        log("QUICK MODE: fewer repetitions")

    results = Results()
    server = None
    crashed = False
    try:
        if "a" in args.only:
            try:
                bench_startup(args, results)
            except BenchError as error:
                results.error("a. start-up", str(error))
        if "b" in args.only:
            try:
                bench_script(args, results)
            except BenchError as error:
                results.error("b. 10,000 building commands", str(error))
        if "c" in args.only or "d" in args.only:
            log("\nstarting bench_server.py (generating the 40 MB document) ...")
            tick = time.perf_counter()
            server = Server()
            log("server on %s, ready after %.1f s" % (server.base, time.perf_counter() - tick))
        if "c" in args.only:
            try:
                bench_gets(args, results, server)
            except BenchError as error:
                results.error("c. 400 GETs", str(error))
        if "d" in args.only:
            try:
                bench_big(args, results, server)
            except BenchError as error:
                results.error("d. 40 MB JSON", str(error))
    except BenchError as error:
        results.error("setup", str(error))
    except Exception:
        crashed = True
        raise
    finally:
        if server:
            server.stop()
        if not crashed:
            print_summary(results, started)
            with open(os.path.join(OUT, "results.json"), "w") as handle:
                json.dump({"date": time.strftime("%Y-%m-%dT%H:%M:%S"), "rows": results.rows,
                           "errors": results.errors}, handle, indent=2)
    return 2 if results.errors else 0


if __name__ == "__main__":
    sys.exit(main())
