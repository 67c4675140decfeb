"""`auth oauth2` against an Authlib authorization server (oauth_server.py, tokens living
8 seconds) and its protected API: client credentials (HTTP Basic and in the body), the
device flow (approved, denied, slow_down, expired, Ctrl-C), the authorization code flow
with PKCE through the loopback redirect and a browser stand-in (allowed, refused, a wrong
state), renewal before expiry and after 401 invalid_token. Tokens, client secrets, codes
and verifiers never reach the output or a file."""
from __future__ import annotations

import json
import re
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pexpect
import pytest

from conftest import HERE, script, _script_server, spawn_repl

CLIENT_SECRET = "cs-Nq73-client-SECRET"
BROWSER = f"{sys.executable} {HERE / 'browser_standin.py'}"


@pytest.fixture(scope="module")
def oauth():
    with _script_server(HERE / "oauth_server.py", "OAuth 2.0 server (Authlib)") as url:
        yield url


def server_json(url: str, data: dict | None = None) -> dict:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    with urllib.request.urlopen(url, data=body, timeout=10) as response:
        return json.loads(response.read())


def assert_clean(oauth: str, texts: dict[str, str], secrets: list[str]) -> None:
    """No secret, and none of the tokens, codes and verifiers the server saw, in any text."""
    issued = server_json(f"{oauth}/admin/log")["issued"]
    assert issued, "the server issued nothing"
    for where, text in texts.items():
        for secret in secrets + issued:
            assert secret not in text, f"{secret[:6]}... leaked into {where}"


def state_texts(env: dict[str, str], workdir: Path) -> dict[str, str]:
    state = Path(env["XDG_STATE_HOME"]) / "workbench"
    files = [p for p in state.rglob("*") if p.is_file()] + [p for p in workdir.rglob("*") if p.is_file()]
    return {str(p): p.read_text(errors="replace") for p in files}


def approve_when_pending(oauth: str, decision: str = "allow") -> threading.Thread:
    """Decides the first user code the server is waiting on, as the user would in a browser."""
    def run():
        for _ in range(200):
            pending = server_json(f"{oauth}/device/pending")["user_codes"]
            if pending:
                server_json(f"{oauth}/device/decide", {"user_code": pending[0], "decision": decision})
                return
            time.sleep(0.1)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_client_credentials_end_to_end(run_workbench, oauth, workdir, workbench_env, workbench_bin):
    child, transcript = spawn_repl(workbench_bin, workbench_env, workdir, oauth, timeout=30)
    child.sendline(f"auth oauth2 client-credentials {oauth}/token cc-post {CLIENT_SECRET} --scope 'read write'")
    child.expect_exact("oauth2: access token obtained, expires in 8 s, scope read write")
    child.expect("> ")
    child.sendline("get /api/me")
    child.expect_exact('"client_id": "cc-post"')
    child.expect("> ")
    time.sleep(4)
    # Within 5 s of its end: renewed before the send (client credentials again: no refresh token).
    child.sendline("get /api/me")
    child.expect_exact("oauth2: the access token runs out: new token, expires in 8 s")
    child.expect_exact('"scope": "read write"')
    child.expect("> ")
    server_json(f"{oauth}/admin/revoke", {})
    child.sendline("get /api/me")
    child.expect_exact("oauth2: the server refused the token (invalid_token): new token")
    child.expect_exact("HTTP/1.1 200 OK")
    child.expect("> ")
    child.sendline("auth oauth2")
    child.expect_exact("access token: ******")
    child.expect("> ")
    child.sendline("auth oauth2 refresh")
    child.expect_exact("oauth2: new token, expires in 8 s")
    child.expect("> ")
    child.sendline("history")
    child.expect("> ")
    child.sendline("save s.json")
    child.expect("> ")
    child.sendline("export curl --exact > c.sh")
    child.expect_exact("exported 1 request to c.sh")
    child.expect("> ")
    child.sendline("exit")
    child.expect(pexpect.EOF)
    screen = "".join(transcript)
    # The secret typed on the line is echoed as typed, once; nothing the workbench printed holds it.
    assert screen.count(CLIENT_SECRET) == 1
    screen = screen.replace(CLIENT_SECRET, "")
    assert "Bearer ******" in (workdir / "c.sh").read_text()
    session = json.loads((workdir / "s.json").read_text())
    assert session["endpoint"]["auth"] == {
        "scheme": "oauth2", "user": "", "secret": "{{oauth2_token}}", "origin": oauth,
        "oauth2": {"flow": "client-credentials", "tokenURL": f"{oauth}/token", "clientID": "cc-post",
                   "clientSecret": "{{oauth2_client_secret}}", "scope": "read write", "clientAuthInBody": True}}
    # Basic first, then in the body where the server asks (cc-post is registered for client_secret_post).
    grants = server_json(f"{oauth}/admin/log")["grants"]
    assert grants.count("client_credentials") >= 5
    assert_clean(oauth, {"screen": screen, **state_texts(workbench_env, workdir)}, [CLIENT_SECRET])

    # Replay runs client credentials itself, given only the client secret.
    before = server_json(f"{oauth}/admin/log")["grants"].count("client_credentials")
    code, out, err = run_workbench(["replay", "s.json", "--var", f"oauth2_client_secret={CLIENT_SECRET}"])
    assert code == 0, out + err
    assert "0 failed" in out
    assert server_json(f"{oauth}/admin/log")["grants"].count("client_credentials") == before + 1
    assert_clean(oauth, {"replay": out + err}, [CLIENT_SECRET])
    code, out, err = run_workbench(["replay", "s.json"])
    assert code != 0 and "oauth2_client_secret" in out + err

    # A wrong secret: one clear line, nothing changes.
    code, out, err = run_workbench(input=script(
        f"base {oauth}", f"auth oauth2 client-credentials {oauth}/token cc-basic wrong-secret", "auth"))
    assert code == 1
    assert "error: line 2: oauth2: the token endpoint refused (401): invalid_client" in err
    assert out == ""


