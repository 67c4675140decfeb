#!/usr/bin/env python3
"""Scale: does a request cost the same after 10,000 others? Side by side with curl, ratios printed.

    python3 Benchmarks/scale.py [--workbench PATH] [--baseline PATH] [--rounds 3] [--quick]
                                [--only gjlsi]

All against bench_server.py on 127.0.0.1 (keep-alive, one answer per write, TCP_NODELAY):

  g. `workbench run FILE` of N plain GETs (`get /item/K`), N = 400, 3,200, 10,000, beside
     `curl -s --config FILE` fetching the same N URLs in one process. Prints the time per
     request, the ratio of the per-request time at N to that at 400 (goal: 3,200 at most
     1.25x) and the ratio to curl (goal: 3,200 at most 1.3x).
  j. `workbench replay FILE` of a 1,000- and a 10,000-request session (per request: goal
     flat), and `--jobs 4` over four 1,000- and four 10,000-request files, beside
     `xargs -P 4 -n N curl` on the same URLs.
  l. `workbench FILE.json` with an empty script, FILE a 100,000-request session: load time
     and peak memory (wait4's ru_maxrss); goals under 1.5 s and 200 MB. Beside it, Python's
     json.load of the same file and the workbench starting with no session.
  s. `workbench run` of one 5, 20 and 50 MB line (`set x AAAA...`, then `get /item/1`):
     the time per MB at 50 MB to that at 5 MB (goal: linear, and 50 MB under 2 s).
  i. (only when asked: `--only i`; needs valgrind) the user-space instructions a GET costs,
     workbench beside curl: callgrind's totals for 800 GETs less those for 400, over 400.
     Unlike the times of g, which move by a third from run to run on a shared machine,
     the count is the same every run: it shows what a change to the code did.

With --baseline PATH (another build), g and l also time that binary in the same rounds and
print this tree / previous. Without --workbench it builds the release binary
(`swift build -c release --static-swift-stdlib --product workbench`). Medians of --rounds
runs, interleaved. Never run in CI; tests never assert times. The exit status is 0 whatever
the figures, 2 when something could not be measured (a run failed or printed the wrong thing).
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


class BenchError(Exception):
    pass


def start_server():
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "bench_server.py"), "--big-mb", "0.001"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    line = process.stdout.readline().decode()
    if not line.startswith("PORT "):
        raise BenchError("bench_server.py did not start: %r" % line)
    return process, "http://127.0.0.1:%d" % int(line.split()[1])


def run(command, stdin_path=None, expect=None, cwd=None):
    """Runs command once: (wall seconds, peak RSS in bytes). Fails unless it exits 0 and,
    with `expect`, prints it. The peak is GNU time's %M: wait4's ru_maxrss for a child of this
    process would count the memory of the Python process it was forked from (Linux keeps the
    high-water mark across exec)."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as peak:
        start = time.perf_counter()
        process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", peak.name] + command,
                                   stdin=stdin, stdout=out, stderr=err, cwd=cwd)
        _, status, _ = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        peak_kb = int(peak.read().strip().splitlines()[-1])
        if stdin_path:
            stdin.close()
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if code != 0:
            raise BenchError("%s exited %d: %s" % (" ".join(command[:3]), code, err.read().decode()[-400:]))
        if expect is not None:
            text = out.read().decode(errors="replace")
            if expect not in text:
                raise BenchError("%s did not print %r (it printed %r)" % (" ".join(command[:3]), expect, text[-300:]))
    return elapsed, peak_kb * 1024


def medians(rounds, commands):
    """Runs each command `rounds` times, interleaved; {name: (median seconds, median peak)}."""
    samples = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            samples[name].append(command())
    return {name: (statistics.median(s[0] for s in values), statistics.median(s[1] for s in values))
            for name, values in samples.items()}


def verdict(ok):
    return "PASS" if ok else "MISS"


def ms(seconds):
    return "%.0f ms" % (seconds * 1000) if seconds >= 0.1 else "%.1f ms" % (seconds * 1000)


def us(seconds):
    return "%.1f us" % (seconds * 1e6)


def write_gets(folder, base, count):
    script = os.path.join(folder, "gets-%d.wb" % count)
    with open(script, "w") as handle:
        handle.write("base %s\n" % base)
        handle.writelines("get /item/%d\n" % n for n in range(1, count + 1))
    config = os.path.join(folder, "gets-%d.curlrc" % count)
    with open(config, "w") as handle:
        handle.writelines('url = "%s/item/%d"\n' % (base, n) for n in range(1, count + 1))
    return script, config


