"""Environments (`env`, `env use`, `workbench --env`, `replay --env`): env files in the
JetBrains format against two local servers as two environments, the private values
grepped from every output and file the workbench writes."""
from __future__ import annotations

import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pexpect
import pytest

from conftest import script, spawn_workbench, transcript_of


LOCAL_TOKEN = "loc-Tk-7741-private"
STAGING_TOKEN = "stg-Tk-9902-private"
SECRETS = [LOCAL_TOKEN, STAGING_TOKEN]


class EnvironmentServer:
    """One environment's server: `/item` answers its own name and region, the token it was
    sent (an echo, so a leak would show), and fields that change by themselves (id, time)."""

    def __init__(self, name: str, region: str):
        self.name, self.region = name, region
        outer = self
        self.counter = 0
        self.authorizations: list[str] = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                outer.counter += 1
                outer.authorizations.append(self.headers.get("Authorization", ""))
                body = {
                    "env": outer.name,
                    "region": outer.region,
                    "request_id": str(uuid.uuid4()),
                    "served": outer.counter,
                    "auth": self.headers.get("Authorization", ""),
                    "path": self.path,
                }
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("X-Request-Id", str(uuid.uuid4()))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def two_environments(workdir: Path):
    local, staging = EnvironmentServer("local", "eu"), EnvironmentServer("staging", "us")
    write_env_files(workdir, local.url, staging.url)
    yield local, staging
    local.stop()
    staging.stop()


def write_env_files(folder: Path, local_url: str, staging_url: str, public_name="http-client.env.json",
                    private_name="http-client.private.env.json"):
    (folder / public_name).write_text(json.dumps({
        "$shared": {"api": "/item", "retries": 3},
        "local": {"host": local_url, "region": "eu"},
        "staging": {"host": staging_url, "region": "us", "SSLConfiguration": {"verifyHostCertificate": True}},
    }, indent=2))
    (folder / private_name).write_text(json.dumps({
        "local": {"token": LOCAL_TOKEN},
        "staging": {"token": STAGING_TOKEN},
    }, indent=2))


def assert_no_secret(text: str, where: str) -> None:
    for secret in SECRETS:
        assert secret not in text, f"{secret!r} leaked into {where}"


def all_files_under(folder: Path) -> dict[str, str]:
    found = {}
    for path in folder.rglob("*"):
        if path.is_file() and "private.env.json" not in path.name:
            found[str(path)] = path.read_text(errors="replace")
    return found


REQUEST = ["base {{host}}", "header Authorization: Bearer {{token}}", "get {{api}}"]


def test_env_lists_switches_and_sends_in_the_environment_in_force(run_workbench, two_environments, workdir, tmp_path):
    local, staging = two_environments
    code, out, err = run_workbench(input=script(
        "env",
        "env use local",
        *REQUEST,
        "env use staging",
        "send",
        "vars",
        "show",
        "curl",
        "export httpie",
        "export hurl",
        "export http",
        "export curl > out.sh",
        "export har > out.har",
        "export postman > out.postman.json",
        "save s.json",
    ))
    assert code == 0, err
    assert_no_secret(out, "stdout")
    assert_no_secret(err, "stderr")
    # `env` lists both, private values masked, nothing in force yet.
    assert "environments in http-client.env.json and http-client.private.env.json, none in force" in out
    assert "  local\n" in out and "  staging\n" in out and "token = ****** (private)" in out
    assert f"host = {local.url}" in out
    # Each environment's request went to its own server with its own token (the servers saw it).
    assert '"env": "local"' in out and '"env": "staging"' in out
    assert local.counter == 1 and staging.counter == 1
    assert '"auth": "Bearer ******"' in out
    session = json.loads((workdir / "s.json").read_text())
    assert session["environment"] == {"name": "staging"}
    # The environment's values come from its files again: none is saved, public or private.
    assert "host" not in session["variables"] and "token" not in session["secrets"]
    for path, text in all_files_under(tmp_path).items():
        assert_no_secret(text, path)


def test_private_values_stay_off_the_screen_history_and_autosave(workbench_bin, workbench_env, two_environments,
                                                                  workdir, tmp_path):
    local, staging = two_environments
    child = spawn_workbench(workbench_bin, dict(workbench_env, NO_COLOR="1"), workdir, ["--env", "local"])
    transcript = transcript_of(child)
    child.expect(r"\[local\] GET")
    for line in REQUEST + ["env use staging"]:
        child.sendline(line)
        child.expect("> ")
    child.expect(r"\[staging\] GET")
    child.sendline("send")
    child.expect('"env": "staging"')
    child.expect("> ")
    child.sendline("last")
    child.expect("> ")
    child.sendline("env")
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    screen = "".join(transcript)
    assert '"auth": "Bearer ******"' in screen
    assert_no_secret(screen, "the screen")
    files = all_files_under(tmp_path)
    assert any(path.endswith("/history") for path in files), "the history file was written"
    assert any("autosave" in path for path in files), "the autosave was written"
    for path, text in files.items():
        assert_no_secret(text, path)


