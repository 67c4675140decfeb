"""`body example`, `expect schema` and the parameter warnings of `show`/`send`, end to
end: the built binary loads real descriptions (the OpenAPI Initiative's petstore, and
specs/shop-3.1.yaml), sends to a small purpose-built server that answers valid and
invalid JSON, and checks the replies; sessions saved with `expect schema` are replayed
by `workbench replay`, which loads the description again beside the session file; and
httpbin's own Swagger 2.0 description, loaded by URL. A POST without the body its operation
requires warns, and an undefined variable in a path is that error alone, with a "did you mean"."""

from __future__ import annotations

import json
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import script


HERE = Path(__file__).resolve().parent
PETSTORE = HERE.parent / "Fixtures" / "OpenAPI" / "petstore.yaml"
SHOP = HERE / "specs" / "shop-3.1.yaml"

# The shop's item list, with its required parameters, sent and checked.
SHOP_ITEMS_CHECKED = """\
base {base}
openapi shop.yaml
query set status available
header X-Tenant: t1
get /items
expect schema
"""

VALID_PET = {"id": 1, "name": "Rex", "tag": "dog"}
INVALID_PET = {"id": "two", "tag": 5}


class PetServer:
    """Answers /v1/... as the petstore and shop descriptions say, or wrongly on purpose.
    ``broken`` switches /v1/pets/3 and /v1/items to invalid answers (for replays);
    ``posted`` keeps the request bodies received, ``seen`` the requests' query strings."""

    def __init__(self):
        self.broken = False
        self.posted: list[bytes] = []
        self.seen: list[str] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def reply(self, code, value=None):
                body = b"" if value is None else json.dumps(value).encode()
                self.send_response(code)
                if value is not None:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                path, _, query = self.path.partition("?")
                owner.seen.append(query)
                if path == "/v1/pets":
                    return self.reply(200, [VALID_PET, {"id": 2, "name": "Tom"}, {"id": 3}])
                if path == "/v1/pets/1":
                    return self.reply(200, VALID_PET)
                if path == "/v1/pets/2":
                    return self.reply(200, INVALID_PET)
                if path == "/v1/pets/3":
                    return self.reply(200, INVALID_PET if owner.broken else VALID_PET)
                if path == "/v1/pets/text":
                    body = b"not json"
                    self.send_response(200)
                    self.send_header("Content-Type", "text/plain")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    return self.wfile.write(body)
                if path == "/v1/items":
                    price = 1.005 if owner.broken else 19.99
                    # X-Echo-Status comes back as the item's status (a secret, in the secrecy test).
                    status = self.headers.get("X-Echo-Status")
                    return self.reply(200, [{"id": 7, "name": "Tea", "price": price, "created": "2024-02-29T10:00:00Z", "status": status}])
                if path.startswith("/v1/items/"):
                    return self.reply(404, {"code": 404, "message": "no such item"})
                self.reply(404, {"code": 404, "message": "not found"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                owner.posted.append(self.rfile.read(length))
                if self.path == "/v1/items":
                    return self.reply(201, {"id": 8, "name": "Tea", "price": 0})
                self.reply(201)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def pets():
    server = PetServer()
    yield server
    server.close()


@pytest.fixture
def specs(workdir):
    shutil.copy(PETSTORE, workdir / "petstore.yaml")
    shutil.copy(SHOP, workdir / "shop.yaml")
    return workdir


def test_body_example_fills_the_body_from_the_schema_and_sends_it(run_workbench, pets, specs):
    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi petstore.yaml
method POST
path /pets
body example
show
send
""")
    assert code == 0, err
    assert "loaded petstore.yaml: Swagger Petstore" in out
    assert "body: an example application/json body for POST /pets" in out
    # Shown pretty-printed, with Content-Type set, required properties first.
    assert 'Content-Type: application/json' in out
    assert '{\n  "id": 0,\n  "name": "string",\n  "tag": "string"\n}' in out
    assert json.loads(pets.posted[-1]) == {"id": 0, "name": "string", "tag": "string"}
    assert "warning" not in err


def test_body_example_uses_examples_leaves_out_read_only_and_merges_all_of(run_workbench, pets, specs):
    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi shop.yaml
method POST
path /items
body example
body
path /orders
body example
body
""")
    assert code == 0, err
    bodies = [block for block in out.split("body: an example")[1:]]
    item = json.loads(bodies[0][bodies[0].index("\n{") + 1:][:bodies[0][bodies[0].index("\n{") + 1:].index("\n}") + 2])
    # readOnly `id` is left out of a request; writeOnly `note` is in; allOf merged.
    assert item == {"name": "string", "price": 0, "created": "2024-01-01T12:00:00Z", "tags": ["string"], "status": "available", "note": "string"}
    assert list(item) == ["name", "price", "created", "tags", "status", "note"]
    # The media type's own example comes first.
    assert '"item": "a1"' in bodies[1] and '"quantity": 3' in bodies[1]


def test_body_example_refuses_clearly(run_workbench, pets, specs):
    cases = [
        (f"base {pets.base}\npath /pets\nmethod POST\nbody example\n", "body example: no API description loaded: `openapi FILE-or-URL` first"),
        (f"base {pets.base}\nopenapi petstore.yaml\npath /pets\nbody example\n", "body example: GET /pets takes no request body"),
        (f"base {pets.base}\nopenapi petstore.yaml\npath /dogs\nmethod POST\nbody example\n", "body example: POST /dogs is not an operation of petstore.yaml"),
        (f"base {pets.base}\nopenapi shop.yaml\npath /upload\nmethod PUT\nbody example\n", "body example: PUT /upload takes no JSON body (it takes application/octet-stream)"),
    ]
    for text, message in cases:
        code, out, err = run_workbench(input=text + "body\n")
        assert code != 0
        assert message in err, err
        assert err.count("error:") == 1


def test_expect_schema_passes_and_fails_with_json_paths(run_workbench, pets, specs):
    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi petstore.yaml
get /pets/1
expect schema
""")
    assert code == 0, err
    assert "PASS schema: GET /pets/{petId} 200 (Pet)" in out

    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi petstore.yaml
get /pets/2
expect schema
""")
    assert code == 1
    # The error line names the check; the violations are listed under the same line as output.
    assert "error: line 4: expectation failed: schema: 3 violations of GET /pets/{petId} 200 (Pet)" in err
    assert "FAIL schema: 3 violations of GET /pets/{petId} 200 (Pet) (kept on request 1: `expect rm 1` takes it back)\n" \
           "  $: missing required property 'name'\n" \
           "  $.id: expected an integer, got a string\n" \
           "  $.tag: expected a string, got a number\n" in out

    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi petstore.yaml