def bench_gets(args, base, folder, results):
    print("\n== g. `workbench run` of N GETs beside one curl process fetching the same N URLs", flush=True)
    counts = [400, 3200] if args.quick else [400, 3200, 10000]
    per = {}
    for count in counts:
        script, config = write_gets(folder, base, count)
        commands = {
            "workbench": lambda: run([args.workbench, "run", script]),
            "curl": lambda: run(["curl", "-s", "--config", config]),
        }
        if args.baseline:
            commands["previous"] = lambda: run([args.baseline, "run", script])
        # A checked run: every response printed.
        lines = subprocess.run([args.workbench, "run", script], capture_output=True, check=True).stdout.decode()
        if lines.count("HTTP/1.1 200 OK") != count:
            raise BenchError("workbench run printed %d status lines for %d GETs" % (lines.count("HTTP/1.1 200 OK"), count))
        figures = medians(args.rounds, commands)
        wb, curl = figures["workbench"][0], figures["curl"][0]
        per[count] = (wb / count, curl / count, figures.get("previous", (None,))[0])
        line = "  N = %6d: workbench %8s (%s a request), curl %8s (%s a request): %.2fx curl" % (
            count, ms(wb), us(wb / count), ms(curl), us(curl / count), wb / curl)
        if args.baseline:
            previous = figures["previous"][0]
            line += "; previous %s (%s a request), this / previous %.2fx" % (ms(previous), us(previous / count), wb / previous)
        print(line, flush=True)
    first = per[counts[0]][0]
    for count in counts[1:]:
        growth = per[count][0] / first
        goal = 1.25 if count == 3200 else None
        results.append(("g. %d GETs: per request / per request at 400" % count, "%.2fx" % growth,
                        "<= 1.25x" if goal else "flat", verdict(growth <= (goal or 1.25))))
        if args.baseline:
            results.append(("   previous build: the same ratio", "%.2fx" % (per[count][2] / count / (per[counts[0]][2] / counts[0])), "-", "-"))
    for count in counts:
        ratio = per[count][0] / per[count][1]
        results.append(("g. %d GETs: workbench / curl" % count, "%.2fx" % ratio,
                        "<= 1.3x" if count == 3200 else "-", verdict(ratio <= 1.3) if count == 3200 else "-"))


def callgrind_total(command, folder):
    """The instructions callgrind counts for one run of `command` (user space, this process)."""
    out = os.path.join(folder, "callgrind.out")
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    for line in result.stderr.decode(errors="replace").splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip().replace(",", ""))
    raise BenchError("callgrind counted nothing for %s: %s" % (" ".join(command[:2]), result.stderr.decode()[-300:]))


def bench_instructions(args, base, folder, results):
    print("\n== i. instructions a GET costs (callgrind: 800 GETs less 400, over 400)", flush=True)
    if subprocess.run(["which", "valgrind"], capture_output=True).returncode != 0:
        raise BenchError("valgrind is not installed (apt-get install valgrind)")
    # valgrind cannot read the DWARF of a Swift release build: a copy without it.
    binary = os.path.join(folder, "workbench-nodebug")
    subprocess.run(["strip", "--strip-debug", "-o", binary, args.workbench], check=True)
    counts = {}
    for name, command in [("workbench", lambda script, config: [binary, "run", script]),
                          ("curl", lambda script, config: ["curl", "-s", "--config", config])]:
        totals = [callgrind_total(command(*write_gets(folder, base, count)), folder) for count in (400, 800)]
        counts[name] = (totals[1] - totals[0]) / 400
        print("  %-9s %8.0f instructions a GET (start-up %.1f M)" % (name, counts[name], (2 * totals[0] - totals[1]) / 1e6),
              flush=True)
    results.append(("i. instructions a GET: workbench / curl", "%.0f / %.0f = %.2fx" % (
        counts["workbench"], counts["curl"], counts["workbench"] / counts["curl"]), "-", "-"))


