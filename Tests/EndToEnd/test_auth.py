"""`auth basic|digest|bearer|none` against httpbin (PyPI): basic built by the workbench,
digest answered by libcurl's digest engine, bearer. The password and token are secrets:
absent from every output and file (the paths name them through `{{auth_password}}`)."""
from __future__ import annotations

import json
from pathlib import Path

import pexpect

from conftest import script, spawn_repl
from test_cookies import localhost

PASSWORD = "pw-Ak77-secret"
TOKEN = "tok-Bq93-secret"
SECRETS = [PASSWORD, TOKEN]


def assert_no_secret(text: str, where: str) -> None:
    for secret in SECRETS:
        assert secret not in text, f"{secret!r} leaked into {where}"


def test_basic_digest_and_bearer_authenticate_and_never_leak(run_workbench, httpbin, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        "get /basic-auth/u/pw",
        "expect status 401",
        f"auth basic u:{PASSWORD}",
        "auth",
        "get /basic-auth/u/{{auth_password}}",
        "expect json $.authenticated == true",
        "show",
        "curl",
        f"auth digest u:{PASSWORD}",
        "get /digest-auth/auth/u/{{auth_password}}",
        "expect json $.user == \"u\"",
        "curl",
        f"auth bearer {TOKEN}",
        "get /bearer",
        "expect json $.authenticated == true",
        "get /headers",
        "history",
        "vars",
        "save s.json",
        "auth none",
        "auth",
        "get /bearer",
        "expect status 401",
    ))
    assert code == 0, err
    assert_no_secret(out + err, "the output")
    assert "basic u:******" in out
    assert "Authorization: Basic ******" in out
    assert "--digest -u 'u:******'" in out
    assert '"Authorization": "Bearer ******"' in out
    assert "(no auth)" in out
    text = (workdir / "s.json").read_text()
    assert_no_secret(text, "the session file")
    session = json.loads(text)
    # Each auth is saved with the origin it is sent to (DESIGN, "What a request carries").
    assert session["endpoint"]["auth"] == {"scheme": "bearer", "user": "", "secret": "{{auth_token}}", "origin": httpbin}
    assert session["requests"][1]["endpoint"]["auth"] == {"scheme": "basic", "user": "u", "secret": "{{auth_password}}",
                                                          "origin": httpbin}
    assert session["secrets"] == ["auth_password", "auth_token"]

    # A replay is given the secrets as any secret variable.
    code, out, err = run_workbench(["replay", "s.json", "--var", f"auth_password={PASSWORD}",
                                    "--var", f"auth_token={TOKEN}"])
    assert code == 0, out + err
    assert "5 passed, 0 failed" in out
    assert_no_secret(out + err, "the replay output")


def test_credentials_stay_behind_on_a_redirect_to_another_origin(run_workbench, httpbin):
    other = localhost(httpbin)
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        "follow on",
        f"auth bearer {TOKEN}",
        "get /redirect-to?url=/headers",
        f"get /redirect-to?url={other}/headers",
        f"auth digest u:{PASSWORD}",
        "get /redirect-to?url=/digest-auth/auth/u/{{auth_password}}",
        "expect status 200",
        f"get /redirect-to?url={other}/digest-auth/auth/u/{{{{auth_password}}}}",
        "expect status 401",
    ))
    assert code == 0, out + err
    echoed = [line for line in out.splitlines() if '"Authorization"' in line]
    assert echoed == ['    "Authorization": "Bearer ******",']
    assert out.count('"Host": "127.0.0.1:') == 1 and out.count('"Host": "localhost:') == 1
    assert_no_secret(out + err, "the output")


def test_a_missing_password_is_asked_for_hidden_and_a_script_gets_an_error(run_workbench, httpbin, workbench_bin,
                                                                          workbench_env, workdir: Path):
    code, out, err = run_workbench(input=script(f"base {httpbin}", "auth basic u", "auth"))
    assert code == 1
    assert err.startswith("error: line 2: `auth basic` asks for the password, which a script cannot answer")
    assert out == ""

    child, transcript = spawn_repl(workbench_bin, workbench_env, workdir, httpbin)
    child.sendline("auth digest u")
    child.expect_exact("password for u (hidden): ")
    child.sendline(PASSWORD)
    child.expect("> ")
    child.sendline("get /digest-auth/auth/u/{{auth_password}}")
    child.expect_exact('"authenticated": true')
    child.expect("> ")
    child.sendline(f"auth bearer {TOKEN}")
    child.expect("> ")
    child.sendline("auth bearer")
    child.expect_exact("token (hidden): ")
    child.sendline("")
    child.expect_exact("no token given: auth is unchanged")
    child.expect("> ")
    child.sendline("auth")
    child.expect_exact("bearer ******")
    child.expect("> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    screen = "".join(transcript)
    # The token typed on the line is echoed as typed, once; nothing the workbench printed holds it.
    assert screen.count(TOKEN) == 1 and f"auth bearer {TOKEN}\r\n" in screen
    assert PASSWORD not in screen
    state = Path(workbench_env["XDG_STATE_HOME"]) / "workbench"
    files = [state / "history", *state.glob("autosave-*")]  # one autosave per run (a journal, if left, too)
    assert len(files) == 2, files
    for path in files:
        assert_no_secret(path.read_text(), path.name)
    assert "auth\\040bearer\\040******" in (state / "history").read_text()


def test_basic_with_an_empty_password_sends_the_key_as_curl_does(run_workbench, workdir: Path):
    """`auth basic KEY:` is curl's `-u KEY:` (Stripe-style API keys): the header is base64 of
    `KEY:`, the same bytes curl sends, and the key, the credential here, is a secret."""
    import base64
    import shutil
    import subprocess

    from recorder import Recorder

    key = "sk_test_Kq77Zx91"
    recorder = Recorder().start()
    try:
        url = f"http://127.0.0.1:{recorder.port}"
        code, out, err = run_workbench(input=script(
            f"base {url}",
            f"auth basic {key}:",
            "auth",
            "get /charges",
            "show",
            "export curl",
            "save s.json",
        ))
        assert code == 0, err
        sent = recorder.taken()[0].header("Authorization")
        assert sent == "Basic " + base64.b64encode(f"{key}:".encode()).decode()
        assert "basic ******: (empty password)" in out
        assert key not in out + err and key not in (workdir / "s.json").read_text()
        curl = shutil.which("curl")
        if curl:
            recorder.clear()
            subprocess.run([curl, "-s", "-o", "/dev/null", "-u", f"{key}:", f"{url}/charges"], check=True)
            assert recorder.taken()[0].header("Authorization") == sent
    finally:
        recorder.stop()
