"""Interop with the real tools: a curl command imported with `import curl` (and `workbench import
FILE`) sends what curl itself sends, checked at a local echo server."""
import json
import subprocess

import pytest

from test_script_mode import script


def echoed(out: str) -> dict:
    return json.loads(out[out.index("{"):out.rindex("}") + 1])


# Headers each client adds in its own way: the product name, and the encodings its build decodes.
CLIENT_HEADERS = {"user-agent", "accept-encoding"}


def comparable(echo: dict) -> dict:
    return {
        "method": echo["method"], "path": echo["path"], "query": echo["query"],
        # As a multiset: curl writes its implied Content-Type after Content-Length, the workbench before.
        "headers": sorted((name.lower(), value) for name, value in echo["headers"] if name.lower() not in CLIENT_HEADERS),
        "body": echo["body_base64"],
    }


def run_curl(command: str) -> dict:
    completed = subprocess.run(["bash", "-c", command + " -s"], capture_output=True, timeout=30)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


COMMANDS = [
    # As Chrome's "Copy as cURL (bash)" writes it.
    """curl '{server}/echo/items?sig=a%2Bb%2Fc%3D&x=1+2' \\
  -H 'accept: application/json, text/plain, */*' \\
  -H 'content-type: application/json' \\
  -H $'x-note: it\\'s \\u00e9' \\
  --data-raw '{{"name":"ana","tags":["a","b"]}}' \\
  --compressed""",
    "curl -X PUT '{server}/echo/1' -d 'a=1' -d 'b=two words' --data-urlencode 'c=x&y z' -H 'X-Trace: 1'",
    "curl -G '{server}/echo/search' -d q=1 --data-urlencode 'name=a b' -H 'Accept:'",
    "curl -u 'ana:s3 cret' -b 'sid=1; theme=dark' -A 'my agent' -e '{server}/from' '{server}/echo'",
    "curl -I '{server}/echo/head'",
    "curl --json '{{\"a\": [1, 2]}}' '{server}/echo/json'",
    "curl -sSLk -XPATCH -H'X-Empty;' '{server}/echo/p' --data-binary $'line1\\nline2'",
]


@pytest.mark.parametrize("template", COMMANDS)
def test_import_curl_sends_what_curl_sends(run_workbench, server, template):
    command = template.format(server=server)
    if " -I " in command:
        # HEAD has no echo body: compare what the workbench shows with what curl -v sent.
        code, out, err = run_workbench(input=script("import " + command, "show"))
        assert code == 0, err
        verbose = subprocess.run(["bash", "-c", command + " -s -v -o /dev/null"], capture_output=True, timeout=30)
        sent = [line[2:] for line in verbose.stderr.decode().splitlines() if line.startswith("> ") and line[2:]]
        shown = out.split("\n", 1)[1].splitlines()
        strip = lambda lines: [l for l in lines if l.split(":")[0].lower() not in CLIENT_HEADERS]
        assert strip(shown) == strip(sent)
        return
    code, out, err = run_workbench(input=script("import " + command, "send"))
    assert code == 0, err
    assert err == ""
    assert comparable(echoed(out)) == comparable(run_curl(command))


def test_import_names_what_it_cannot_import(run_workbench, server):
    code, out, err = run_workbench(input=script(f"import curl --frobnicate -F 'f=@x' {server}/echo", "send"))
    assert code == 0, err
    assert "warning: -F 'f=@x': multipart form fields are not imported" in out
    assert "warning: not imported (unknown to the workbench): --frobnicate" in out
    assert echoed(out)["method"] == "GET"


def test_a_bad_curl_command_is_one_error_and_changes_nothing(run_workbench, server):
    code, out, err = run_workbench(input=script(
        f"base {server}", "path /echo/kept", "import curl -H 'X: 1", "send"), env=None)
    assert code == 1
    assert err.strip() == "error: line 3: unterminated single quote at column 16"
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {server}", "path /echo/kept", "import curl -H 'X: 1'", "send"))
    assert "error: line 3: curl: no URL in the command" in err
    assert echoed(out)["path"] == "/echo/kept"


def test_workbench_import_file_saves_a_session_that_replays(run_workbench, server, workdir):
    (workdir / "requests.sh").write_text(
        "# copied from the docs\n"
        f"curl '{server}/echo/a' \\\n  -H 'X-A: 1'\n"
        f"$ curl -X DELETE {server}/echo/b\n")
    code, out, err = run_workbench(["import", "requests.sh", "--output", "imported.json"])
    assert code == 0, err
    assert "imported 2 requests from requests.sh" in err and "saved imported.json: 2 requests" in err
    session = json.loads((workdir / "imported.json").read_text())
    assert [r["endpoint"]["method"] for r in session["requests"]] == ["GET", "DELETE"]
    code, out, err = run_workbench(["replay", "imported.json"])
    assert code == 0, err
    assert out.splitlines()[-1] == "2 passed, 0 failed"
    (workdir / "bad.sh").write_text(f"curl {server}/a\ncurl -X\n")
    code, out, err = run_workbench(["import", "bad.sh", "--output", "never.json"])
    assert code == 2 and err.strip() == "error: bad.sh: line 2: curl: -X needs a value"
    assert not (workdir / "never.json").exists()