def write_sessions(workbench, base, folder, files, per_file, tag, indent=2, small=False):
    """Records one GET with the workbench, then writes `files` sessions of `per_file` copies of it.
    `indent` None and `small` (a 30-byte recorded body instead of 193) keep 100,000 records under
    the 64 MB a file read whole may be: the workbench's own pretty layout of them is 105 MB."""
    seed_path = os.path.join(folder, "seed.json")
    if not os.path.exists(seed_path):
        subprocess.run([workbench], input=("base %s\nget /item/0\nsave %s\n" % (base, seed_path)).encode(),
                       check=True, capture_output=True, cwd=folder)
    with open(seed_path) as handle:
        seed = json.load(handle)
    record = seed["requests"][0]
    paths, urls = [], []
    for file_index in range(files):
        requests = []
        for number in range(per_file):
            item = file_index * per_file + number
            copy = json.loads(json.dumps(record))
            copy["endpoint"]["path"] = "/item/%d" % item
            if small and copy.get("response"):
                copy["response"]["body"] = json.dumps({"id": item, "name": "item %d" % item})
                copy["response"]["bodySize"] = len(copy["response"]["body"])
            requests.append(copy)
            urls.append("%s/item/%d" % (base, item))
        seed["requests"] = requests
        path = os.path.join(folder, "%s-%d.json" % (tag, file_index + 1))
        with open(path, "w") as handle:
            json.dump(seed, handle, indent=indent, separators=None if indent else (",", ":"))
        paths.append(path)
    url_file = os.path.join(folder, "%s-urls.txt" % tag)
    with open(url_file, "w") as handle:
        handle.write("\n".join(urls) + "\n")
    return paths, url_file


def bench_replay(args, base, folder, results):
    print("\n== j. `workbench replay` of 1,000 and 10,000 requests, one file and --jobs 4 over four", flush=True)
    sizes = [1000, 10000]
    one, jobs = {}, {}
    for size in sizes:
        single, single_urls = write_sessions(args.workbench, base, folder, 1, size, "one-%d" % size)
        four, four_urls = write_sessions(args.workbench, base, folder, 4, size, "four-%d" % size)
        figures = medians(args.rounds, {
            "replay": lambda: run([args.workbench, "replay", single[0]], expect="%d passed, 0 failed" % size),
            "curl": lambda: run(["xargs", "-n", str(size), "curl", "-s", "-f"], stdin_path=single_urls),
            "jobs": lambda: run([args.workbench, "replay", *four, "--jobs", "4"], expect="%d passed, 0 failed" % (4 * size)),
            "xargs": lambda: run(["xargs", "-P", "4", "-n", str(size), "curl", "-s", "-f"], stdin_path=four_urls),
        })
        one[size] = figures["replay"][0] / size
        jobs[size] = figures["jobs"][0] / (4 * size)
        print("  %6d requests: replay %8s (%s a request), curl %8s: %.2fx curl; --jobs 4 over 4 files %8s "
              "(%s a request), xargs -P 4 curl %8s: %.2fx" % (
                  size, ms(figures["replay"][0]), us(one[size]), ms(figures["curl"][0]),
                  figures["replay"][0] / figures["curl"][0], ms(figures["jobs"][0]), us(jobs[size]),
                  ms(figures["xargs"][0]), figures["jobs"][0] / figures["xargs"][0]), flush=True)
        results.append(("j. replay %d: workbench / curl" % size, "%.2fx" % (figures["replay"][0] / figures["curl"][0]), "-", "-"))
        results.append(("j. --jobs 4 over 4 x %d: workbench / xargs -P 4 curl" % size,
                        "%.2fx" % (figures["jobs"][0] / figures["xargs"][0]), "-", "-"))
    growth = one[10000] / one[1000]
    results.append(("j. replay: per request at 10,000 / at 1,000", "%.2fx" % growth, "linear (<= 1.25x)", verdict(growth <= 1.25)))
    growth = jobs[10000] / jobs[1000]
    results.append(("j. --jobs 4: per request at 4 x 10,000 / 4 x 1,000", "%.2fx" % growth, "linear (<= 1.25x)", verdict(growth <= 1.25)))


