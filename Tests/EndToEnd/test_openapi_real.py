"""Issue 28, end to end: real API descriptions (Discord's and OpenAI's, in
Tests/Fixtures/OpenAPI/Real; the OpenAPI Initiative's examples in Tests/Fixtures/OpenAPI)
load whole, with one warning line per keyword read leniently; every operation with a JSON
request body gets a `body example` that is sent to a server on 127.0.0.1 and checked there
by an independent validator (Python `jsonschema`, Draft 2020-12); and a generated
2,000-path description with `security` on every operation loads."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import jsonschema
import pytest
import yaml

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
FIXTURES = REPO_ROOT / "Tests" / "Fixtures" / "OpenAPI"
REAL = FIXTURES / "Real"
# The OpenAPI Initiative's examples (Tests/Fixtures/NOTICE.md); the other fixtures are ours.
INITIATIVE_EXAMPLES = ("petstore.yaml", "petstore-expanded.yaml", "api-with-examples.yaml",
                       "callback-example.yaml", "link-example.yaml")
GENERATOR = REPO_ROOT / "scripts" / "generate_openapi.py"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def read_description(path: Path) -> dict:
    text = path.read_text()
    # libyaml's loader when PyYAML has it: the pure-Python one takes seconds on OpenAI's 3 MB.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return json.loads(text) if text.lstrip().startswith("{") else yaml.load(text, Loader=loader)


class Recorder:
    """A server that answers `{}` to everything and keeps (method, path, content type, body)."""

    def __init__(self):
        self.received: list[tuple[str, str, str, bytes]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                owner.received.append((self.command, self.path, self.headers.get("Content-Type", ""), body))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")

            do_POST = do_PUT = do_PATCH = do_DELETE = do_GET = handle_any

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def recorder():
    server = Recorder()
    yield server
    server.close()


def json_body_operations(document: dict) -> list[tuple[str, str, dict, str]]:
    """(METHOD, template, schema, media type) of each operation with a JSON request body."""
    bodies = document.get("components", {}).get("requestBodies", {})
    found = []
    for template, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method not in METHODS or "requestBody" not in operation:
                continue
            body = operation["requestBody"]
            if "$ref" in body:
                body = bodies[body["$ref"].split("/")[-1]]
            content = body.get("content", {})
            media = next((m for m in content if m.lower() == "application/json"), None) \
                or next((m for m in content if re.search(r"[/+]json\b", m.lower())), None)
            if media and "schema" in content[media]:
                found.append((method.upper(), template, content[media]["schema"], media))
    return found


def as_json_schema(value, in_schema=True):
    """OpenAPI's 3.0 idioms as JSON Schema 2020-12 says them (what a 3.1 reader does with
    them): `nullable: true` adds "null" to the type, boolean `exclusiveMinimum`/`Maximum`
    become the numeric form, and a `required` readOnly property is not required in a request
    (OpenAPI: readOnly properties are the server's to send). Examples are left alone."""
    if isinstance(value, list):
        return [as_json_schema(item, in_schema) for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in ("example", "examples", "default", "enum", "const"):
            out[key] = item
        else:
            out[key] = as_json_schema(item, in_schema)
    if out.get("nullable") is True and "type" in out:
        types = out["type"] if isinstance(out["type"], list) else [out["type"]]
        out["type"] = types + ["null"] if "null" not in types else types
        if "enum" in out and None not in out["enum"]:
            out["enum"] = out["enum"] + [None]
    for flag, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        if isinstance(out.get(flag), bool):
            if out[flag] and bound in out:
                out[flag] = out.pop(bound)
            else:
                del out[flag]
    properties = out.get("properties")
    if isinstance(properties, dict) and isinstance(out.get("required"), list):
        out["required"] = [name for name in out["required"]
                           if not (isinstance(properties.get(name), dict) and properties[name].get("readOnly") is True)]
    return out


def prepared(document: dict) -> dict:
    """The document as JSON Schema (see `as_json_schema`), once per description."""
    root = as_json_schema(copy.deepcopy(document))
    # Read-only components referred to by `$ref` and named in `required`: dropped there too.
    for named in root.get("components", {}).get("schemas", {}).values():
        drop_required_read_only_refs(named, root)
    return root


def validator_for(root: dict, schema: dict):
    """A Draft 2020-12 validator for `schema` whose `#/components/...` references resolve
    in the prepared document `root`; formats checked where jsonschema can."""
    body = as_json_schema(copy.deepcopy(schema))
    drop_required_read_only_refs(body, root)
    whole = dict(root, **{"x-request-body": body, "$ref": "#/x-request-body"})
    return jsonschema.Draft202012Validator(whole, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def drop_required_read_only_refs(schema, root, depth=0):
    if depth > 50 or not isinstance(schema, (dict, list)):
        return
    if isinstance(schema, list):
        for item in schema:
            drop_required_read_only_refs(item, root, depth + 1)
        return
    properties = schema.get("properties")
    if isinstance(properties, dict) and isinstance(schema.get("required"), list):
        def read_only(prop):
            if isinstance(prop, dict) and "$ref" in prop and prop["$ref"].startswith("#/components/schemas/"):
                target = root["components"]["schemas"].get(prop["$ref"].split("/")[-1], {})
                return isinstance(target, dict) and target.get("readOnly") is True
            return False
        schema["required"] = [name for name in schema["required"] if not read_only(properties.get(name))]
    for key, item in schema.items():
        if key not in ("example", "examples", "default", "enum", "const"):
            drop_required_read_only_refs(item, root, depth + 1)


def concrete(template: str) -> str:
    return re.sub(r"\{[^}/]+\}", "1", template)


def send_every_body_example(run_workbench, recorder, description: Path, operations):
    lines = [f"base {recorder.base}", f"openapi {description}"]
    for method, template, _, _ in operations:
        # `--body`: DELETE (Discord has some with a JSON body) holds a body back unless asked.
        lines += [f"path {concrete(template)}", f"method {method}", "body example", "send --body"]
    result = run_workbench([], input="\n".join(lines) + "\n", timeout=180)
    return result


@pytest.mark.parametrize("name", ["discord-openapi.json", "openai-openapi.yaml"])
def test_real_descriptions_load_whole_and_every_body_example_satisfies_jsonschema(run_workbench, recorder, name):
    path = REAL / name
    document = read_description(path)
    operations = json_body_operations(document)
    assert len(operations) >= 80
    result = send_every_body_example(run_workbench, recorder, path, operations)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "left out" not in result.stderr
    # No `body example` found something it could not satisfy.
    assert "warning: body example" not in result.stderr, result.stderr
    assert len(recorder.received) == len(operations)
    failures = []
    root = prepared(document)
    for (method, template, schema, media), (sent_method, sent_path, content_type, body) in zip(operations, recorder.received):
        assert sent_method == method and sent_path.endswith(concrete(template))
        assert content_type.split(";")[0].strip().lower() == media.lower()
        value = json.loads(body)
        assert value is not None, f"{method} {template}: a null body was sent"
        errors = sorted(validator_for(root, schema).iter_errors(value), key=lambda e: list(e.absolute_path))
        if errors:
            failures.append(f"{method} {template}: {body[:200]!r}: " + "; ".join(
                f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in errors[:3]))
    assert not failures, "\n".join(failures)


def test_openai_keywords_read_leniently_are_one_warning_line_each(run_workbench):
    result = run_workbench([], input=f"openapi {REAL / 'openai-openapi.yaml'}\nopenapi\n")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    lenient = [line for line in lines if "read leniently" in line]
    assert len(lenient) == 9 and len(lines) == 9, lines
    assert sum("`exclusiveMinimum: true` (OpenAPI 3.0's form) read as `exclusiveMinimum: 0`" in line for line in lenient) == 6
    assert any("properties/seed: `maximum: 9223372036854776000` does not fit a 64-bit integer; read as an exact decimal" in line
               for line in lenient)
    # `openapi` lists them again, and nothing left out.
    assert "9 keywords read leniently:" in result.stdout and "left out" not in result.stdout


def test_describe_chat_completions_keeps_the_429_indent(run_workbench):
    result = run_workbench([], input=f"openapi {REAL / 'openai-openapi.yaml'}\ndescribe POST /chat/completions\n")
    assert result.returncode == 0, result.stderr
    assert "\n  429  The request was rejected because a rate limit was exceeded.\n      (application/json: ErrorResponse)\n" in result.stdout
    assert all(len(line) <= 80 and not line.endswith(" ") for line in result.stdout.splitlines()[3:])


def test_the_openapi_initiatives_examples_satisfy_jsonschema(run_workbench, recorder, workdir):
    for path in (FIXTURES / name for name in INITIATIVE_EXAMPLES):
        document = read_description(path)
        operations = json_body_operations(document)
        if not operations:
            continue
        recorder.received.clear()
        result = send_every_body_example(run_workbench, recorder, path, operations)
        assert result.returncode == 0 and "warning" not in result.stderr, (path.name, result.stderr)
        root = prepared(document)
        for (method, template, schema, _), (_, _, _, body) in zip(operations, recorder.received):
            errors = list(validator_for(root, schema).iter_errors(json.loads(body)))
            assert not errors, (path.name, method, template, body, [e.message for e in errors])


def test_a_body_that_cannot_be_built_is_an_error_not_null(run_workbench, recorder, workdir):
    (workdir / "gone.json").write_text(json.dumps({
        "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
        "paths": {"/x": {"post": {"requestBody": {"content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Gone"}}}}, "responses": {"200": {"description": "ok"}}}}}}))
    result = run_workbench([], input=f"base {recorder.base}\nopenapi gone.json\npath /x\nmethod POST\nbody example\nsend\n", cwd=workdir)
    assert result.returncode == 1
    assert "error: line 5: body example: cannot build a JSON body for POST /x: its schema gives no value" in result.stderr
    assert recorder.received == []


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_two_thousand_paths_with_security_on_every_operation_load(run_workbench, workdir, version):
    path = workdir / "secure.json"
    with open(path, "w") as out:
        subprocess.run([sys.executable, str(GENERATOR), "--security", "--openapi", version], stdout=out, check=True)
    result = run_workbench([], input="openapi secure.json\nopenapi\ndescribe GET /r49/items9/{id}/parts/{partId}\n", cwd=workdir)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert f"secure.json: Synthetic 1 (OpenAPI {version})\n6000 operations on 2000 paths" in result.stdout
    # The last path (in the second half the loader decodes on its own) is there with its operations.
    assert "GET /r49/items9/{id}/parts/{partId}" in result.stdout