def test_device_flow_approved_then_refreshed_and_denied(run_workbench, oauth, workdir, workbench_env):
    approve_when_pending(oauth)
    code, out, err = run_workbench(input=script(
        f"base {oauth}",
        f"auth oauth2 device {oauth}/device_authorization {oauth}/token device-app --scope read",
        "get /api/me",
        "expect json $.client_id == \"device-app\"",
        "auth oauth2",
        "auth oauth2 refresh",
        "get /api/me",
        "expect status 200",
        "save s.json",
    ), timeout=60)
    assert code == 0, out + err
    assert re.search(r"oauth2 device: open http://127\.0\.0\.1:\d+/device and enter the code \S+", out), out
    assert "waiting for approval (expires in 30 s; Ctrl-C cancels)" in out
    assert "oauth2: access token obtained, expires in 8 s, scope read" in out
    assert "refresh token: ******" in out
    assert "oauth2: refreshed, expires in 8 s" in out
    session = json.loads((workdir / "s.json").read_text())
    assert session["endpoint"]["auth"]["oauth2"] == {
        "flow": "device", "tokenURL": f"{oauth}/token", "authorizationURL": f"{oauth}/device_authorization",
        "clientID": "device-app", "scope": "read"}
    assert_clean(oauth, {"output": out + err, **state_texts(workbench_env, workdir)}, [])

    approve_when_pending(oauth, "deny")
    code, out, err = run_workbench(input=script(
        f"base {oauth}", f"auth oauth2 device {oauth}/device_authorization {oauth}/token device-app", "auth"),
        timeout=60)
    assert code == 1
    assert "error: line 2: oauth2 device: the authorization was denied" in err


