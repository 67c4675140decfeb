#!/usr/bin/env python3
"""`workbench replay --jobs 4` side by side with a sequential replay and `xargs -P 4 curl`.

    python3 Benchmarks/replay_jobs.py [--workbench PATH] [--rounds 5] [--latency-ms 20]

400 GETs against a local server that answers each after 20 ms (bench_server.py
--latency-ms 20, a thread per connection), split over 4 session files of 100:

  a. `workbench replay f1 f2 f3 f4 --jobs 4`
  b. `workbench replay f1 f2 f3 f4` (one at a time)
  c. `xargs -P 4 -n 100 curl -s` on the same 400 URLs: 4 curl processes at once, each
     fetching its 100 URLs in order on one kept-alive connection (what --jobs 4 does)
  d. `xargs -P 4 -n 1 curl -s`: a curl process per URL, 4 at a time (for reference)

Each is run `--rounds` times, interleaved, and the medians printed with the ratios:
sequential / jobs 4 (goal: at least 3.5x) and jobs 4 / xargs curl (goal: at most 1.3x).
Without --workbench it builds the release binary (`swift build -c release
--static-swift-stdlib --product workbench`). Never run in CI; tests never assert times.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FILES = 4
PER_FILE = 100


def start_server(latency_ms):
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "bench_server.py"), "--big-mb", "0.001",
                                "--latency-ms", str(latency_ms)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    line = process.stdout.readline().decode()
    if not line.startswith("PORT "):
        sys.exit("replay_jobs: the server did not start")
    return process, "http://127.0.0.1:%d" % int(line.split()[1])


def write_sessions(workbench, base, folder):
    """Records one GET with the workbench, then writes 4 sessions of 100 copies of it (/item/N)."""
    subprocess.run([workbench], input=("base %s\nget /item/0\nsave %s/seed.json\n" % (base, folder)).encode(),
                   check=True, capture_output=True, cwd=folder)
    with open(os.path.join(folder, "seed.json")) as handle:
        seed = json.load(handle)
    record = seed["requests"][0]
    files, urls = [], []
    for file_index in range(FILES):
        requests = []
        for number in range(PER_FILE):
            item = file_index * PER_FILE + number
            copy = json.loads(json.dumps(record))
            copy["endpoint"]["path"] = "/item/%d" % item
            requests.append(copy)
            urls.append("%s/item/%d" % (base, item))
        seed["requests"] = requests
        path = os.path.join(folder, "part%d.json" % (file_index + 1))
        with open(path, "w") as handle:
            json.dump(seed, handle)
        files.append(path)
    with open(os.path.join(folder, "urls.txt"), "w") as handle:
        handle.write("\n".join(urls) + "\n")
    return files, os.path.join(folder, "urls.txt")


def timed(command, stdin_path=None, expect=None):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        result = subprocess.run(command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    finally:
        if stdin_path:
            stdin.close()
    if result.returncode != 0 or (expect and expect not in result.stdout.decode()):
        sys.exit("replay_jobs: %s failed (%d): %s" % (command[:3], result.returncode, result.stderr.decode()[-500:]))
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workbench", help="the binary (default: build the release one)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--latency-ms", type=float, default=20.0)
    args = parser.parse_args()
    workbench = args.workbench and os.path.abspath(args.workbench)
    if not workbench:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "workbench"],
                       cwd=ROOT, check=True)
        workbench = os.path.join(ROOT, ".build", "release", "workbench")
    server, base = start_server(args.latency_ms)
    try:
        with tempfile.TemporaryDirectory() as folder:
            files, urls = write_sessions(workbench, base, folder)
            total = "%d passed, 0 failed" % (FILES * PER_FILE)
            commands = {
                "workbench --jobs 4": ([workbench, "replay", *files, "--jobs", "4"], None, total),
                "workbench sequential": ([workbench, "replay", *files], None, total),
                "xargs -P 4 -n 100 curl": (["xargs", "-P", "4", "-n", str(PER_FILE), "curl", "-s", "-f"], urls, None),
                "xargs -P 4 -n 1 curl": (["xargs", "-P", "4", "-n", "1", "curl", "-s", "-f"], urls, None),
            }
            times = {name: [] for name in commands}
            print("replay_jobs: %d GETs over %d files, server latency %g ms, %d rounds, load average %.2f"
                  % (FILES * PER_FILE, FILES, args.latency_ms, args.rounds, os.getloadavg()[0]))
            for _ in range(args.rounds):
                for name, (command, stdin_path, expect) in commands.items():
                    times[name].append(timed(command, stdin_path, expect))
            medians = {name: statistics.median(values) for name, values in times.items()}
    finally:
        server.stdin.close()
        server.wait(timeout=10)
    jobs = medians["workbench --jobs 4"]
    floor = FILES * PER_FILE * args.latency_ms / 1000 / 4
    print()
    print("%-24s %10s %10s" % ("", "median", "best"))
    for name, values in times.items():
        print("%-24s %8.0f ms %8.0f ms" % (name, medians[name] * 1000, min(values) * 1000))
    print("(400 x %g ms / 4 jobs = %.0f ms is the floor for 4 at a time)" % (args.latency_ms, floor * 1000))
    print()
    speedup = medians["workbench sequential"] / jobs
    versus = jobs / medians["xargs -P 4 -n 100 curl"]
    versus_one = jobs / medians["xargs -P 4 -n 1 curl"]
    print("sequential / --jobs 4:            %.2fx faster   (goal: at least 3.5x)  %s" % (speedup, "PASS" if speedup >= 3.5 else "MISS"))
    print("--jobs 4 / xargs -P 4 -n 100 curl: %.2fx          (goal: at most 1.3x)   %s" % (versus, "PASS" if versus <= 1.3 else "MISS"))
    print("--jobs 4 / xargs -P 4 -n 1 curl:   %.2fx          (for reference)" % versus_one)
    print("load average at the end %.2f" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
