#!/usr/bin/env python3
"""The 53 MB description of issue 40 (goal 6: under 3 s and under 400 MB, or refused early
naming the bound): Discord's description scaled up (scripts/scale_openapi.py: 45 copies of its
paths and schemas, each copy's `$ref`s into its own copy), as JSON and as the same in YAML.

    Benchmarks/big_description.py [--bin BINARY] [--runs 3] [--megabytes 53] [--only json,yaml]

BINARY defaults to .build/release/workbench (build it first: `swift build -c release
--product workbench`). Each run is `openapi FILE` in script mode under `/usr/bin/time -v`:
wall time, CPU time (user + system: on a shared machine the wall time waits for the CPU) and
peak resident memory, medians of --runs, beside the same run without the description
(start-up). Prints what the workbench answered (the summary, or its one error line).
Exit status 0 unless something could not be measured (2). Nothing is sent.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCALE = os.path.join(ROOT, "scripts", "scale_openapi.py")


def timed(binary, script, cwd):
    """(wall s, cpu s, peak MB, exit status, first lines of stdout + stderr) of one run."""
    process = subprocess.run(["/usr/bin/time", "-v", binary, "--no-history", "--keep-going"], input=script,
                             capture_output=True, text=True, cwd=cwd)
    report = process.stderr
    figures = {}
    for name, pattern in [("wall", r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)"),
                          ("user", r"User time \(seconds\): (\S+)"), ("system", r"System time \(seconds\): (\S+)"),
                          ("peak", r"Maximum resident set size \(kbytes\): (\d+)"), ("status", r"Exit status: (\d+)")]:
        found = re.search(pattern, report)
        if not found:
            raise SystemExit(f"big_description.py: no {name} in /usr/bin/time's report:\n{report}")
        figures[name] = found.group(1)
    wall = 0.0
    for part in figures["wall"].split(":"):
        wall = wall * 60 + float(part)
    answer = [line for line in (process.stdout + report.split("\tCommand being timed")[0]).splitlines() if line.strip()]
    return (wall, float(figures["user"]) + float(figures["system"]), int(figures["peak"]) / 1024,
            int(figures["status"]), answer[:3])


def median_of(binary, script, cwd, runs):
    results = [timed(binary, script, cwd) for _ in range(runs)]
    return (statistics.median(r[0] for r in results), statistics.median(r[1] for r in results),
            statistics.median(r[2] for r in results), results[-1][3], results[-1][4])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "workbench"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--megabytes", type=float, default=53)
    parser.add_argument("--only", default="json,yaml")
    arguments = parser.parse_args()
    if not os.access(arguments.bin, os.X_OK):
        print(f"big_description.py: {arguments.bin} is not built", file=sys.stderr)
        return 2
    if not os.access("/usr/bin/time", os.X_OK):
        print("big_description.py: GNU time (/usr/bin/time) is missing: apt-get install time", file=sys.stderr)
        return 2
    with open("/proc/loadavg") as handle:
        print(f"load average at start: {handle.read().split()[0]}")
    with tempfile.TemporaryDirectory(prefix="workbench-big-description-") as folder:
        start = median_of(arguments.bin, "base http://127.0.0.1:1\n", folder, arguments.runs)
        print(f"{'case':28} {'size':>8} {'wall s':>7} {'cpu s':>6} {'peak MB':>8}  goal: under 3 s and 400 MB")
        print(f"{'start-up (no description)':28} {'':>8} {start[0]:7.2f} {start[1]:6.2f} {start[2]:8.0f}")
        for kind in arguments.only.split(","):
            name = os.path.join(folder, f"big.{kind}")
            with open(name, "w") as handle:
                subprocess.run([sys.executable, SCALE, "--megabytes", str(arguments.megabytes)]
                               + (["--yaml"] if kind == "yaml" else []), stdout=handle, check=True)
            size = os.path.getsize(name) / 1e6
            wall, cpu, peak, status, answer = median_of(
                arguments.bin, f"openapi big.{kind}\n", folder, arguments.runs)
            verdict = "PASS" if cpu < 3 and peak < 400 else "MISS"
            print(f"{'openapi big.' + kind:28} {size:6.1f}MB {wall:7.2f} {cpu:6.2f} {peak:8.0f}  {verdict} (exit {status})")
            for line in answer:
                print(f"    {line[:160]}")
    with open("/proc/loadavg") as handle:
        print(f"load average at end: {handle.read().split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
