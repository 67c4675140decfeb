"""A reader and runner for the part of the Hurl grammar `export hurl` writes (hurl.dev's file
format: entries of a request line, headers, [Options], a body, then `HTTP <status>`, [Captures]
and [Asserts]). Hurl itself is not packaged for this machine, so the tests check an exported
file by parsing it with this and running it against the test server: a line outside the grammar
fails the parse, a wrong capture or assert fails the run."""
import json
import re
import time
import urllib.error
import urllib.request

SECTION = re.compile(r"^\[(Options|FormParams|Captures|Asserts|QueryStringParams|BasicAuth)\]$")


def parse(text: str) -> list[dict]:
    entries, entry, section, body = [], None, None, None
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip() or line.startswith("#"):
            continue
        if entry is None or (entry.get("status") is not None and re.match(r"^[A-Z]+ \S+$", line)):
            method, url = line.split(" ", 1)
            assert re.fullmatch(r"[A-Z]+", method), f"not a request line: {line!r}"
            entry = {"method": method, "url": url, "headers": [], "options": {}, "form": [], "body": None,
                     "status": None, "captures": [], "asserts": []}
            entries.append(entry)
            section = None
            continue
        if match := SECTION.match(line):
            section = match.group(1)
            continue
        if line.startswith("HTTP "):
            entry["status"] = line[5:]
            section = None
            continue
        if line == "```":
            end = lines.index("```", index)
            entry["body"] = "\n".join(lines[index:end]).encode()
            index = end + 1
            continue
        if line.startswith("file,") and line.endswith(";"):
            entry["body"] = ("file", line[5:-1])
            continue
        if line.startswith("{") or line.startswith("["):
            start = index - 1
            depth_text = line
            while True:
                try:
                    json.loads(re.sub(r"\{\{[^}]*\}\}", "0", depth_text))
                    break
                except ValueError:
                    assert index < len(lines), "unterminated JSON body"
                    depth_text += "\n" + lines[index]
                    index += 1
            entry["body"] = depth_text.encode()
            continue
        if section == "Captures":
            name, query = line.split(": ", 1)
            entry["captures"].append((name, query))
        elif section == "Asserts":
            entry["asserts"].append(line)
        elif section == "Options":
            key, value = line.split(": ", 1)
            entry["options"][key] = value
        elif section == "BasicAuth":
            user, password = line.split(": ", 1)
            entry["headers"].append(("Authorization", ("basic", user, password)))
        elif section == "FormParams":
            key, value = line.split(": ", 1)
            entry["form"].append((key, value))
        else:
            name, value = line.split(": ", 1) if ": " in line else (line.rstrip(":"), "")
            assert re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+", name), f"not a header: {line!r}"
            entry["headers"].append((name, value))
    for entry in entries:
        assert entry["status"] is not None, f"{entry['method']} {entry['url']}: no HTTP line"
    return entries


def _string(literal: str) -> str:
    return json.loads(re.sub(r"\\u\{([0-9a-fA-F]+)\}", lambda m: "\\u%04x" % int(m.group(1), 16), literal))


def _jsonpath(document, path: str):
    value = document
    for key, quoted, index in re.findall(r"\.([^.\[]+)|\[\"([^\"]*)\"\]|\[(-?\d+)\]", path[1:]):
        if index:
            value = value[int(index)]
        else:
            value = value[key or quoted]
    return value


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 3xx comes back as an HTTPError, read as the response


_FOLLOWING = urllib.request.build_opener()
_NOT_FOLLOWING = urllib.request.build_opener(_NoRedirects())


def run(entries: list[dict], variables: dict[str, str]) -> list[str]:
    """Sends each entry; returns one line per failed assert or capture (empty: all passed)."""
    failures = []
    expand = lambda text: re.sub(r"\{\{([^}]*)\}\}", lambda m: variables[m.group(1)], text)
    for number, entry in enumerate(entries, 1):
        data = entry["body"]
        if isinstance(data, bytes):
            data = expand(data.decode()).encode()
        elif entry["form"]:
            data = urllib.parse.urlencode([(k, expand(v)) for k, v in entry["form"]]).encode()
        request = urllib.request.Request(expand(entry["url"]), data=data, method=entry["method"])
        for name, value in entry["headers"]:
            if isinstance(value, tuple):  # [BasicAuth]
                pair = f"{expand(value[1])}:{expand(value[2])}".encode()
                value = "Basic " + __import__("base64").b64encode(pair).decode()
            request.add_header(name, expand(value))
        started = time.monotonic()
        try:
            # As Hurl: redirects are followed only with `location: true`.
            opener = _FOLLOWING if entry["options"].get("location") == "true" else _NOT_FOLLOWING
            response = opener.open(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        body = response.read()
        elapsed = (time.monotonic() - started) * 1000
        status = response.status if hasattr(response, "status") else response.code
        if entry["status"] != "*" and int(entry["status"]) != status:
            failures.append(f"{number}: status {status} != {entry['status']}")
        for name, query in entry["captures"]:
            if query == "status":
                variables[name] = str(status)
            elif query.startswith("header "):
                variables[name] = response.headers[_string(query[7:])]
            else:
                try:
                    variables[name] = str(_jsonpath(json.loads(body), _string(query[9:])))
                except (KeyError, IndexError, TypeError, ValueError):
                    # As in Hurl, a capture that fails ends the run.
                    return failures + [f"{number}: capture {name}: no value at {query}"]
        for line in entry["asserts"]:
            if match := re.fullmatch(r'jsonpath ("(?:[^"\\]|\\.)*") (==|exists)\s*(.*)', line):
                path, op, expected = match.groups()
                try:
                    actual = _jsonpath(json.loads(body), _string(path))
                except (KeyError, IndexError, TypeError, ValueError):
                    failures.append(f"{number}: {line}: no value")
                    continue
                if op == "==" and actual != json.loads(expected):
                    failures.append(f"{number}: {line}: got {actual!r}")
            elif match := re.fullmatch(r'header ("(?:[^"\\]|\\.)*") contains ("(?:[^"\\]|\\.)*")', line):
                if _string(match.group(2)) not in (response.headers[_string(match.group(1))] or ""):
                    failures.append(f"{number}: {line}")
            elif match := re.fullmatch(r"status (>=|<) (\d+)", line):
                ok = status >= int(match.group(2)) if match.group(1) == ">=" else status < int(match.group(2))
                if not ok:
                    failures.append(f"{number}: {line}")
            elif match := re.fullmatch(r"duration < (\d+)", line):
                if elapsed >= int(match.group(1)):
                    failures.append(f"{number}: {line}")
            else:
                raise AssertionError(f"assert outside the grammar: {line!r}")
    return failures