get /pets
expect schema
""")
    assert code == 1
    assert "1 violation of GET /pets 200 (Pets)" in err
    assert "  $[2]: missing required property 'name'" in out


def test_expect_schema_uses_ranges_default_and_says_why_it_cannot_check(run_workbench, pets, specs):
    # A 2XX range, exact decimals (19.99 is a multiple of 0.01), a date-time and a null in a type list.
    code, out, err = run_workbench(input=SHOP_ITEMS_CHECKED.format(base=pets.base) + "path /items/zz\nget\nexpect schema\n")
    assert code == 0, err
    assert "PASS schema: GET /items 2XX" in out
    # A 404 with a `default` response documented.
    assert "PASS schema: GET /items/{itemId} default (Error)" in out

    for path, message in [("/pets/text", "the response body is not JSON"),
                          ("/dogs", "GET /dogs is not an operation of petstore.yaml")]:
        code, out, err = run_workbench(input=f"base {pets.base}\nopenapi petstore.yaml\nget {path}\nexpect schema\n")
        assert code == 1
        assert message in err, err

    code, out, err = run_workbench(input=f"base {pets.base}\nget /pets/1\nexpect schema\nexpect\n")
    assert code == 1
    assert "expect schema: no API description loaded" in err


def test_saved_schema_expectations_are_checked_again_on_replay(run_workbench, pets, specs, workdir):
    # The session goes to a folder of its own: the description is found beside it.
    (workdir / "sessions").mkdir()
    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi petstore.yaml
get /pets/3
expect schema
save sessions/pets.json
""")
    assert code == 0, err
    saved = json.loads((workdir / "sessions" / "pets.json").read_text())
    assert saved["openapi"] == "petstore.yaml"
    assert saved["requests"][0]["expectations"] == ["schema"]
    shutil.copy(workdir / "petstore.yaml", workdir / "sessions" / "petstore.yaml")

    code, out, err = run_workbench(["replay", "sessions/pets.json"])
    assert code == 0, out + err
    assert "1 passed, 0 failed" in out

    pets.broken = True
    code, out, err = run_workbench(["replay", "sessions/pets.json"])
    assert code == 1
    assert "FAIL 1 GET" in out
    assert "schema: 3 violations of GET /pets/{petId} 200 (Pet)" in out
    assert "$.id: expected an integer, got a string" in out

    # Inside the REPL, `replay` checks against the loaded description too.
    code, out, err = run_workbench(input="load sessions/pets.json\nreplay 1\n")
    assert code == 1
    assert "$.id: expected an integer, got a string" in out

    # A description that cannot be loaded fails the check with the reason, no crash.
    (workdir / "sessions" / "petstore.yaml").write_text("openapi: [not, a, description")
    (workdir / "petstore.yaml").unlink()
    code, out, err = run_workbench(["replay", "sessions/pets.json"])
    assert code == 1
    assert "schema: the API description could not be loaded: petstore.yaml:" in out
    assert "Traceback" not in err and "Fatal" not in err