def test_a_session_records_its_environment_and_replays_in_it_or_another(run_workbench, two_environments, workdir):
    local, staging = two_environments
    code, out, err = run_workbench(["--env", "local"], input=script(*REQUEST, "save s.json"))
    assert code == 0, err
    assert json.loads((workdir / "s.json").read_text())["environment"] == {"name": "local"}
    # `workbench replay` runs it where it ran, or where --env says.
    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 0, err + out
    assert local.counter == 2 and staging.counter == 0
    code, out, err = run_workbench(["replay", "s.json", "--env", "staging"])
    assert code == 0, err + out
    assert staging.counter == 1
    assert_no_secret(out + err, "replay's output")
    # Loading it puts its environment in force again; `replay --env` sends in another and comes back.
    code, out, err = run_workbench(input=script("load s.json", "env", "replay 1 --env staging", "replay 1", "env"))
    assert code == 0, err
    assert "* local" in out and staging.counter == 2 and local.counter == 3
    assert out.count("local in force") == 2
    assert_no_secret(out + err, "the REPL's output")
    code, out, err = run_workbench(["replay", "s.json", "--env", "prod"])
    assert code == 2 and "--env prod: no environment 'prod'" in err and "(there: local, staging)" in err


def test_a_url_typed_as_host_then_path_follows_the_environment(run_workbench, two_environments, workdir):
    # JetBrains' own way: `GET {{host}}/item`, the host an environment's URL. The reference is
    # the base, as typed: switching the environment moves the request, and its credentials with it.
    local, staging = two_environments
    code, out, err = run_workbench(input=script(
        "env use local",
        "header Authorization: Bearer {{token}}",
        "get {{host}}{{api}}?q=1",
        "env use staging",
        "send",
        "get {{host}}/other",
        "save s.json",
    ))
    assert code == 0, err
    assert "base: {{host}}" in out
    assert local.authorizations == [f"Bearer {LOCAL_TOKEN}"]
    assert staging.authorizations == [f"Bearer {STAGING_TOKEN}"] * 2
    assert '"path": "/item?q=1"' in out and '"path": "/other"' in out
    assert_no_secret(out + err, "the output")
    code, out, err = run_workbench(["replay", "s.json", "--env", "local"])
    assert code == 0, err + out
    assert local.authorizations[1:] == [f"Bearer {LOCAL_TOKEN}"] * 3
    # A value that is no URL stays a path below the base; a secret URL is not written into the base.
    code, out, err = run_workbench(input=script(
        f"base {local.url}", "set id 42", "get {{id}}/details",
        f"set --secret hidden {staging.url}", "get {{hidden}}/x"))
    assert '"path": "/42/details"' in out
    assert "base: {{hidden}}" not in out
    # `history` names where each went, not where `{{host}}` points now.
    code, listed, err = run_workbench(input=script(
        "env use local", "base {{host}}", "get /a", "env use staging", "send", "history"))
    assert code == 0, err
    assert f"1  GET {local.url}/a  200" in listed and f"2  GET {staging.url}/a  200" in listed, listed


def test_set_wins_over_the_environment_and_unset_gives_it_back(run_workbench, two_environments):
    local, staging = two_environments
    code, out, err = run_workbench(["--keep-going"], input=script(
        "set region mars", "env use local", "vars", "unset region", "vars", "unset host", "env off", "vars"))
    assert "kept as set here, over the environment's: region" in out
    assert "region = mars" in out and "region: the value of the environment local again" in out
    assert "region = eu" in out
    assert "host comes from the environment local in force" in err
    assert "environment local no longer in force" in out
    assert out.rstrip().endswith("(no variables)")


def test_env_file_given_and_bounds_named(run_workbench, two_environments, workdir):
    local, staging = two_environments
    other = workdir / "conf"
    other.mkdir()
    write_env_files(other, staging.url, local.url, "api.env.json", "api.private.env.json")
    code, out, err = run_workbench(["--env", "local", "--env-file", "conf/api.env.json"],
                                   input=script(*REQUEST))
    assert code == 0, err
    assert '"env": "staging"' in out, "local in that file is the staging server"
    assert_no_secret(out + err, "output")
    (workdir / "deep.env.json").write_text('{"a": ' * 20 + "1" + "}" * 20)
    code, out, err = run_workbench(input=script("env use a --env-file deep.env.json"))
    assert "deep.env.json: not JSON: nested more than 16 levels deep" in err and "(the bound for an env file)" in err
    (workdir / "big.env.json").write_text(json.dumps({"a": {"v": "x" * (1 << 20)}}))
    code, out, err = run_workbench(input=script("env use a --env-file big.env.json"))
    assert "big.env.json: " in err and "(the bound for an env file)" in err, err
    code, out, err = run_workbench(["--env", "nope"])
    assert code == 2 and "no environment 'nope'" in err


