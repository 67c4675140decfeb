"""`set --secret NAME --from SOURCE`: secrets read from where they live (a command, `pass`
with a gpg key made here, libsecret's `secret-tool` under a private D-Bus session with
gnome-keyring), when first needed, held in memory only; sources that fail say which and
why, and nothing is sent."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import script
from test_environments import EnvironmentServer
from test_graphql import graphql_server  # noqa: F401  (fixtures used by name)
from test_grpc import grpc_server  # noqa: F401
from test_oauth2 import CLIENT_SECRET, oauth  # noqa: F401
from test_websocket import ws_url  # noqa: F401

CMD_SECRET = "cmd-Sec-4411-value"
PASS_SECRET = "pass-Sec-5522-value"
KEYRING_SECRET = "kr-Sec-6633-value"


def require(*tools: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        message = f"not installed: {', '.join(missing)} (scripts/setup.sh --tests installs them)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture()
def api():
    server = EnvironmentServer("api", "eu")
    yield server
    server.stop()


def files_under(folder: Path) -> dict[str, str]:
    return {str(path): path.read_text(errors="replace") for path in folder.rglob("*") if path.is_file()}


def assert_nowhere(secret: str, out: str, err: str, folder: Path) -> None:
    assert secret not in out and secret not in err
    for path, text in files_under(folder).items():
        assert secret not in text, f"{secret!r} leaked into {path}"


def test_a_command_source_is_read_once_when_first_needed(run_workbench, api, workdir, tmp_path):
    # The command prints the secret without holding it: the source is no secret (`vars` shows it).
    source = "cmd:echo run >> runs.txt; printf %s-%s " + " ".join(CMD_SECRET.rsplit("-", 1))
    code, out, err = run_workbench(input=script(
        f"base {api.url}",
        f"set --secret token --from '{source}'",
        "vars",
        "header Authorization: Bearer {{token}}",
        "show",
        "get /item",
        "get /again",
        "vars",
        "save s.json",
    ))
    assert code == 0, err
    assert f"token = ****** (secret, from {source}, not read yet)" in out
    # Sent to the server as it is, masked everywhere it is shown, and read once.
    assert api.authorizations == [f"Bearer {CMD_SECRET}"] * 2
    assert (workdir / "runs.txt").read_text() == "run\n"
    assert '"auth": "Bearer ******"' in out
    session = json.loads((workdir / "s.json").read_text())
    assert session["secretSources"] == {"token": source} and "token" in session["secrets"]
    assert_nowhere(CMD_SECRET, out, err, tmp_path)
    # A replay reads the source again; so does a REPL that loads the session.
    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 0, err + out
    assert api.authorizations[-2:] == [f"Bearer {CMD_SECRET}"] * 2
    code, out, err = run_workbench(input=script("load s.json", "replay 1"))
    assert code == 0, err
    assert "not restored" not in out and api.authorizations[-1] == f"Bearer {CMD_SECRET}"
    assert (workdir / "runs.txt").read_text() == "run\n" * 3
    assert_nowhere(CMD_SECRET, out, err, tmp_path)


@pytest.mark.parametrize("source, message", [
    ("op://vault/item/field", "op://vault/item/field: op is not installed (not found on PATH)"),
    ("keychain:api/ana", "keychain:api/ana: security is not installed (not found on PATH)"),
    ("env:WB_NOT_SET_ANYWHERE", "env:WB_NOT_SET_ANYWHERE: the environment variable is not set"),
    ("cmd:echo 'vault sealed' >&2; exit 3", "exited with status 3: vault sealed"),
    ("cmd:printf ''", "sh gave an empty value"),
    ("cmd:printf 'a\\033[31mb' >&2; exit 1", "exited with status 1: a\\u{1B}[31mb"),
])
def test_a_source_that_fails_says_which_and_why_and_nothing_is_sent(run_workbench, api, source, message):
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {api.url}", f"set --secret token --from \"{source}\"", "header X-Key: {{token}}", "get /item", "show"),
        env={"PATH": "/usr/bin:/bin"})
    assert code == 1
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "{{token}} not read, nothing sent: " in lines[0] and message in lines[0], err
    assert api.counter == 0
    assert "X-Key: ******" in out, "`show` needs no value"


@pytest.mark.parametrize("line", ["show --secrets", "curl --secrets", "export curl --secrets",
                                  "export httpie --secrets > out.sh", "export curl --session --secrets"])
def test_asking_for_the_secrets_reads_them_from_their_source_first(run_workbench, api, workdir, line):
    """`--secrets` shows the request as it would be sent: a secret not read from its source yet is
    read first, as a send reads it (the mask in a command meant to be run sent `Bearer ******`)."""
    source = "cmd:echo run >> runs.txt; printf %s-%s " + " ".join(CMD_SECRET.rsplit("-", 1))
    given = [f"set --secret token --from '{source}'", "header Authorization: Bearer {{token}}", "path /item?key={{token}}"]
    if "--session" in line:
        # Sent before the source was given: the session's request refers to the secret too.
        given = ["set --secret token early-value", "header Authorization: Bearer {{token}}", "get /item?key={{token}}",
                 f"set --secret token --from '{source}'"]
    code, out, err = run_workbench(input=script(f"base {api.url}", *given, "show", "export curl", line))
    assert code == 0, err
    # `show` and `export curl` need no value: masked, and the source not read for them.
    assert out.count("Authorization: Bearer ******") == 2, out
    shown = (workdir / "out.sh").read_text() if ">" in line else out
    assert f"Bearer {CMD_SECRET}" in shown and f"key={CMD_SECRET}" in shown, shown
    assert (workdir / "runs.txt").read_text() == "run\n"


@pytest.mark.parametrize("line, withheld", [
    ("show --secrets", "the request not shown"), ("curl --secrets", "the curl command not shown"),
    ("export curl --secrets", "nothing exported"), ("export httpie --secrets > out.sh", "nothing exported"),
])
def test_a_source_that_fails_under_secrets_says_what_was_not_shown(run_workbench, api, workdir, line, withheld):
    # These commands send nothing: "nothing sent" would say something beside the point.
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {api.url}", "set --secret token --from env:WB_NOT_SET_ANYWHERE", "header X-Key: {{token}}", line))
    assert code == 1
    lines = [text for text in err.splitlines() if text.startswith("error:")]
    assert len(lines) == 1, err
    assert (f"{{{{token}}}} not read, {withheld}: env:WB_NOT_SET_ANYWHERE: the environment variable is not set"
            in lines[0]), lines[0]
    assert "nothing sent" not in err and api.counter == 0
    assert not (workdir / "out.sh").exists() or "X-Key" not in (workdir / "out.sh").read_text()


def test_pass_is_a_real_source(run_workbench, api, password_store, tmp_path):
    env, insert = password_store
    insert("api/token", f"{PASS_SECRET}\nuser: ana")
    code, out, err = run_workbench(["--keep-going"], input=script(
        f"base {api.url}",
        "set --secret token --from pass:api/token",
        "header Authorization: Bearer {{token}}",
        "get /item",
        "set --secret other --from pass:api/nothing-here",
        "header X-Other: {{other}}",
        "get /item",
        "save s.json",
    ), env=env)
    assert api.authorizations == [f"Bearer {PASS_SECRET}"], "the first line only, once"
    assert "pass:api/nothing-here: pass exited with status 1: Error: api/nothing-here is not in the password store." in err
    assert code == 1 and err.count("error:") == 1
    assert_nowhere(PASS_SECRET, out, err, tmp_path)


def test_pass_with_a_locked_key_says_so_and_reads_once_unlocked(run_workbench, api, tmp_path):
    # A gpg key with a passphrase and no terminal to ask for it: gpg says "No secret key". The
    # error says the key is locked and how to unlock it; once unlocked, gpg-agent keeps it.
    require("pass", "gpg", "gpgconf")
    home = Path(tempfile.mkdtemp(prefix="wbl"))
    env = {"GNUPGHOME": str(home / "g"), "PASSWORD_STORE_DIR": str(home / "store")}
    (home / "g").mkdir(mode=0o700)
    # The passphrase's key derivation made cheap (the agent calibrates it to its machine: seconds here).
    (home / "g" / "gpg-agent.conf").write_text("s2k-count 65536\n")
    run_env = dict(os.environ, **env)
    passphrase = "unlock-me-4c1"
    try:
        subprocess.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", passphrase, "--quick-gen-key",
                        "Workbench Locked <locked@example.invalid>", "future-default", "default", "never"],
                       env=run_env, check=True, capture_output=True, timeout=60)
        subprocess.run(["pass", "init", "locked@example.invalid"], env=run_env, check=True, capture_output=True, timeout=30)
        subprocess.run(["pass", "insert", "-m", "api/token"], input=f"{PASS_SECRET}\n".encode(), env=run_env,
                       check=True, capture_output=True, timeout=30)
        subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=run_env, capture_output=True, timeout=30)
        lines = script(f"base {api.url}", "set --secret token --from pass:api/token",
                       "header Authorization: Bearer {{token}}", "get /item")
        code, out, err = run_workbench(input=lines, env=env)
        assert code == 1 and api.counter == 0
        [error] = [line for line in err.splitlines() if line.startswith("error:")]
        assert "{{token}} not read, nothing sent: pass:api/token: pass exited with status 2" in error, err
        assert "a key with a passphrase is locked: unlock it with `pass show api/token` in a terminal" in error
        # Unlocked as a terminal would (the passphrase given once), the same lines read it.
        subprocess.run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", passphrase, "--decrypt",
                        str(home / "store" / "api" / "token.gpg")], env=run_env, check=True, capture_output=True, timeout=30)
        code, out, err = run_workbench(input=lines, env=env)
        assert code == 0, err
        assert api.authorizations == [f"Bearer {PASS_SECRET}"]
        assert_nowhere(PASS_SECRET, out, err, tmp_path)
    finally:
        subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=run_env, capture_output=True, timeout=30)
        shutil.rmtree(home, ignore_errors=True)


def test_secret_tool_under_a_headless_gnome_keyring(workbench_bin, workbench_env, api, workdir, tmp_path):
    require("secret-tool", "gnome-keyring-daemon", "dbus-run-session")
    runtime = Path(tempfile.mkdtemp(prefix="wbk"))
    runtime.chmod(0o700)
    (workdir / "in.txt").write_text(script(
        f"base {api.url}",
        "set --secret token --from secret-tool:service=wbtest,user=ana",
        "header Authorization: Bearer {{token}}",
        "get /item",
        "set --secret other --from secret-tool:service=nothing",
        "header X-Other: {{other}}",
        "get /item",
    ))
    # The login keyring made and unlocked with a password on standard input, no prompt.
    (workdir / "run.sh").write_text(
        "printf pw | gnome-keyring-daemon --daemonize --login >/dev/null\n"
        'eval "$(gnome-keyring-daemon --start --components=secrets)"\n'
        f"printf {KEYRING_SECRET} | secret-tool store --label=wb service wbtest user ana || exit 97\n"
        f'exec "$1" --keep-going < in.txt\n')
    env = dict(workbench_env, XDG_RUNTIME_DIR=str(runtime), XDG_DATA_HOME=str(tmp_path / "home" / ".local" / "share"))
    try:
        result = subprocess.run(["dbus-run-session", "--", "sh", "run.sh", workbench_bin], env=env, cwd=workdir,
                                capture_output=True, timeout=60)
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
    out, err = result.stdout.decode(), result.stderr.decode()
    assert result.returncode == 1, err
    assert api.authorizations == [f"Bearer {KEYRING_SECRET}"]
    assert "secret-tool:service=nothing: secret-tool exited with status 1: no such item (or the keyring is locked)" in err
    assert KEYRING_SECRET not in out and KEYRING_SECRET not in err


SPEC_KEY = "spec-Key-8834-value"
GRAPHQL_TOKEN = "s3cret-token"  # what graphql_server.py's private endpoint takes
SPEC = {"openapi": "3.0.0", "info": {"title": "keyed", "version": "1"},
        "paths": {"/item": {"get": {"responses": {"200": {"description": "ok"}}}}}}


class DescriptionServer:
    """Serves an OpenAPI description only to `?key=SPEC_KEY`; 401 otherwise. Keeps the
    queries it was sent (a key sent as the mask would show)."""

    def __init__(self):
        outer = self
        self.queries: list[str] = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                query = self.path.partition("?")[2]
                outer.queries.append(query)
                if query != f"key={SPEC_KEY}":
                    self.send_response(401)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                data = json.dumps(SPEC).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture()
def described():
    server = DescriptionServer()
    yield server
    server.stop()


def command_source(value: str) -> str:
    """A `cmd:` source that prints `value` without holding it (`vars` shows the source)."""
    head, tail = value.rsplit("-", 1)
    return f"cmd:printf %s-%s {head} {tail}"


@pytest.fixture()
def password_store():
    """A password store under a gpg key made here; yields (the environment `pass` needs, insert)."""
    require("pass", "gpg", "gpgconf")
    home = Path(tempfile.mkdtemp(prefix="wbg"))  # short: gpg-agent's socket path is bounded
    env = {"GNUPGHOME": str(home / "g"), "PASSWORD_STORE_DIR": str(home / "store")}
    (home / "g").mkdir(mode=0o700)
    run_env = dict(os.environ, **env)

    def insert(path: str, value: str) -> None:
        subprocess.run(["pass", "insert", "-m", path], input=f"{value}\n".encode(), env=run_env,
                       check=True, capture_output=True, timeout=30)
    try:
        subprocess.run(["gpg", "--batch", "--passphrase", "", "--quick-gen-key", "Workbench Test <wb@example.invalid>",
                        "default", "default", "never"], env=run_env, check=True, capture_output=True, timeout=60)
        subprocess.run(["pass", "init", "wb@example.invalid"], env=run_env, check=True, capture_output=True, timeout=30)
        yield env, insert
    finally:
        subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=run_env, capture_output=True, timeout=30)
        shutil.rmtree(home, ignore_errors=True)


@pytest.mark.parametrize("kind", ["cmd", "pass"])
def test_oauth_flows_and_the_description_fetch_read_sources_first(request, run_workbench, oauth, described, kind,
                                                                 workdir, tmp_path):
    env: dict[str, str] = {}
    if kind == "pass":
        env, insert = request.getfixturevalue("password_store")
        insert("oauth/client", CLIENT_SECRET)
        insert("api/spec", SPEC_KEY)
        client_source, key_source = "pass:oauth/client", "pass:api/spec"
    else:
        client_source, key_source = command_source(CLIENT_SECRET), command_source(SPEC_KEY)
    code, out, err = run_workbench(input=script(
        f"set --secret key --from '{key_source}'",
        f"openapi {described.url}/spec.json?key={{{{key}}}}",
        f"set --secret cs --from '{client_source}'",
        f"auth oauth2 client-credentials {oauth}/token cc-post {{{{cs}}}}",
        f"get {oauth}/api/me",
        "auth oauth2 refresh",
        "vars",
        "save s.json",
    ), env=env)
    assert code == 0, err
    # The description went out with the key itself, not the mask; the token request with the client secret.
    assert described.queries == [f"key={SPEC_KEY}"]
    assert "loaded " in out and "keyed 1 (OpenAPI 3.0.0)" in out
    assert "oauth2: access token obtained" in out and '"client_id": "cc-post"' in out
    assert "oauth2: new token" in out
    session = json.loads((workdir / "s.json").read_text())
    assert session["secretSources"] == {"cs": client_source, "key": key_source}
    # A session loaded again fetches its description and runs its flow with the sources read again.
    code, out2, err2 = run_workbench(input=script("load s.json", "replay 1"), env=env)
    assert code == 0, err2
    assert described.queries[-1] == f"key={SPEC_KEY}" and "warning" not in err2
    code, out3, err3 = run_workbench(["replay", "s.json"], env=env)
    assert code == 0, err3 + out3
    for secret in (CLIENT_SECRET, SPEC_KEY):
        assert_nowhere(secret, out + out2 + out3, err + err2 + err3, tmp_path)


def test_introspection_websocket_handshake_and_bench_read_sources_first(run_workbench, graphql_server, ws_url,
                                                                        api, workdir, tmp_path):
    ws_secret = "ws-Sec-3390-value"
    code, out, err = run_workbench(input=script(
        f"set --secret gql --from '{command_source(GRAPHQL_TOKEN)}'",
        f"set --secret wstoken --from '{command_source(ws_secret)}'",
        f"set --secret token --from '{command_source(CMD_SECRET)}'",
        # GraphQL introspection with the request's own auth.
        f"base {graphql_server}",
        "path /private/graphql",
        "header Authorization: Bearer {{gql}}",
        "graphql schema",
        # The WebSocket handshake, with a header from a source (the server echoes it).
        f"base {ws_url.replace('ws://', 'http://')}",
        "header Authorization: Bearer {{wstoken}}",
        "ws connect /headers",
        f'expect frame next json $.authorization == "Bearer {ws_secret}"',
        "ws close",
        # bench sends the request as built, its header read from the source.
        f"base {api.url}",
        "header Authorization: Bearer {{token}}",
        "path /item",
        "bench 3",
    ))
    assert code == 0, err
    assert f"loaded {graphql_server}/private/graphql: 13 types" in out
    assert 'PASS frame 1: json $.authorization == "Bearer ******"' in out
    assert api.authorizations == [f"Bearer {CMD_SECRET}"] * 3
    for secret in (ws_secret, CMD_SECRET):
        assert_nowhere(secret, out, err, tmp_path)


def test_a_proxy_login_from_a_source_is_read_before_the_request_goes(run_workbench, workdir, tmp_path):
    from test_network import CapturingProxy
    import base64
    proxy = CapturingProxy()
    password = "proxy-Pw-2271-value"
    code, out, err = run_workbench(input=script(
        f"set --secret pw --from '{command_source(password)}'",
        "base http://api.example.test",
        f"proxy http://user:{{{{pw}}}}@127.0.0.1:{proxy.port}",
        "get /v1/items",
        "save s.json",
    ))
    proxy.thread.join(timeout=20)
    assert code == 0, err
    wire = proxy.received.decode().split("\r\n\r\n")[0].split("\r\n")
    login = base64.b64encode(f"user:{password}".encode()).decode()
    assert f"Proxy-Authorization: Basic {login}" in wire
    for text in [out, err] + [path.read_text(errors="replace") for path in tmp_path.rglob("*") if path.is_file()]:
        assert password not in text and login not in text


def test_a_grpc_call_reads_its_metadata_from_a_source(run_workbench, grpc_server, tmp_path):
    key = "grpc-Key-5518-value"
    code, out, err = run_workbench(input=script(
        f"set --secret gk --from '{command_source(key)}'",
        "header x-key: {{gk}}",
        f"grpc connect {grpc_server}",
        'grpc call workbench.test.Tester/Greet {"name": "ana"}',
        # The server echoes the x-* metadata it received.
        "expect json '$.metadata[\"x-key\"]' == " + f'"{key}"',
    ))
    assert code == 0, err
    assert "PASS json '$.metadata[\"x-key\"]' == \"******\"" in out
    assert_nowhere(key, out, err, tmp_path)
