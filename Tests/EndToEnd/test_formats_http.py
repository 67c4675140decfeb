""".http dialects (issue 29, DESIGN "Formats people already have"): each reproduction of the
issue end to end against the echoing test server on 127.0.0.1, and the corpus of real files
(Tests/Fixtures/HTTPCorpus) pointed at 127.0.0.1: every file either runs or is
refused with one clear line, with the counts printed."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from test_interop import echoes
from test_websocket import ws_url  # noqa: F401 (a fixture)

CORPUS = Path(__file__).resolve().parents[1] / "Fixtures" / "HTTPCorpus"


def write(workdir: Path, name: str, text: str) -> str:
    (workdir / name).write_text(text)
    return name


def test_var_reaches_file_variables_and_bare_references(run_workbench, server, workdir):
    write(workdir, "v.http", "@baseUrl = {{HOST}}/echo\n\nGET {{baseUrl}}/items?t={{TOKEN}}\nAuthorization: Bearer {{TOKEN}}\n")
    code, out, err = run_workbench(["replay", "v.http", "--var", f"HOST={server}", "--var", "TOKEN=cli-token"])
    assert code == 0, out + err
    assert out.splitlines()[-1] == "1 passed, 0 failed"
    assert re.search(r"PASS 1 GET \S+/echo/items\?t=cli-token ", out), out
    code, out, err = run_workbench(["replay", "v.http"], env={"WORKBENCH_VAR_HOST": server, "WORKBENCH_VAR_TOKEN": "t2"})
    assert code == 0 and re.search(r"PASS 1 GET \S+/echo/items\?t=t2 ", out), out + err


def test_set_then_run_uses_the_set_values_and_they_win(run_workbench, server, workdir):
    write(workdir, "v.http", "@HOST = http://127.0.0.1:9\n@baseUrl = {{HOST}}/echo\n\nGET {{baseUrl}}/set?q={{q}}\n")
    code, out, err = run_workbench(input=f"set HOST {server}\nset q fromset\nrun v.http\nload v.http\nshow\n")
    assert code == 0, err
    [sent] = echoes(out)
    assert sent["path"] == "/echo/set" and sent["query"] == "q=fromset"
    assert f"Host: {server.split('//')[1]}" in out  # `load` kept the set value too


def test_env_file_and_var_give_one_value_per_request(run_workbench, server, workdir):
    write(workdir, "http-client.env.json", json.dumps({"dev": {"base": server, "TOKEN": "fromenv"}}))
    write(workdir, "v.http", "GET {{base}}/echo/one?q={{TOKEN}}\nAuthorization: Bearer {{TOKEN}}\n")
    code, out, err = run_workbench(input="set TOKEN cli\nrun v.http --env dev\n")
    [sent] = echoes(out)
    assert sent["query"] == "q=cli" and dict(sent["headers"])["Authorization"] == "Bearer cli"
    code, out, err = run_workbench(["replay", "v.http", "--env", "dev", "--var", "TOKEN=cli"])
    assert code == 0 and "/echo/one?q=cli " in out, out + err
    code, out, err = run_workbench(["run", "v.http", "--env", "dev"])
    [sent] = echoes(out)
    assert sent["query"] == "q=fromenv"


def test_a_variable_applies_from_where_it_is_defined(run_workbench, server, workdir):
    write(workdir, "v.http", f"@myhost = {server}/echo/a\n\nGET {{{{myhost}}}}\n\n###\n@myhost = {server}/echo/b\n\nGET {{{{myhost}}}}\n")
    code, out, err = run_workbench(["run", "v.http"])
    assert code == 0, err
    assert [e["path"] for e in echoes(out)] == ["/echo/a", "/echo/b"]


def test_multi_line_urls_graphql_and_relative_lines(run_workbench, server, workdir):
    write(workdir, "v.http", "\n".join([
        f"@host = {server}",
        "GET /echo",
        "    /multi",
        "    ?a=1",
        "    &b=2",
        "",
        "###",
        "GRAPHQL /echo/graphql",
        "",
        "query Users($n: Int) { users(first: $n) { id } }",
        "",
        '{"n": 2}',
        "",
        "###",
        "POST /echo/httpyac-graphql",
        "Content-Type: application/json",
        "",
        "query Countries {",
        "  ...Parts",
        "}",
        "",
        "###",
        "GET /echo/status",
        "",
        "GET /echo/status-two",
        "",
    ]) + "\n")
    (workdir / "v.http").write_text("fragment Parts on Country {\n  code\n}\n\n" + (workdir / "v.http").read_text())
    code, out, err = run_workbench(["run", "v.http"])
    assert code == 0, err
    assert "empty base URL" not in err
    multi, graphql, httpyac, status, two = echoes(out)
    assert multi["path"] == "/echo/multi" and multi["query"] == "a=1&b=2"
    # A `GRAPHQL` request is a GraphQL body (as `body graphql` makes): one named operation is sent by name too.
    assert graphql["method"] == "POST" and json.loads(graphql["body"]) == {
        "query": "query Users($n: Int) { users(first: $n) { id } }", "variables": {"n": 2}, "operationName": "Users"}
    assert dict(graphql["headers"])["Content-Type"] == "application/json"
    body = json.loads(httpyac["body"])
    assert body["variables"] == {} and body["query"].startswith("query Countries {") and "fragment Parts on Country" in body["query"]
    assert (status["path"], two["path"]) == ("/echo/status", "/echo/status-two")


def test_scripts_dynamic_variables_and_asserts(run_workbench, server, workdir):
    write(workdir, "v.http", "\n".join([
        "< {%",
        '    request.variables.set("firstname", "John")',
        "%}",
        f"GET {server}/echo/pre",
        "",
        "> {% client.test('x', () => {}); %}",
        "",
        "###",
        f"POST {server}/echo/dyn?id={{{{$uuid}}}}&r={{{{$random.integer(5, 6)}}}}&t={{{{$timestamp}}}}",
        "Content-Type: application/json",
        "",
        '{"at": "{{$isoTimestamp}}", "n": {{$randomInt}}, "u": "{{$random.uuid}}", "home": "{{$processEnv HOME_X}}", "d": "{{$dotenv SECRET_D}}"}',
        "",
        "?? status == 200",
        "?? header content-type includes json",
        "?? body $.x == 1",
        "",
        "###",
        f"GET {server}/status/404",
        "",
        "?? status == 200",
    ]) + "\n")
    write(workdir, ".env", "SECRET_D='dotenv-secret-77'\n")
    code, out, err = run_workbench(["replay", "v.http", "--keep-going"], env={"HOME_X": "home-value"})
    assert code == 1, out + err
    assert "v.http:1: pre-request script skipped (JavaScript does not run in the workbench)" in err
    assert "v.http:6: response handler skipped" in err
    assert "v.http:16: assert `?? body $.x == 1` skipped" in err
    lines = out.splitlines()
    assert lines[-1] == "2 passed, 1 failed"
    assert re.search(r"PASS 2 POST \S+/echo/dyn\?id=[0-9a-f-]{36}&r=5&t=\d{10} ", out), out
    assert "FAIL 3 GET" in out and "status 200: got 404" in out
    assert "dotenv-secret-77" not in out + err and "home-value" not in out + err


def test_a_file_whose_only_request_uses_uuid_runs(run_workbench, server, workdir):
    write(workdir, "v.http", f"GET {server}/echo/{{{{$uuid}}}}\n")
    code, out, err = run_workbench(["run", "v.http"])
    assert code == 0, err
    assert re.fullmatch(r"/echo/[0-9a-f-]{36}", echoes(out)[0]["path"])


@pytest.mark.parametrize("text, message", [
    ("GET /x\n", "v.http: line 1, column 5: '/x' is relative and no `host` variable says where to"),
    ("GET http://h/{{later}}\n\n###\n@later = 1\n", "unknown variable {{later}} here: it is defined further down"),
])
def test_http_errors_name_the_line(run_workbench, workdir, text, message):
    write(workdir, "v.http", text)
    code, out, err = run_workbench(["replay", "v.http"])
    assert code == 2
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], err


HOST = re.compile(r"(https?|wss?|grpcs?|mqtts?|amqps?)://[A-Za-z0-9.\-_]+(:\d+)?")
GRPC_HOST = re.compile(r"(?m)^(\s*GRPC\s+|@host\s*=\s*)(?:grpcs?://)?(?![/{])(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d+)?")


def test_the_corpus_runs_against_127_0_0_1_or_gives_one_line(run_workbench, server, tmp_path):
    assert CORPUS.is_dir(), f"the corpus is not at {CORPUS}"
    copy = tmp_path / "corpus"
    shutil.copytree(CORPUS, copy)
    for path in copy.rglob("*"):
        if path.is_file() and path.suffix in (".http", ".rest", ".json", ".env") or path.name.startswith(".env"):
            text = path.read_text(errors="replace")
            text = HOST.sub(lambda m: server if m.group(1).startswith("http")
                            else server.replace("http", "ws") if m.group(1).startswith("ws") else m.group(0), text)
            # WebSocket and gRPC requests import now: their hosts too go to 127.0.0.1.
            path.write_text(GRPC_HOST.sub(lambda m: m.group(1) + server.split("//")[1], text))
    files = sorted(p for p in copy.rglob("*") if p.suffix in (".http", ".rest"))
    ran, refused, unclear = [], [], []
    for path in files:
        code, out, err = run_workbench(["replay", path.name, "--keep-going"], cwd=path.parent, timeout=60)
        assert "empty base URL" not in err, (path, err)
        errors = [line for line in err.splitlines() if line.startswith("error:")]
        if code in (0, 1) and re.search(r"^\d+ passed, \d+ failed$", out, re.M):
            ran.append(path)
        elif code == 2 and len(errors) == 1:
            refused.append((path, errors[0]))
        else:
            unclear.append((path, code, err[-300:]))
    print(f"\n.http corpus: {len(files)} files, {len(ran)} ran against 127.0.0.1, {len(refused)} refused with one line, "
          f"{len(unclear)} unclear")
    for path, line in refused:
        print(f"  refused {path.relative_to(copy)}: {line[:160]}")
    assert not unclear, unclear
    assert len(ran) > 47, "more of the corpus runs than the 47 of the issue"


def test_a_variable_defined_nowhere_is_a_warning_and_the_send_names_it(run_workbench, server, workdir):
    write(workdir, "v.http", f"GET {server}/echo/a?who={{{{nobody}}}}\n\n###\nGET {server}/echo/b\n")
    code, out, err = run_workbench(input="load v.http\nreplay all --keep-going\n")
    assert "warning: v.http: line 1, column" in out + err and "{{nobody}} is defined nowhere here" in out + err
    assert "or --var nobody=VALUE before sending" in out + err
    assert "undefined variable {{nobody}}: set it with `set nobody VALUE`" in out and "PASS 2 GET" in out, out + err
    code, out, err = run_workbench(["replay", "v.http"])
    assert code == 2 and "missing variable nobody: pass --var nobody=VALUE" in err, out + err
    code, out, err = run_workbench(["replay", "v.http", "--var", "nobody=ana"])
    assert code == 0 and "/echo/a?who=ana " in out, out + err


def test_a_files_own_values_are_not_overrides_when_another_file_runs(run_workbench, server, workdir):
    write(workdir, "a.http", f"@where = {server}/echo/a\nGET {{{{where}}}}\n")
    write(workdir, "b.http", f"@where = {server}/echo/b\nGET {{{{where}}}}\n")
    code, out, err = run_workbench(input="run a.http\nrun b.http\nload a.http\nset where " + server + "/echo/set\nrun b.http\n")
    assert code == 0, err
    assert [e["path"] for e in echoes(out)] == ["/echo/a", "/echo/b", "/echo/set"]


def test_an_at_file_body_is_expanded_when_sent_masked_when_shown_and_kept_as_such(run_workbench, server, workdir):
    api = workdir / "api"
    api.mkdir()
    write(api, "http-client.env.json", json.dumps({"dev": {"who": "ana"}}))
    write(api, "http-client.private.env.json", json.dumps({"dev": {"token": "tok-secret-91"}}))
    write(api, "body.json", '{"user": "{{who}}", "token": "{{token}}"}')
    write(api, "raw.txt", "as {{is}}")
    write(workdir, "outside.json", '{"from": "outside"}')
    write(api, "v.http", f"POST {server}/echo/t\nContent-Type: application/json\n\n<@ ./body.json\n\n###\n"
                         f"POST {server}/echo/r\n\n< ./raw.txt\n\n###\nPOST {server}/echo/o\n\n<@ ../outside.json\n")
    code, out, err = run_workbench(input="run api/v.http --env dev\nload api/v.http --env dev\nreplay 1\nhistory\nsave s.json\n"
                                         "export http --session > e.http\nexport hurl --session > e.hurl\nexport curl --session\n")
    assert code == 0, err
    sent = echoes(out)
    assert json.loads(sent[0]["body"]) == {"user": "ana", "token": "******"}  # what arrived, masked on the screen
    assert sent[1]["body"] == "as {{is}}"
    # The file outside api/ is left out with one warning naming it; the request goes without it.
    assert "names the file '../outside.json'" in out + err or "names the file 'api/../outside.json'" in out + err, out + err
    assert len(sent) == 4 and sent[2]["body"] == "" and json.loads(sent[3]["body"])["token"] == "******"
    assert "--data-raw '{\"user\": \"ana\", \"token\": \"******\"}'" in out
    assert "<@ api/body.json" in (workdir / "e.http").read_text()
    assert "Hurl's `file,...;` sends api/body.json as it is" in err
    assert '"kind" : "templateFile"' in (workdir / "s.json").read_text() or '"templateFile"' in (workdir / "s.json").read_text()
    for text in [out, err] + [p.read_text() for p in workdir.rglob("*") if p.is_file() and p.parent.name != "api"]:
        assert "tok-secret-91" not in text
    # The saved session sends the file expanded again.
    code, out, err = run_workbench(["replay", "s.json", "--var", "token=tok-2"], cwd=workdir)
    assert code == 0, out + err
    code, out, err = run_workbench(input="load s.json\nset --secret token tok-3\nreplay 1\n")
    assert code == 0 and json.loads(echoes(out)[0]["body"])["token"] == "******", out + err


def test_a_websocket_request_is_a_conversation_replayed_and_saved(run_workbench, ws_url, workdir):  # noqa: F811
    write(workdir, "http-client.private.env.json", json.dumps({"dev": {"token": "ws-secret-5"}}))
    write(workdir, "ws.http", f"WEBSOCKET {ws_url}/json\nAuthorization: Bearer {{{{token}}}}\n\n{{\"a\": 1}}\n"
                              f"=== wait-for-server\nsecond\n=== wait-for-server\n\n###\nWEBSOCKET {ws_url}/refuse\n")
    code, out, err = run_workbench(["replay", "ws.http", "--env", "dev", "--keep-going"])
    assert code == 1, out + err
    assert re.search(r"PASS 1 WS ws://\S+/json  101 ", out) and "FAIL 2 WS" in out, out + err
    code, out, err = run_workbench(input="load ws.http --env dev\nhistory\nsave s.json\n")
    assert code == 0 and "(4 frames)" in out, out + err
    saved = (workdir / "s.json").read_text()
    assert '"typed": "second"' in saved and "ws-secret-5" not in saved + out + err


def test_an_import_brings_the_other_files_requests_first(run_workbench, server, workdir):
    write(workdir, "a.http", f"# @import ./main.http\n@origin = {server}\n# @name login\nPOST {{{{origin}}}}/echo/login\n")
    write(workdir, "main.http", "# @import ./a.http\n###\nGET {{origin}}/echo/me\nX-Method: {{login.response.body.$.method}}\n")
    code, out, err = run_workbench(["run", "main.http"])
    assert code == 0, out + err
    sent = echoes(out)
    assert [e["path"] for e in sent] == ["/echo/login", "/echo/me"]
    assert dict(sent[1]["headers"])["X-Method"] == "POST"
    assert "a.http: line 1, column 1: @import './main.http': a cycle of imports (main.http -> a.http -> main.http); skipped" in err


def test_run_of_a_http_file_says_what_it_sends_and_ends_with_the_count(run_workbench, server, fault_server, workdir):
    """`workbench run FILE.http` as the JetBrains HTTP Client CLI and httpyac run a file: each
    response, its PASS or FAIL line, then `N passed, M failed` as `workbench replay` ends; the first
    failure stops it unless --keep-going. It said `loaded ...: 3 requests (not sent; ...)` and then
    sent them, and a failure read `error: line 2: replay: 1 of 1 request failed`."""
    write(workdir, "r.http", f"GET {server}/echo/a\n\n###\nGET {fault_server}/not-http\n\n###\nGET {server}/echo/c\n")
    code, out, err = run_workbench(["run", "r.http"])
    assert code == 1, out + err
    assert "not sent;" not in out + err and "error:" not in err, out + err
    assert out.startswith("r.http: 3 requests, sent in order"), out
    assert [e["path"] for e in echoes(out)] == ["/echo/a"]
    assert f"FAIL 2 GET {fault_server}/not-http" in out
    assert out.rstrip().endswith(
        "stopped at the first failure: 1 request not sent (--keep-going sends them)\n1 passed, 1 failed"), out
    code, out, err = run_workbench(["run", "--keep-going", "r.http"])
    assert code == 1 and "error:" not in err, out + err
    assert [e["path"] for e in echoes(out)] == ["/echo/a", "/echo/c"]
    assert f"PASS 3 GET {server}/echo/c  200" in out and out.rstrip().endswith("\n2 passed, 1 failed"), out
    write(workdir, "one.http", f"GET {server}/echo/one\n")
    code, out, err = run_workbench(["run", "one.http"])
    assert code == 0 and err == "", err
    assert out.rstrip().endswith("1 passed, 0 failed"), out
