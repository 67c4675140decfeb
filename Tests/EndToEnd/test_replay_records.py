"""Every send records what came back, whatever started it (issue 39, goal 5): requests
imported then replayed, or sent by `run FILE.http`, keep their responses in the history, so
`history`, `diff`, `serve` and the HAR and Postman exports show them; and one replay default
for the REPL and the command line: the first failure stops the run, `--keep-going` sends the
rest, in both."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import free_port
from test_diff_and_serve import serve  # noqa: F401  (the fixture is used by name)


@pytest.fixture(autouse=True)
def in_workdir(workdir, monkeypatch):
    monkeypatch.chdir(workdir)


def collection(url: str) -> dict:
    return {
        "info": {"name": "Echo", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
        "variable": [{"key": "baseUrl", "value": url}],
        "item": [
            {"name": "List", "request": {"method": "GET", "url": "{{baseUrl}}/echo?a=1"}},
            {"name": "Create", "request": {"method": "POST", "url": "{{baseUrl}}/echo",
                                           "body": {"mode": "raw", "raw": '{"name": "Fido"}',
                                                    "options": {"raw": {"language": "json"}}}}},
            {"name": "Teapot", "request": {"method": "GET", "url": "{{baseUrl}}/status/418"}},
        ],
    }


def history_statuses(out: str) -> list[list[str]]:
    """Each `history` listing's lines (`N  METHOD URL  STATUS  TIME`), as their status words."""
    listings, current = [], None
    for line in out.splitlines():
        words = line.split()
        if words[:1] == ["1"] and len(words) >= 3:
            current = []
            listings.append(current)
        if current is not None and words and words[0].isdigit() and len(words) >= 3 and words[1].isupper():
            current.append(words[3] if len(words) > 3 else "-")
    return listings


def test_an_imported_collection_replayed_in_the_repl_keeps_its_responses(run_workbench, server, workdir, serve):
    Path("c.json").write_text(json.dumps(collection(server)))
    code, out, err = run_workbench(["--keep-going"], input="\n".join([
        "import c.json",
        "history",
        "replay all",
        "history",
        "export har --session > s.har",
        "export postman --session > p.json",
        "diff 1 2",
        "save s.json",
    ]) + "\n")
    assert code == 0, err
    before, after = history_statuses(out)
    assert before == ["-", "-", "-"] and after == ["200", "200", "418"], out
    har = json.loads(Path("s.har").read_text())
    assert [entry["response"]["status"] for entry in har["log"]["entries"]] == [200, 200, 418]
    assert all("not sent" not in json.dumps(entry["response"]) for entry in har["log"]["entries"])
    assert json.loads(har["log"]["entries"][1]["response"]["content"]["text"])["body"] == '{"name": "Fido"}'
    postman = json.loads(Path("p.json").read_text())
    assert [item["response"][0]["code"] for item in postman["item"]] == [200, 200, 418]
    assert postman["item"][2]["response"][0]["status"] == "I'm a Teapot"
    assert 'request 1 → request 2: ' in out and '$.method: [-"GET"-]{+"POST"+}' in out
    # The saved session answers as it was answered.
    mock = serve("s.json")
    answer = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", f"{mock.url}/status/418"],
                            capture_output=True, text=True, timeout=30)
    assert answer.stdout == "418"


def test_a_http_file_run_in_the_repl_records_what_came_back(run_workbench, server, workdir):
    Path("api.http").write_text(f"GET {server}/echo?x=1\n\n###\n\nGET {server}/status/404\n")
    code, out, err = run_workbench(["--keep-going"], input="run api.http\nhistory\nexport har --session > s.har\n")
    assert code == 0, err  # a 404 with nothing recorded to compare it with is no failure
    assert history_statuses(out) == [["200", "404"]], out
    har = json.loads(Path("s.har").read_text())
    assert [entry["response"]["status"] for entry in har["log"]["entries"]] == [200, 404]


def recorded_session(run_workbench, server: str) -> None:
    """Three requests; the second's recording says 201, which the server never answers."""
    code, _, err = run_workbench(input=f"base {server}\nget /echo?n=1\nget /echo?n=2\nget /echo?n=3\nsave s.json\n")
    assert code == 0, err
    document = json.loads(Path("s.json").read_text())
    document["requests"][1]["response"]["statusLine"] = "HTTP/1.1 201 Created"
    document["requests"][1]["response"]["status"] = 201
    Path("s.json").write_text(json.dumps(document))


def replayed(out: str) -> list[str]:
    return [line.split()[0] + " " + line.split()[1] for line in out.splitlines() if line.startswith(("PASS", "FAIL"))]


def test_one_replay_default_in_the_repl_and_on_the_command_line(run_workbench, server, workdir):
    recorded_session(run_workbench, server)
    stopped = "stopped at the first failure: 1 request not sent (--keep-going sends them)"

    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 1 and replayed(out) == ["PASS 1", "FAIL 2"] and stopped in out + err, out + err
    code, out, err = run_workbench(["replay", "s.json", "--keep-going"])
    assert code == 1 and replayed(out) == ["PASS 1", "FAIL 2", "PASS 3"], out + err

    code, out, err = run_workbench(["--keep-going"], input="load s.json\nreplay all\nreplay all --keep-going\n"
                                                           "history\nreplay 2\n")
    lines = replayed(out)
    assert lines[:2] == ["PASS 1", "FAIL 2"] and stopped in out, out
    assert lines[2:5] == ["PASS 1", "FAIL 2", "PASS 3"], out
    # The response kept is what came back (200); the replay still checks the 201 it checked.
    assert history_statuses(out)[-1] == ["200", "200", "200"], out
    assert lines[5:] == ["FAIL 2"] and out.count("status 201: got 200") == 3, out


def test_a_replay_that_got_no_response_says_why_in_the_history_and_the_har(run_workbench, server, workdir):
    """Sent and refused is not "not sent": the history line and the HAR entry (`_error`, as Chrome
    writes it) say what happened; a later answer replaces it."""
    closed = free_port()  # nothing listens there: connection refused
    document = collection(server)
    document["item"][1]["request"]["url"] = f"http://127.0.0.1:{closed}/echo"
    Path("c.json").write_text(json.dumps(document))
    code, out, err = run_workbench(["--keep-going"], input="\n".join([
        "import c.json",
        "replay all --keep-going",
        "history",
        "export har --session > s.har",
        "diff 1 2",
    ]) + "\n")
    assert code == 1
    assert f"request 2 has no response to compare (it got none: connection refused: 127.0.0.1:{closed})" in err
    lines = [line for line in out.splitlines() if line.startswith("2  POST ")]
    assert lines == [f"2  POST http://127.0.0.1:{closed}/echo  connection refused: 127.0.0.1:{closed}"], out
    entries = json.loads(Path("s.har").read_text())["log"]["entries"]
    assert [entry["response"]["status"] for entry in entries] == [200, 0, 418]
    refused = entries[1]["response"]
    assert refused["_error"] == f"connection refused: 127.0.0.1:{closed}"
    assert refused["comment"] == f"sent, no response: connection refused: 127.0.0.1:{closed}"