def bench_load(args, base, folder, results):
    count = 100000
    print("\n== l. Loading a %d-request session (`workbench FILE.json` with an empty script)" % count, flush=True)
    paths, _ = write_sessions(args.workbench, base, folder, 1, count, "load", indent=None, small=True)
    path = paths[0]
    # The same records laid out as `save` writes them (pretty, 193-byte bodies): over the 64 MB
    # of other files read whole, within the 128 MB a session file may be.
    saved_paths, _ = write_sessions(args.workbench, base, folder, 1, count, "saved")
    saved = saved_paths[0]
    print("  the file: %.1f MB compact; %.1f MB as saved" % (os.path.getsize(path) / 1e6, os.path.getsize(saved) / 1e6),
          flush=True)
    # The same file with its `requests` key escaped: the loader then takes the whole tree's
    # way (as every load did before records were read one at a time), in the same binary.
    tree = os.path.join(folder, "load-tree.json")
    with open(path, "rb") as source, open(tree, "wb") as target:
        target.write(source.read().replace(b'"requests":', b'"req\\u0075ests":', 1))
    empty = os.path.join(folder, "empty.wb")
    open(empty, "w").close()
    commands = {
        "workbench": lambda: run([args.workbench, path], stdin_path=empty),
        "the tree's way": lambda: run([args.workbench, tree], stdin_path=empty),
        "as saved": lambda: run([args.workbench, saved], stdin_path=empty),
        "empty start": lambda: run([args.workbench], stdin_path=empty),
        "python json.load": lambda: run([sys.executable, "-c", "import json,sys; json.load(open(sys.argv[1]))", path]),
    }
    if args.baseline:
        commands["previous"] = lambda: run([args.baseline, path], stdin_path=empty)
    figures = medians(args.rounds, commands)
    for name, (seconds, peak) in figures.items():
        print("  %-18s %8s, peak %6.1f MB" % (name, ms(seconds), peak / 1e6), flush=True)
    seconds, peak = figures["workbench"]
    results.append(("l. load 100,000 requests: time", ms(seconds), "< 1.5 s", verdict(seconds < 1.5)))
    results.append(("l. load 100,000 requests: peak memory", "%.0f MB" % (peak / 1e6), "< 200 MB", verdict(peak < 200e6)))
    results.append(("   records one at a time / the whole tree", "%.2fx time, %.2fx memory" % (
        seconds / figures["the tree's way"][0], peak / figures["the tree's way"][1]), "-", "-"))
    seconds_saved, peak_saved = figures["as saved"]
    results.append(("l. load 100,000 requests as saved (%.0f MB)" % (os.path.getsize(saved) / 1e6),
                    "%s, %.0f MB" % (ms(seconds_saved), peak_saved / 1e6), "loads", "PASS"))
    results.append(("   vs python json.load of the file", "%.2fx time, %.2fx memory" % (
        seconds / figures["python json.load"][0], peak / figures["python json.load"][1]), "-", "-"))
    if args.baseline:
        previous = figures["previous"]
        results.append(("   this / previous", "%.2fx time, %.2fx memory" % (seconds / previous[0], peak / previous[1]), "-", "-"))


def bench_long_lines(args, base, folder, results):
    print("\n== s. One long line: `set x AAAA...` of 5, 20 and 50 MB, then `get /item/1`", flush=True)
    per_mb = {}
    for size in [5, 20, 50]:
        script = os.path.join(folder, "line-%d.wb" % size)
        with open(script, "w") as handle:
            handle.write("base %s\nset x " % base)
            handle.write("A" * (size * 1000 * 1000))
            handle.write("\nget /item/1\n")
        seconds, peak = medians(args.rounds, {"line": lambda: run([args.workbench, "run", script], expect="HTTP/1.1 200 OK")})["line"]
        per_mb[size] = seconds / size
        print("  %2d MB line: %8s (%.1f ms a MB), peak %.0f MB" % (size, ms(seconds), per_mb[size] * 1000, peak / 1e6), flush=True)
        if size == 50:
            results.append(("s. a 50 MB line", ms(seconds), "< 2 s", verdict(seconds < 2)))
    growth = per_mb[50] / per_mb[5]
    results.append(("s. time per MB at 50 MB / at 5 MB", "%.2fx" % growth, "linear (<= 1.5x)", verdict(growth <= 1.5)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workbench", help="the binary (default: build the release one)")
    parser.add_argument("--baseline", help="another build to time beside it (g and l)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="N up to 3,200 only, one round")
    parser.add_argument("--only", default="gjls", help="some of the benchmarks: g, j, l, s, i")
    args = parser.parse_args()
    if args.quick:
        args.rounds = 1
    if not args.workbench:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "workbench"],
                       cwd=ROOT, check=True)
        args.workbench = os.path.join(ROOT, ".build", "release", "workbench")
    args.workbench = os.path.abspath(args.workbench)
    args.baseline = args.baseline and os.path.abspath(args.baseline)
    print("scale.py: %d rounds, load average %.2f" % (args.rounds, os.getloadavg()[0]), flush=True)
    server, base = start_server()
    results = []
    failed = False
    try:
        with tempfile.TemporaryDirectory() as folder:
            for key, bench in [("g", bench_gets), ("j", bench_replay), ("l", bench_load), ("s", bench_long_lines),
                               ("i", bench_instructions)]:
                if key in args.only:
                    try:
                        bench(args, base, folder, results)
                    except BenchError as error:
                        print("  ERROR: %s" % error, flush=True)
                        failed = True
    finally:
        server.stdin.close()
        server.wait(timeout=10)
    print("\n%-58s %-26s %-18s %s" % ("measurement", "figure", "goal", ""))
    for name, figure, goal, result in results:
        print("%-58s %-26s %-18s %s" % (name, figure, goal, result))
    print("load average at the end %.2f" % os.getloadavg()[0])
    return 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