def test_compare_sends_in_both_and_leaves_out_what_changes_by_itself(run_workbench, two_environments, tmp_path):
    local, staging = two_environments
    code, out, err = run_workbench(input=script(*REQUEST[:2], "path {{api}}", "compare local staging --ignore $.path",
                                                "history"))
    assert code == 0, err
    assert local.counter == 2 and staging.counter == 1, "twice in the first, once in the second"
    assert "local → staging: 2 differences" in out
    assert '$.env: [-"local"-]{+"staging"+}' in out and '$.region: [-"eu"-]{+"us"+}' in out
    ignored = next(line for line in out.splitlines() if line.startswith("ignored, as they changed"))
    assert "$.request_id" in ignored and "$.served" in ignored and "header X-Request-Id" in ignored
    assert "ignored, as asked: $.path" in out
    assert "$.auth" not in out, "both tokens are masked alike"
    assert "(no requests sent yet)" in out, "nothing is kept in the history"
    assert_no_secret(out + err, "compare's output")
    code, out, err = run_workbench(input=script(*REQUEST[:2], "path /item", "compare local prod"))
    assert code == 1 and "no environment 'prod'" in err and local.counter == 2, "nothing sent"


def test_compare_save_is_a_check_that_replay_runs(run_workbench, two_environments, workdir, tmp_path):
    local, staging = two_environments
    code, out, err = run_workbench(["--keep-going"], input=script(
        *REQUEST[:2], "path {{api}}",
        # What differs by design is ignored: a check that passes while nothing else changes.
        "compare local staging --ignore $.env --ignore $.region --save",
        # Nothing ignored: a check that fails with the differences listed.
        "compare local staging --save",
        "history",
        "replay 1",
        "replay 2",
        "env use local",
        "export curl --session > all.sh",
        "save s.json",
    ))
    assert code == 1, err  # `replay 2` failed
    assert local.counter == 2 * 2 + 2 and staging.counter == 2 + 2, "saving sends as compare does; a replay once each"
    assert "kept as request 1: `replay 1` compares local and staging again" in out
    assert "kept as request 2: `replay 2` compares local and staging again (it differs now" in out
    assert "1  compare local staging: GET {{host}}{{api}}  (5 ignored)" in out
    assert "2  compare local staging: GET {{host}}{{api}}  (3 ignored)" in out
    lines = out.splitlines()
    passed = next(line for line in lines if line.startswith("PASS 1 "))
    failed = next(line for line in lines if line.startswith("FAIL 2 "))
    assert "in local → staging" in passed and failed.endswith("local → staging: 2 differences")
    assert '  $.env: [-"local"-]{+"staging"+}' in out and '  $.region: [-"eu"-]{+"us"+}' in out
    assert "$.auth" not in out and "$.request_id:" not in out, "tokens masked alike, the learned fields left out"
    assert "error: line 8: replay: 1 of 1 request failed" in err
    assert "warning: request 1: `compare local staging --ignore $.env --ignore $.region` is a check only a workbench " \
           "replay runs; curl has its request alone, sent once" in err
    session = json.loads((workdir / "s.json").read_text())
    saved = session["requests"][0]["comparison"]
    assert saved["first"] == "local" and saved["second"] == "staging" and saved["ignore"] == ["$.env", "$.region"]
    assert {"header X-Request-Id", "$.request_id", "$.served"} <= set(saved["learned"]) and saved["headers"] == []
    assert session["requests"][0]["response"] is None

    # `workbench replay`: the same verdicts, typed in every report.
    code, out, err = run_workbench(["replay", "s.json", "--keep-going", "--report", "junit", "r.xml", "--report", "tap",
                                    "r.tap", "--report", "json", "r.json"])
    assert code == 1, err + out
    assert "PASS 1 " in out and "FAIL 2 " in out and "local → staging: 2 differences" in out
    assert '$.env: [-"local"-]{+"staging"+}' in out
    report = json.loads((workdir / "r.json").read_text())
    assert (report["passed"], report["failed"], report["errors"]) == (1, 1, 0)
    kinds = [(r["result"], r["kind"]) for run in report["runs"] for r in run["requests"]]
    assert kinds == [("passed", None), ("failed", "environments differ")]
    junit = (workdir / "r.xml").read_text()
    assert '<failure message="local → staging: 2 differences">' in junit and '$.env: [-&quot;local&quot;-]' in junit
    tap = (workdir / "r.tap").read_text()
    assert "not ok 2" in tap and 'kind: "environments differ"' in tap and "differences:" in tap

    # An environment missing at replay: that check's error, one clear line; the other still runs.
    session["requests"][1]["comparison"]["second"] = "prod"
    (workdir / "missing.json").write_text(json.dumps(session))
    code, out, err = run_workbench(["replay", "missing.json", "--keep-going", "--report", "junit", "m.xml"])
    assert code == 1, err + out
    failed = next(line for line in out.splitlines() if line.startswith("FAIL 2 "))
    assert "compare local prod: no environment 'prod'" in failed and "(there: local, staging)" in failed
    assert "PASS 1 " in out and "<error" in (workdir / "m.xml").read_text()
    code, out, err = run_workbench(["--keep-going"], input=script("load missing.json", "replay 2", "history"))
    assert code == 1 and "compare local prod: no environment 'prod'" in out
    assert "2  compare local prod: GET" in out, "the REPL goes on"
    for path, text in all_files_under(tmp_path).items():
        assert_no_secret(text, path)
    assert_no_secret(out + err, "the outputs")


