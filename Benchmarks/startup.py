#!/usr/bin/env python3
"""Start-up, from exec to the first request: this build beside another (say main's) and curl.

    Benchmarks/startup.py --workbench BIN [--baseline BIN] [--rounds 30] [--no-callgrind]

Against a Benchmarks/bench_server.py of its own on 127.0.0.1, for a scripted small GET
(`--color always < script`, the script `base URL` then `get /item/1`, output to /dev/null) and
for `--version`:

- exec -> connect: the time from the process's exec to its first connect(), read from the kernel's
  tracepoints (`perf record -e sched:sched_process_exec -e syscalls:sys_enter_connect`), the
  binaries in alternating rounds, medians; `curl -s -o /dev/null URL` measured the same way;
- whole runs: the GET and `--version`, wall time, alternating rounds, medians (curl beside them);
- instructions (`valgrind --tool=callgrind`, one run each): repeatable while other work shares
  the machine, so the main evidence of what a change saved;
- peak resident memory of the GET (GNU time `%M`, median).

Prints each figure and the ratio this build / baseline (and / curl). Nothing is asserted:
timings depend on the machine; the exit status is 2 only when something could not be run.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    print("startup.py: " + message, file=sys.stderr)
    sys.exit(2)


def start_server():
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "bench_server.py")],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    match = re.match(r"PORT (\d+)", line)
    if not match:
        server.kill()
        fail("the benchmark server did not start")
    return server, int(match.group(1))


def exec_to_connect(argv, stdin_path, work):
    """Seconds from exec to the first connect(), from one run under perf's tracepoints."""
    data = os.path.join(work, "perf.data")
    with open(stdin_path, "rb") as stdin:
        subprocess.run(["perf", "record", "-q", "-o", data, "-e", "sched:sched_process_exec",
                        "-e", "syscalls:sys_enter_connect", "--"] + argv,
                       stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    script = subprocess.run(["perf", "script", "-i", data, "-F", "time,event"],
                            capture_output=True, text=True, check=True).stdout
    exec_at = connect_at = None
    for line in script.splitlines():
        match = re.match(r"\s*([\d.]+):\s+(\S+):", line)
        if not match:
            continue
        stamp, event = float(match.group(1)), match.group(2)
        if event == "sched:sched_process_exec" and exec_at is None:
            exec_at = stamp
        elif event == "syscalls:sys_enter_connect" and exec_at is not None and connect_at is None:
            connect_at = stamp
    if exec_at is None or connect_at is None:
        fail("no exec or connect seen for %s" % " ".join(argv))
    return connect_at - exec_at


def wall(argv, stdin_path):
    with open(stdin_path, "rb") as stdin:
        started = time.perf_counter()
        status = subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        elapsed = time.perf_counter() - started
    if status != 0:
        fail("%s exited with %d" % (" ".join(argv), status))
    return elapsed


def peak_kib(argv, stdin_path, work):
    report = os.path.join(work, "time.out")
    with open(stdin_path, "rb") as stdin:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + argv, stdin=stdin,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    with open(report) as handle:
        return int(handle.read().split()[-1])


def instructions(argv, stdin_path, work):
    out = os.path.join(work, "callgrind.out")
    with open(stdin_path, "rb") as stdin:
        log = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + argv,
                             stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    match = re.search(r"Collected : (\d+)", log)
    if not match:
        fail("callgrind gave no total for %s" % " ".join(argv))
    return int(match.group(1))


def median_ms(samples):
    return statistics.median(samples) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workbench", required=True, help="the build to measure")
    parser.add_argument("--baseline", help="another build to measure beside it (e.g. main's)")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--no-callgrind", action="store_true")
    args = parser.parse_args()
    for tool in ["perf", "curl", "/usr/bin/time"] + ([] if args.no_callgrind else ["valgrind", "strip"]):
        if not shutil.which(tool):
            fail("%s is needed" % tool)

    builds = [("this build", os.path.abspath(args.workbench))]
    if args.baseline:
        builds.append(("baseline", os.path.abspath(args.baseline)))
    server, port = start_server()
    work = tempfile.mkdtemp(prefix="wb-startup-")
    try:
        url = "http://127.0.0.1:%d" % port
        script = os.path.join(work, "get.wb")
        with open(script, "w") as handle:
            handle.write("base %s\nget /item/1\n" % url)
        empty = os.devnull
        # The binaries run without a state folder of their own or the user's: same files for each.
        os.environ["HOME"] = work
        os.environ.pop("XDG_STATE_HOME", None)
        get = {name: [binary, "--color", "always"] for name, binary in builds}
        version = {name: [binary, "--version"] for name, binary in builds}
        curl_get = ["curl", "-s", "-o", "/dev/null", url + "/item/1"]
        print("load average at start: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))

        connect = {name: [] for name, _ in builds}
        connect["curl"] = []
        runs = {key: [] for key in ["get:" + n for n, _ in builds] + ["version:" + n for n, _ in builds]
                + ["get:curl", "version:curl"]}
        for argv in list(get.values()) + [curl_get]:
            wall(argv, script if argv is not curl_get else empty)  # warm the page cache
        for round_number in range(args.rounds):
            order = builds if round_number % 2 == 0 else list(reversed(builds))
            for name, _ in order:
                connect[name].append(exec_to_connect(get[name], script, work))
                runs["get:" + name].append(wall(get[name], script))
                runs["version:" + name].append(wall(version[name], empty))
            connect["curl"].append(exec_to_connect(curl_get, empty, work))
            runs["get:curl"].append(wall(curl_get, empty))
            runs["version:curl"].append(wall(["curl", "--version"], empty))

        peaks = {name: statistics.median(peak_kib(get[name], script, work) for _ in range(7)) for name, _ in builds}
        counts = {}
        if not args.no_callgrind:
            for name, binary in builds:
                # valgrind cannot read the DWARF 5 debug information: a copy without it.
                stripped = os.path.join(work, "stripped")
                subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
                counts["get:" + name] = instructions([stripped] + get[name][1:], script, work)
                counts["version:" + name] = instructions([stripped, "--version"], empty, work)
            counts["get:curl"] = instructions(curl_get, empty, work)
            counts["version:curl"] = instructions(["curl", "--version"], empty, work)
        print("load average at end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    finally:
        server.kill()
        shutil.rmtree(work, ignore_errors=True)

    def row(label, values, unit, fmt):
        ours = values.get("this build")
        cells = ["%-34s" % label]
        for name in [n for n, _ in builds] + ["curl"]:
            if name in values:
                cells.append("%s: %s" % (name, fmt(values[name]) + unit))
        if "baseline" in values:
            cells.append("this/baseline %.2fx" % (ours / values["baseline"]))
        if "curl" in values:
            cells.append("this/curl %.2fx" % (ours / values["curl"]))
        print("  ".join(cells))

    print("\n%d rounds, medians (ms); instructions from one callgrind run each" % args.rounds)
    row("exec -> connect, scripted GET", {k: median_ms(v) for k, v in connect.items()}, " ms", lambda v: "%.2f" % v)
    row("whole scripted GET", {k.split(":")[1]: median_ms(v) for k, v in runs.items() if k.startswith("get:")},
        " ms", lambda v: "%.2f" % v)
    row("--version", {k.split(":")[1]: median_ms(v) for k, v in runs.items() if k.startswith("version:")},
        " ms", lambda v: "%.2f" % v)
    row("peak RSS, scripted GET", peaks, " KiB", lambda v: "%d" % v)
    if counts:
        row("instructions, scripted GET", {k.split(":")[1]: v for k, v in counts.items() if k.startswith("get:")},
            "", lambda v: "{:,}".format(v))
        row("instructions, --version", {k.split(":")[1]: v for k, v in counts.items() if k.startswith("version:")},
            "", lambda v: "{:,}".format(v))


if __name__ == "__main__":
    main()
