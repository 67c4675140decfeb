#!/usr/bin/env python3
"""`workbench bench` side by side with wrk (and ab) against nginx on 127.0.0.1.

    python3 Benchmarks/bench_vs_wrk.py [--workbench PATH] [--connections 8] [--duration 5]
                                      [--rounds 3] [--threads 2] [--size 64]

Starts nginx (Debian's) with a config in a temporary folder on a free port (nginx cannot
take port 0, so the port is picked by binding one first), serving a small file (--size
bytes, default 64). Then, --rounds times, interleaved:

  a. `wrk -t THREADS -c C -d Ds --latency URL`
  b. the workbench: `bench --concurrency C --duration Ds --json FILE` on a GET of the file
  c. `ab -k -c C -t D URL` when apache2-utils is installed (ab runs one thread)

and prints the medians side by side: requests/s and latency p50/p90/p99/max, with the
ratio workbench / wrk (goal: requests/s at least 0.6x wrk's with the same connections).
wrk's threads default to 2 (this machine's cores); the workbench runs on one thread, as
its bench does. Without --workbench it builds the release binary (`swift build -c release
--static-swift-stdlib --product workbench`). Never run in CI; tests never assert times.
"""

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

NGINX_CONFIG = """
worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {dir}/www;
        location / {{ }}
    }}
}}
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_nginx(folder, size):
    os.makedirs(os.path.join(folder, "www"))
    with open(os.path.join(folder, "www", "small.txt"), "wb") as file:
        file.write(b"x" * size)
    for attempt in range(5):
        port = free_port()
        config = os.path.join(folder, "nginx.conf")
        with open(config, "w") as file:
            file.write(NGINX_CONFIG.format(dir=folder, port=port))
        process = subprocess.Popen(["nginx", "-c", config, "-p", folder], stderr=subprocess.PIPE)
        deadline = time.time() + 5
        while time.time() < deadline:
            if process.poll() is not None:
                break
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return process, f"http://127.0.0.1:{port}/small.txt"
            except OSError:
                time.sleep(0.05)
        process.kill()
        process.wait()
    sys.exit("bench_vs_wrk: nginx did not start (see the error log in the temporary folder)")


def milliseconds(text):
    """wrk's `1.23ms`, `456.00us`, `1.20s` in milliseconds."""
    match = re.match(r"([\d.]+)(us|ms|s|m)", text)
    value, unit = float(match.group(1)), match.group(2)
    return value * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def run_wrk(url, connections, duration, threads):
    output = subprocess.run(["wrk", "-t", str(min(threads, connections)), "-c", str(connections), "-d", f"{duration}s",
                             "--latency", url], capture_output=True, text=True, check=True).stdout
    result = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))}
    for name, percent in (("p50", "50%"), ("p90", "90%"), ("p99", "99%")):
        result[name] = milliseconds(re.search(rf"^\s+{re.escape(percent)}\s+(\S+)", output, re.M).group(1))
    result["max"] = milliseconds(re.search(r"Latency\s+\S+\s+\S+\s+(\S+)", output).group(1))
    return result


def run_workbench(binary, url, connections, duration, folder):
    report = os.path.join(folder, "bench.json")
    script = f"base {url.rsplit('/', 1)[0]}\npath /small.txt\nbench --concurrency {connections} --duration {duration}s --json {report}\n"
    subprocess.run([binary], input=script, capture_output=True, text=True, check=True)
    with open(report) as file:
        data = json.load(file)
    latency = data["latencyMs"]
    return {"rps": data["requestsPerSecond"], "p50": latency["p50"], "p90": latency["p90"], "p99": latency["p99"],
            "max": latency["max"], "errors": sum(data["errors"].values())}


def run_ab(url, connections, duration):
    output = subprocess.run(["ab", "-k", "-q", "-c", str(connections), "-t", str(duration), "-n", "10000000", url],
                            capture_output=True, text=True).stdout
    found = re.search(r"Requests per second:\s+([\d.]+)", output)
    if not found:
        return None
    result = {"rps": float(found.group(1))}
    for name, percent in (("p50", "50%"), ("p90", "90%"), ("p99", "99%"), ("max", "100%")):
        match = re.search(rf"^\s+{re.escape(percent)}\s+(\d+)", output, re.M)
        result[name] = float(match.group(1)) if match else float("nan")  # ab: whole milliseconds
    return result


def build_release():
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "workbench"], cwd=ROOT, check=True)
    return os.path.join(ROOT, ".build", "release", "workbench")


def median(results, key):
    values = [result[key] for result in results if result]
    return statistics.median(values) if values else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workbench", help="the binary (default: build the release one)")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--duration", type=int, default=5, help="seconds per run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2, help="wrk's threads")
    parser.add_argument("--size", type=int, default=64, help="bytes of the file nginx serves")
    arguments = parser.parse_args()
    for tool in ("nginx", "wrk"):
        if not shutil.which(tool):
            sys.exit(f"bench_vs_wrk: {tool} is not installed (scripts/setup.sh --tests installs it)")
    binary = arguments.workbench or build_release()
    has_ab = shutil.which("ab") is not None
    with tempfile.TemporaryDirectory(prefix="bench-vs-wrk-") as folder:
        nginx, url = start_nginx(folder, arguments.size)
        try:
            results = {"wrk": [], "workbench": [], "ab": []}
            for _ in range(arguments.rounds):
                results["wrk"].append(run_wrk(url, arguments.connections, arguments.duration, arguments.threads))
                results["workbench"].append(run_workbench(binary, url, arguments.connections, arguments.duration, folder))
                if has_ab:
                    results["ab"].append(run_ab(url, arguments.connections, arguments.duration))
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)
    print(f"nginx on 127.0.0.1, a {arguments.size}-byte file; {arguments.connections} connections, "
          f"{arguments.duration} s a run, median of {arguments.rounds} rounds; wrk -t {arguments.threads}")
    print(f"{'tool':<12}{'requests/s':>12}{'p50 ms':>10}{'p90 ms':>10}{'p99 ms':>10}{'max ms':>10}{'x wrk':>8}")
    wrk_rps = median(results["wrk"], "rps")
    for tool in ("wrk", "workbench", "ab"):
        if not results[tool]:
            continue
        rps = median(results[tool], "rps")
        row = [median(results[tool], key) for key in ("p50", "p90", "p99", "max")]
        print(f"{tool:<12}{rps:>12.0f}" + "".join(f"{value:>10.3f}" for value in row) + f"{rps / wrk_rps:>8.2f}")
    errors = sum(result.get("errors", 0) for result in results["workbench"])
    ratio = median(results["workbench"], "rps") / wrk_rps
    print(f"workbench / wrk requests/s: {ratio:.2f} (goal at least 0.60: {'met' if ratio >= 0.6 else 'missed'}); "
          f"workbench errors: {errors}")


if __name__ == "__main__":
    main()