def test_a_saved_comparison_is_refused_whole_when_its_file_is_wrong(run_workbench, two_environments, workdir):
    code, out, err = run_workbench(input=script(*REQUEST[:2], "path {{api}}", "compare local staging --save", "save s.json"))
    assert code == 0, err
    session = json.loads((workdir / "s.json").read_text())
    session["requests"][0]["comparison"]["ignore"] = ["$..["]
    (workdir / "bad.json").write_text(json.dumps(session))
    code, out, err = run_workbench(["--keep-going"], input=script("load bad.json", "history"))
    assert code == 1 and "requests[0].comparison" in err and "(no requests sent yet)" in out


def test_a_http_file_loaded_with_no_environment_points_to_env_use(run_workbench, two_environments, workdir):
    local, _ = two_environments
    (workdir / "r.http").write_text("GET {{host}}{{api}}\nAuthorization: Bearer {{token}}\nX-Who: {{nobody}}\n")
    code, out, err = run_workbench(["--keep-going"], input=script(
        "load r.http", "send", "replay 1", "env use local", "set nobody ana", "send"))
    both = out + err
    # The env file gives host (public) and token (private): `env use`, not `set`, and the
    # environments that give each named, as the JetBrains client's environment switcher lists them.
    assert ("{{host}} is given by environments local, staging of http-client.env.json and "
            "http-client.private.env.json, and none is chosen") in both, both
    assert "choose one with `env use local` (or --env local) before sending" in both
    assert "{{token}} is given by environments local, staging" in both
    assert "`set host VALUE`" not in both and "`set token VALUE`" not in both
    # A name no environment gives is still defined nowhere.
    assert "{{nobody}} is defined nowhere here" in both and "`set nobody VALUE`" in both
    # Sent before one is chosen, `send` and `replay` say the same.
    explained = ("undefined variable {{host}}: environments local, staging of http-client.env.json and "
                 "http-client.private.env.json give it, and none is in force: `env use local` (or --env local)")
    assert f"error: line 2: {explained}" in err, both
    assert f"FAIL 1 GET {{{{host}}}}{{{{api}}}}  {explained}" in out, both
    assert '"env": "local"' in out and local.counter == 1, both
    assert_no_secret(both, "output")
    code, out, err = run_workbench(["run", "r.http"])
    assert "{{host}} is given by environments local, staging" in out + err, out + err
    assert explained in out and "`set host VALUE`" not in out + err


def test_an_exported_http_file_leaves_the_environments_values_to_its_env_file(run_workbench, two_environments, workdir):
    local, staging = two_environments
    code, out, err = run_workbench(input=script("env use local", "set who ana", "header X-Who: {{who}}", *REQUEST,
                                                "export http --session > s.http"))
    assert code == 0, err
    exported = (workdir / "s.http").read_text()
    # `@host = ...` would win over the environment chosen in the JetBrains client and httpyac.
    assert "@host" not in exported and "@api" not in exported and local.url not in exported, exported
    assert ("# From environment local of http-client.env.json, not written here so that the environment "
            "chosen in the client applies: api, host.") in exported, exported
    assert "@who = ana" in exported  # a value the user set is the file's own
    assert_no_secret(exported, "s.http")
    # Read back beside the env file, as those clients read it: the environment chosen decides.
    code, out, err = run_workbench(["replay", "s.http", "--env", "staging"])
    assert code == 0, out + err
    assert staging.counter == 1 and local.counter == 1, out + err