def test_a_description_split_into_files_loads_and_its_references_stay_inside_its_folder(run_workbench, recorder, workdir):
    specs = workdir / "specs"
    (specs / "schemas").mkdir(parents=True)
    (specs / "api.yaml").write_text(
        "openapi: 3.1.0\ninfo: {title: split, version: '1'}\npaths:\n  /pets:\n    post:\n"
        "      requestBody:\n        content:\n          application/json:\n"
        "            schema: {$ref: 'schemas/pet.yaml'}\n"
        "      responses:\n        '200': {$ref: 'common.yaml#/components/responses/Ok'}\n")
    (specs / "schemas" / "pet.yaml").write_text(
        "type: object\nrequired: [name]\nproperties:\n  name: {type: string, pattern: '^[A-Z][a-z]+$'}\n"
        "  category: {$ref: 'category.yaml'}\n")
    (specs / "schemas" / "category.yaml").write_text("type: object\nproperties:\n  id: {type: integer, minimum: 1}\n")
    (specs / "common.yaml").write_text(
        "components:\n  responses:\n    Ok:\n      description: fine\n")
    result = run_workbench([], input=f"base {recorder.base}\nopenapi specs/api.yaml\npath /pets\nmethod POST\n"
                                     "describe\nbody example\nsend\n", cwd=workdir)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "name: string, required" in result.stdout and "category: object" in result.stdout
    assert "200  fine" in result.stdout
    assert json.loads(recorder.received[-1][3]) == {"name": "Aa", "category": {"id": 1}}

    (workdir / "secret.yaml").write_text("type: string\n")
    (specs / "api.yaml").write_text((specs / "api.yaml").read_text().replace("schemas/pet.yaml", "../secret.yaml"))
    # Issue 40: the one rule for files an input names. Outside the folder: not read, one warning naming it.
    result = run_workbench([], input="openapi specs/api.yaml\ndescribe POST /pets\n", cwd=workdir)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ("warning: specs/api.yaml names the file 'secret.yaml', outside its folder"
                             " ($ref '../secret.yaml'): not read (`allow-files DIR` or `--allow-files DIR` allows a folder,"
                             " then import again)\n")
    assert "request body: application/json\n" in result.stdout and "  string\n" not in result.stdout, result.stdout
    # Its folder allowed: read.
    for args, typed in [(["--allow-files", "."], ""), ([], "allow-files .\n")]:
        result = run_workbench(args, input=f"{typed}openapi specs/api.yaml\ndescribe POST /pets\n", cwd=workdir)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert "request body: application/json\n  string\n" in result.stdout, result.stdout