def test_device_flow_slow_down_expiry_and_ctrl_c(run_workbench, oauth, workbench_bin, workbench_env, workdir):
    # slow_down on the first poll: the next one comes 5 s later than the interval (1 s).
    approve_after = threading.Timer(2.0, lambda: approve_when_pending(oauth))
    approve_after.start()
    code, out, err = run_workbench(input=script(
        f"base {oauth}", f"auth oauth2 device {oauth}/device_authorization {oauth}/token device-slow",
        "get /api/me", "expect json $.client_id == \"device-slow\""), timeout=60)
    assert code == 0, out + err
    polls = server_json(f"{oauth}/admin/log")["polls"]["device-slow"]
    assert len(polls) == 2, polls
    assert polls[1] - polls[0] >= 5.5, "slow_down adds 5 s to the 1 s interval"
    # Expiry ends the wait with one line.
    code, out, err = run_workbench(input=script(
        f"base {oauth}", f"auth oauth2 device {oauth}/device_authorization {oauth}/token device-short"), timeout=60)
    assert code == 1
    assert "error: line 2: oauth2 device: the code expired before it was approved" in err

    child, transcript = spawn_repl(workbench_bin, workbench_env, workdir, oauth, timeout=30)
    child.sendline(f"auth oauth2 device {oauth}/device_authorization {oauth}/token device-app")
    child.expect_exact("Ctrl-C cancels)")
    time.sleep(1.5)
    child.sendintr()
    child.expect_exact("oauth2 device authorization cancelled: auth is unchanged")
    child.expect("> ")
    child.sendline("auth")
    child.expect_exact("(no auth)")
    child.expect("> ")
    child.sendline("exit")
    child.expect(pexpect.EOF)


def test_authorization_code_with_pkce_through_the_loopback_redirect(run_workbench, oauth, workdir, workbench_env):
    code, out, err = run_workbench(input=script(
        f"base {oauth}",
        f"auth oauth2 code {oauth}/authorize {oauth}/token code-app --scope 'read write'",
        "get /api/me",
        "expect json $.client_id == \"code-app\"",
        "auth oauth2",
        f"auth oauth2 code {oauth}/authorize {oauth}/token code-secret {CLIENT_SECRET} --scope read",
        "get /api/me",
        "expect json $.client_id == \"code-secret\"",
        "auth oauth2 refresh",
        "get /api/me",
        "expect status 200",
        "history",
        "save s.json",
    ), env={"BROWSER": BROWSER}, timeout=60)
    assert code == 0, out + err
    url = re.search(r"^  (http://127\.0\.0\.1:\d+/authorize\?\S+)$", out, re.M).group(1)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    assert query["code_challenge_method"] == ["S256"] and len(query["code_challenge"][0]) == 43
    assert len(query["state"][0]) >= 22
    assert re.match(r"http://127\.0\.0\.1:\d+/callback$", query["redirect_uri"][0])
    assert "oauth2: access token obtained, expires in 8 s, scope read write" in out
    assert "oauth2: refreshed, expires in 8 s" in out
    assert_clean(oauth, {"output": out + err, **state_texts(workbench_env, workdir)}, [CLIENT_SECRET])

    # A refused consent and a forged state: one clear line each, auth unchanged.
    for mode, message in [("deny", "oauth2 code: the authorization server refused: access_denied"),
                          ("wrong-state", "oauth2 code: the redirect's state does not match the one sent")]:
        code, out, err = run_workbench(input=script(
            f"base {oauth}", f"auth oauth2 code {oauth}/authorize {oauth}/token code-app", "auth"),
            env={"BROWSER": BROWSER, "BROWSER_MODE": mode}, timeout=60)
        assert code == 1, (mode, out, err)
        assert f"error: line 2: {message}" in err, (mode, err)
        assert len(err.strip().splitlines()) == 1, err


def test_ctrl_c_cancels_the_wait_for_the_browser(oauth, workbench_bin, workbench_env, workdir):
    # A browser that never comes back (`true` opens nothing).
    child, transcript = spawn_repl(workbench_bin, dict(workbench_env, BROWSER="true"), workdir, oauth, timeout=30)
    child.sendline(f"auth oauth2 code {oauth}/authorize {oauth}/token code-app")
    child.expect_exact("(Ctrl-C cancels)")
    time.sleep(1)
    child.sendintr()
    child.expect_exact("oauth2 authorization cancelled: auth is unchanged")
    child.expect("> ")
    child.sendline("auth")
    child.expect_exact("(no auth)")
    child.expect("> ")
    child.sendline("exit")
    child.expect(pexpect.EOF)