def test_replay_finds_the_description_by_the_session_folder(run_workbench, pets, specs, workdir):
    code, out, err = run_workbench(input=SHOP_ITEMS_CHECKED.format(base=pets.base) + "save shop-session.json\n")
    assert code == 0, err
    other = workdir / "elsewhere"
    other.mkdir()
    code, out, err = run_workbench(["replay", str(workdir / "shop-session.json")], cwd=other)
    assert code == 0, out + err
    pets.broken = True
    code, out, err = run_workbench(["replay", str(workdir / "shop-session.json")], cwd=other)
    assert code == 1
    assert "$[0].price: 1.005 is not a multiple of 0.01" in out


def test_show_and_send_warn_about_missing_required_parameters_and_enums(run_workbench, pets, specs):
    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi shop.yaml
path /items
show
query add status lost
query add sort up
header X-Tenant: t1
send
query set status available
query rm sort
show
""")
    assert code == 0, err
    lines = [line for line in err.splitlines() if line.startswith("warning:")]
    assert lines == [
        "warning: GET /items: required query parameter 'status' is missing",
        "warning: GET /items: required header 'X-Tenant' is missing",
        "warning: GET /items: query parameter 'status' is 'lost', not one of available, sold",
        "warning: GET /items: query parameter 'sort' is 'up', not one of asc, desc",
    ]
    # Warned, not refused: the request went out as typed.
    assert "status=lost&sort=up" in pets.seen


def test_warnings_name_path_enums_and_never_show_secrets(run_workbench, pets, specs):
    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi shop.yaml
set --secret tenant s3cr3t-tenant
set --secret st hidden-status
path /items/zz
show
path /items
query add status {{{{st}}}}
header X-Tenant: {{{{tenant}}}}
show
""")
    assert code == 0, err
    assert "warning: GET /items/{itemId}: path parameter 'itemId' is 'zz', not one of a1, b2, bad" in err
    # A value holding a secret is not compared (nor shown); the header is present.
    assert "s3cr3t-tenant" not in out + err
    assert "hidden-status" not in out + err
    assert err.count("warning:") == 1


def test_no_warnings_without_a_description_or_an_operation(run_workbench, pets, specs):
    code, out, err = run_workbench(input=f"""\
base {pets.base}
path /items
show
openapi shop.yaml
path /nowhere
show
""")
    assert code == 0, err
    assert "warning:" not in err


def test_schema_failures_and_warnings_mask_secrets(run_workbench, pets, specs, workdir):
    code, out, err = run_workbench(input=f"""\
base {pets.base}
openapi shop.yaml
set --secret token t0p-s3cret-value
path /items
query set status {{{{token}}}}
header X-Tenant: t1
header X-Echo-Status: {{{{token}}}}
send
expect schema
""")
    # The failed check: the secret came back as a status outside the enum.
    assert code == 1
    assert '$[0].status: "******" is not one of "available", "sold"' in out
    assert "t0p-s3cret-value" not in out + err



def test_httpbins_own_swagger_description(run_workbench, httpbin):
    """httpbin (PyPI, with flasgger) serves its Swagger 2.0 description: loaded by URL,
    its one required query parameter is warned about, and `expect schema` says plainly
    that httpbin documents no schema for the reply."""
    pytest.importorskip("flasgger")
    code, out, err = run_workbench(input=f"""\
base {httpbin}
openapi {httpbin}/spec.json
path /redirect-to
show
query set url /get
show
get /get
expect schema
""")
    assert "loaded " in out and "(Swagger 2.0)" in out, out + err
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert warnings == ["warning: GET /redirect-to: required query parameter 'url' is missing"]
    assert code == 1
    assert "expectation failed: schema: GET /get 200 has no JSON schema to check against" in err


def test_an_undefined_variable_in_a_path_is_that_error_alone_with_a_did_you_mean(run_workbench, server, workdir):
    shutil.copy(PETSTORE, workdir / "petstore.yaml")
    code, out, err = run_workbench(["--keep-going"], input=script(
        "openapi petstore.yaml",
        f"base {server}",
        "set petId 3",
        "get /pets/{{petid}}",
        "get /pets/{{nothing_like_it}}",
    ))
    assert code == 1
    assert "path parameter {petId} is not filled" not in out + err, err
    assert "error: line 4: undefined variable {{petid}}: did you mean {{petId}}? or set it with `set petid VALUE`" in err
    assert "error: line 5: undefined variable {{nothing_like_it}}: set it with `set nothing_like_it VALUE`" in err


def test_a_post_without_the_body_its_operation_requires_warns(run_workbench, server, workdir):
    shutil.copy(PETSTORE, workdir / "petstore.yaml")
    code, out, err = run_workbench(["--keep-going"], input=script(
        "openapi petstore.yaml",
        f"base {server}/echo",
        "post /pets",
        'body json {"id": 1, "name": "Fido"}',
        "post /pets",
    ))
    warning = ("warning: POST /pets: the description requires a request body (application/json); none is sent "
               "(`body example` writes one from its schema)")
    assert err.count(warning) == 1, err
