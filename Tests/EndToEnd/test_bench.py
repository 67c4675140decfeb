"""`bench`: the current request sent many times over a fixed number of connections, against a
server on 127.0.0.1 that answers after a known delay. No time is asserted beyond what the delay
itself forces (a latency can only be longer than the server makes it): the percentiles bracket
the delay, the connections never outnumber --concurrency, the `--json` output fits its schema,
and a secret of the request reaches neither the screen nor the file.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import jsonschema

from conftest import free_port, script, spawn_repl
from runs_server import runs_server
from test_network import certificates, mtls_server  # noqa: F401 (fixtures used below)

SCHEMA = json.loads((Path(__file__).parent / "schemas" / "bench.schema.json").read_text())



def test_percentiles_bracket_the_servers_delay_and_connections_stay_within_concurrency(run_workbench, workdir):
    with runs_server() as server:
        result = run_workbench([], input=script(
            f"base {server.base}", "path /slow", "query add ms 40",
            "bench 24 --concurrency 3 --json out.json"))
        clients = {request["client"] for request in server.requests}
        count = len(server.requests)
    assert result.returncode == 0, result
    assert count == 24
    assert 1 <= len(clients) <= 3
    report = json.loads((workdir / "out.json").read_text())
    jsonschema.validate(report, SCHEMA)
    latency = report["latencyMs"]
    assert latency["min"] >= 40
    assert latency["min"] <= latency["p50"] <= latency["p90"] <= latency["p99"] <= latency["p99.9"] <= latency["max"]
    assert report["requests"] == 24 and report["statuses"] == {"200": 24} and report["errors"] == {}
    assert report["plan"] == {"requests": 24, "durationSeconds": None, "concurrency": 3, "rate": None}
    assert sum(row["count"] for row in report["histogram"]) == 24
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"GET {server.base}/slow?ms=40: 24 requests over 3 connections in ")
    assert lines[2] == "statuses: 200 ×24"
    assert lines[3].startswith("latency: min ") and " p99.9 " in lines[3]
    bars = [line for line in lines if "│" in line]
    assert bars and any("█" in line for line in bars)  # a picture, not only numbers
    assert result.stdout.strip().endswith("wrote out.json")


def test_fewer_requests_than_connections_say_how_many_connections_were_opened(run_workbench):
    with runs_server() as server:
        result = run_workbench([], input=script(f"base {server.base}", "bench 3 --concurrency 8"))
        clients = {request["client"] for request in server.requests}
    assert result.returncode == 0, result
    assert 1 <= len(clients) <= 3
    assert result.stdout.splitlines()[0].startswith(f"GET {server.base}/: 3 requests over 3 connections in ")


def test_with_a_rate_latency_counts_from_the_scheduled_start(run_workbench, workdir):
    # 20 requests scheduled 10 ms apart, 2 connections, 50 ms each: the server can finish only
    # 2 per 50 ms, so the last is done at least 500 ms after the start but was due at 190 ms.
    # Counted from when each was sent, no latency would be far above 50 ms.
    with runs_server() as server:
        result = run_workbench([], input=script(
            f"base {server.base}", "get /slow?ms=50", "bench 20 --rate 100 --concurrency 2 --json rate.json"))
    assert result.returncode == 0, result
    report = json.loads((workdir / "rate.json").read_text())
    jsonschema.validate(report, SCHEMA)
    assert report["plan"]["rate"] == 100
    assert report["latencyMs"]["min"] >= 50
    assert report["latencyMs"]["max"] >= 300
    assert "latency (from the scheduled start): " in result.stdout


def test_errors_are_counted_by_kind(run_workbench, workdir):
    result = run_workbench([], input=script(f"base http://127.0.0.1:{free_port()}", "bench 5 --json refused.json"))
    assert result.returncode == 0, result
    assert "errors: connection refused ×5" in result.stdout
    report = json.loads((workdir / "refused.json").read_text())
    jsonschema.validate(report, SCHEMA)
    assert report["errors"] == {"connection refused": 5} and report["statuses"] == {}


def test_a_secret_reaches_neither_the_screen_nor_the_json(run_workbench, workdir):
    secret = "s3cr3t-bench-token-4711"
    with runs_server() as server:
        result = run_workbench([], input=script(
            f"base {server.base}", f"set --secret token {secret}", "header Authorization: Bearer {{token}}",
            "get /x?key={{token}}", "bench 3 --json secret.json"))
        sent = [request["headers"].get("Authorization") for request in server.requests]
    assert result.returncode == 0, result
    assert sent == [f"Bearer {secret}"] * 4  # the secret goes to its origin
    text = (workdir / "secret.json").read_text()
    assert secret not in text and secret not in result.stdout and secret not in result.stderr
    assert json.loads(text)["request"]["url"] == f"{server.base}/x?key=******"


def test_a_proxy_login_goes_to_the_proxy_read_not_as_its_reference(run_workbench, workdir, ok_server):
    # The proxy's password is kept as the secret {{proxy_password}}: bench, as send, reads it
    # before libcurl sees it, and it reaches neither the screen nor the JSON.
    from forward_proxy import ForwardProxy

    password = "pw-bench-9911"
    with ForwardProxy(login=f"u:{password}") as proxy:
        result = run_workbench([], input=script(
            f"base {ok_server}", f"proxy http://u:{password}@127.0.0.1:{proxy.port}", "get /a",
            "bench 3 --json proxied.json"))
        logins = [line for head in proxy.heads for line in head.split("\r\n") if line.lower().startswith("proxy-authorization:")]
    assert result.returncode == 0, result
    expected = "Proxy-Authorization: Basic " + base64.b64encode(f"u:{password}".encode()).decode()
    assert logins == [expected] * 4, logins
    statuses = json.loads((workdir / "proxied.json").read_text())["statuses"]
    assert statuses == {"200": 3}, statuses
    text = (workdir / "proxied.json").read_text()
    assert password not in text and password not in result.stdout and password not in result.stderr


def test_bounds_are_named_in_errors(run_workbench):
    cases = {
        "bench 10000001": "10000001 requests is more than 10000000, the most one bench sends",
        "bench --concurrency 1001": "--concurrency: 1001 is more than 1000, the most connections bench opens",
        "bench --duration 2h": "bench --duration: '2h' is longer than 1h",
        "bench --rate 2000000": "--rate: 2000000 is more than 1000000 requests per second",
        "bench 0": "expected a number of requests from 1",
        "bench --concurrency 0": "--concurrency: expected a number of connections from 1",
    }
    for line, message in cases.items():
        result = run_workbench([], input="base http://127.0.0.1:9\n" + line + "\n")
        assert result.returncode == 1, line
        assert message in result.stderr, (line, result.stderr)


def test_ctrl_c_stops_and_prints_what_was_measured(workbench_bin, workbench_env, workdir):
    import time

    import pexpect

    with runs_server() as server:
        child, _ = spawn_repl(workbench_bin, workbench_env, workdir, server.base)
        try:
            child.sendline("get /slow?ms=5")
            child.expect("> ")
            child.sendline("bench --duration 30s --concurrency 2")
            child.expect("bench: \\d+ of 30s? done|bench: \\d+ done", timeout=10)
            time.sleep(0.5)
            child.sendintr()
            child.expect("\\(stopped by Ctrl-C\\)")
            child.expect("latency: min ")
            child.expect("> ")
            child.sendline("exit")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)


def test_bench_from_the_shell_on_a_sessions_request(run_workbench, workdir):
    with runs_server() as server:
        saved = run_workbench([], input=script(
            f"base {server.base}", "get /first", "post /second", "save s.json"))
        assert saved.returncode == 0, saved
        server.requests.clear()
        result = run_workbench(["bench", "s.json", "--request", "2", "-n", "7", "--concurrency", "2", "--json", "b.json"])
        methods = {(request["method"], request["path"]) for request in server.requests}
    assert result.returncode == 0, result
    assert methods == {("POST", "/second")}
    report = json.loads((workdir / "b.json").read_text())
    jsonschema.validate(report, SCHEMA)
    assert report["requests"] == 7
    bad = run_workbench(["bench", "s.json", "--request", "3"])
    assert bad.returncode == 2
    assert "request 3" in bad.stderr and "2 requests" in bad.stderr


def test_the_tls_settings_of_send_reach_bench(run_workbench, mtls_server, certificates, workdir):  # noqa: F811 (fixtures)
    # bench's connections take the same network settings as a send (CurlNetworkOptions): the
    # private CA and the client certificate the server requires, and the HTTP version asked.
    c = certificates
    code, out, err = run_workbench(input=script(
        f"base {mtls_server}", f"cacert {c / 'ca.pem'}", f"cert {c / 'client.pem'} {c / 'client.key'}", "http 1.1",
        "bench 4 --concurrency 2 --json ok.json"))
    assert code == 0, err
    report = json.loads((workdir / "ok.json").read_text())
    assert report["statuses"] == {"200": 4} and report["errors"] == {}, report
    # Without the client certificate the server ends every handshake: each request fails, by kind.
    code, out, err = run_workbench(input=script(
        f"base {mtls_server}", f"cacert {c / 'ca.pem'}", "bench 2 --concurrency 1 --json refused.json"))
    report = json.loads((workdir / "refused.json").read_text())
    assert report["statuses"] == {} and sum(report["errors"].values()) == 2, report
