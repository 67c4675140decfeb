"""The session's cookie jar, on libcurl's cookie engine, against httpbin (PyPI).

A cookie value is a secret: masked on screen and absent from every file. Values are
typed percent-encoded (`%61%62...`) so the value itself only ever comes from the
server: any clear occurrence in an output or a file is a leak.
"""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

from conftest import script


VALUE = "ckv-Zx42-secret"
ENCODED = "".join(f"%{byte:02X}" for byte in VALUE.encode())


def localhost(url: str) -> str:
    return f"http://localhost:{urlsplit(url).port}"


def body_cookies(out: str) -> list[dict]:
    """Every `{"cookies": {...}}` object printed, in order."""
    found = []
    for chunk in out.split("\n{\n")[1:]:
        text = "{\n" + chunk.split("\n}\n", 1)[0] + "\n}"
        value = json.loads(text)
        if "cookies" in value:
            found.append(value["cookies"])
    return found


def test_a_cookie_set_by_the_server_is_sent_back_masked_and_never_saved(run_workbench, httpbin, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        f"get /cookies/set?sid={ENCODED}&theme=1",
        "cookies",
        "get /cookies",
        "show",
        "history",
        "save s.json",
    ))
    assert code == 0, err
    assert VALUE not in out and VALUE not in err
    # Shown masked, however short: the Set-Cookie headers and the listing.
    assert "Set-Cookie: sid=******; Path=/" in out
    assert "Set-Cookie: theme=******; Path=/" in out
    assert "sid=******  127.0.0.1/  (session)" in out
    # Sent back: httpbin echoes it (masked on the way to the screen).
    assert body_cookies(out)[-1] == {"sid": "******", "theme": "1"}
    assert "libcurl adds the jar's cookies" in out
    text = (workdir / "s.json").read_text()
    assert VALUE not in text
    saved = json.loads(text)["cookies"]
    assert [(c["name"], c["domain"], c["path"]) for c in saved] == [("sid", "127.0.0.1", "/"), ("theme", "127.0.0.1", "/")]
    assert all("value" not in c for c in saved)


def test_a_cookie_never_goes_to_another_host_not_even_through_a_redirect(run_workbench, httpbin):
    """HTTPie's GHSA-9w4w-cpc8-h2fq: cookies set by one host were sent to another on a redirect."""
    other = localhost(httpbin)
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        f"get /cookies/set?sid={ENCODED}",
        "follow on",
        # Same origin, through a redirect: sent.
        "get /redirect-to?url=/cookies",
        # Another origin (localhost is not 127.0.0.1), through a redirect: not sent.
        f"get /redirect-to?url={other}/cookies",
        # Another origin, directly: not sent.
        f"base {other}",
        "get /cookies",
    ))
    assert code == 0, err
    assert body_cookies(out) == [{"sid": "******"}, {}, {}]
    assert f"-> {other}/cookies" in out
    assert VALUE not in out and VALUE not in err


def test_cookies_rm_and_clear(run_workbench, httpbin):
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        f"get /cookies/set?a={ENCODED}&b={ENCODED}&c=3",
        "cookies rm a",
        "get /cookies",
        "cookies clear",
        "get /cookies",
        "cookies",
        "cookies rm nosuch",
    ))
    assert code == 1
    assert body_cookies(out) == [{"b": "******", "c": "3"}, {}]
    assert "removed 2 cookies" in out and "(no cookies)" in out
    assert err.strip() == "error: line 8: no cookie named 'nosuch' (see `cookies`)"
    assert VALUE not in out


def test_replay_all_starts_from_the_cookies_of_the_first_request(run_workbench, httpbin):
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        "get /cookies",
        "expect json $.cookies == {}",
        f"get /cookies/set?sid={ENCODED}",
        "get /cookies",
        "expect json $.cookies.sid exists",
        "replay all",
        "cookies",
    ))
    assert code == 0, err
    assert "3 passed, 0 failed" in out
    assert "sid=******  127.0.0.1/  (session)" in out.split("3 passed, 0 failed")[1]


def test_a_loaded_session_names_its_cookies_but_a_new_process_has_no_values(run_workbench, httpbin, workdir: Path):
    code, out, err = run_workbench(input=script(
        f"base {httpbin}",
        f"get /cookies/set?sid={ENCODED}",
        "save s.json",
        "load s.json",
        "get /cookies",
    ))
    assert code == 0, err
    assert body_cookies(out)[-1] == {"sid": "******"}
    code, out, err = run_workbench(input=script("load s.json", "cookies", "get /cookies"))
    assert code == 0, err
    assert "(no cookies)" in out
    assert body_cookies(out) == [{}]
    # `workbench replay` of the file sets the cookie again from the server.
    code, out, err = run_workbench(["replay", "s.json"])
    assert code == 0, err
    assert VALUE not in out + err
