"""Checks of the test server itself (server.py), with http.client and raw sockets,
so that a failing `send` test points at the workbench and not at the server."""

from __future__ import annotations

import base64
import gzip
import http.client
import json
import socket
import urllib.parse

import pytest


@pytest.fixture()
def address(server):
    parsed = urllib.parse.urlsplit(server)
    return parsed.hostname, parsed.port


@pytest.fixture()
def conn(address):
    connection = http.client.HTTPConnection(*address, timeout=30)
    yield connection
    connection.close()


def request(conn, method, target, body=None, headers=None):
    conn.request(method, target, body=body, headers=headers or {})
    response = conn.getresponse()
    return response, response.read()


def raw_exchange(address, data: bytes) -> bytes:
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def test_echo_reports_method_path_query_headers_and_body(conn):
    response, data = request(conn, "PURGE", "/echo?b=2&a=1&a=3", body=b"caf\xc3\xa9\x00",
                             headers={"X-Zeta": "1", "X-Alpha": "caf\u00e9".encode().decode("latin-1")})
    assert response.status == 200
    assert response.getheader("Content-Type") == "application/json"
    echoed = json.loads(data)
    assert echoed["method"] == "PURGE"
    assert echoed["path"] == "/echo"
    assert echoed["query"] == "b=2&a=1&a=3"
    names = [name for name, _ in echoed["headers"]]
    assert names.index("X-Zeta") < names.index("X-Alpha")
    assert ["X-Alpha", "café"] in echoed["headers"]
    assert echoed["body"] == "café\x00"
    assert base64.b64decode(echoed["body_base64"]) == b"caf\xc3\xa9\x00"


def test_echo_head_has_headers_only(address):
    reply = raw_exchange(address, b"HEAD /echo HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
    head, _, rest = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ")
    assert b"Content-Length: " in head
    assert rest == b""


def test_echo_reads_a_chunked_body_and_keeps_the_connection(address):
    reply = raw_exchange(address, (
        b"POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n"
        b"GET /connection HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
    ))
    first, second = reply.split(b"HTTP/1.1 ", 2)[1:]
    assert b'"body": "hello world"' in first
    assert b'"requests_on_connection": 2' in second


def test_keep_alive_reuses_the_connection(conn):
    ids = []
    for expected in (1, 2, 3):
        response, data = request(conn, "GET", "/connection")
        value = json.loads(data)
        assert value["requests_on_connection"] == expected
        ids.append(value["connection_id"])
    assert len(set(ids)) == 1


def test_unread_request_bodies_do_not_break_keep_alive(conn):
    response, _ = request(conn, "POST", "/status/201", body=b"x" * 10000)
    assert response.status == 201
    response, data = request(conn, "GET", "/connection")
    assert json.loads(data)["requests_on_connection"] == 2


@pytest.mark.parametrize(("code", "kind"), [(200, "text"), (418, "text"), (500, "text"), (401, "json"), (404, "json")])
def test_status(conn, code, kind):
    response, data = request(conn, "GET", f"/status/{code}")
    assert response.status == code
    if kind == "json":
        assert response.getheader("Content-Type") == "application/json"
        assert "message" in json.loads(data)
    else:
        assert data.decode().startswith(str(code))


def test_status_204_has_no_body(conn):
    response, data = request(conn, "GET", "/status/204")
    assert response.status == 204 and data == b""
    response, _ = request(conn, "GET", "/connection")
    assert response.status == 200


def test_error_envelope(conn):
    response, data = request(conn, "GET", "/error/envelope")
    assert response.status == 400
    assert json.loads(data) == {"resultCode": 1, "status": "fail", "data": "wrong password"}


def test_redirects(conn):
    response, _ = request(conn, "GET", "/redirect/2")
    assert (response.status, response.getheader("Location")) == (302, "/redirect/1")
    response, data = request(conn, "GET", "/redirect/0")
    assert (response.status, json.loads(data)) == (200, {"redirected": True})
    response, _ = request(conn, "GET", "/redirect-loop")
    assert (response.status, response.getheader("Location")) == (302, "/redirect-loop")


def test_gzip_only_when_accepted(conn):
    response, data = request(conn, "GET", "/gzip", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert response.getheader("Content-Encoding") == "gzip"
    plain = gzip.decompress(data)
    response, data = request(conn, "GET", "/gzip", headers={"Accept-Encoding": "identity"})
    assert response.getheader("Content-Encoding") is None
    assert data == plain
    json.loads(plain)


def test_json_routes(conn):
    response, data = request(conn, "GET", "/json/order")
    assert data == (b'{"zeta":1,"alpha":2,"mid":{"b":1,"a":2},"big":12345678901234567890123,'
                    b'"dec":1.10,"list":[1,2,3],"s":"caf\\u00e9"}')
    assert response.getheader("Content-Type") == "application/json"
    response, data = request(conn, "GET", "/json/invalid")
    assert data == b'{"a": 1,, "b": 2}'
    response, data = request(conn, "GET", "/json/nocontenttype")
    assert response.getheader("Content-Type") is None
    json.loads(data)


def test_latin1_binary_png(conn):
    response, data = request(conn, "GET", "/latin1")
    assert response.getheader("Content-Type") == "text/plain; charset=iso-8859-1"
    assert data.decode("latin-1") == "café crème"
    response, data = request(conn, "GET", "/binary")
    assert response.getheader("Content-Type") == "application/octet-stream"
    assert len(data) == 4096 and b"\x00" in data
    response, data = request(conn, "GET", "/png")
    assert response.getheader("Content-Type") == "image/png"
    assert data.startswith(b"\x89PNG\r\n\x1a\n")


def test_slow_and_drip(conn):
    response, data = request(conn, "GET", "/slow?ms=10")
    assert json.loads(data) == {"slept_ms": 10}
    response, data = request(conn, "GET", "/drip?count=12&ms=1")
    assert data == b"012345678901"


def test_login_and_me(conn):
    response, data = request(conn, "POST", "/login", body=b'{"password": "secret", "username": "ana"}',
                             headers={"Content-Type": "application/json"})
    assert response.status == 200
    assert json.loads(data)["data"]["accessToken"] == "tok-123"
    response, data = request(conn, "POST", "/login", body=b'{"username": "ana", "password": "nope"}')
    assert response.status == 401
    assert json.loads(data) == {"resultCode": 1, "status": "fail", "data": "wrong username or password"}
    response, data = request(conn, "GET", "/me", headers={"Authorization": "Bearer tok-123"})
    assert (response.status, json.loads(data)) == (200, {"user": "ana"})
    response, data = request(conn, "GET", "/me")
    assert (response.status, json.loads(data)) == (401, {"message": "missing or bad token"})


def test_movie_database(conn):
    response, data = request(conn, "GET", "/3/movie/popular?api_key=testkey")
    assert response.status == 200
    page = json.loads(data)
    assert page["page"] == 1 and len(page["results"]) == 3
    response, data = request(conn, "GET", "/3/movie/popular")
    assert response.status == 401
    assert data == b'{"status_message": "Invalid API key", "status_code": 7}'
    response, _ = request(conn, "GET", "/3/movie/popular?api_key=wrong")
    assert response.status == 401


def test_characters(conn):
    response, data = request(conn, "GET", "/api/character/1?name=rick&status=alive")
    value = json.loads(data)
    assert value["name"] == "Rick Sanchez"
    assert value["query"] == {"name": ["rick"], "status": ["alive"]}
    response, _ = request(conn, "GET", "/api//character/1")
    assert response.status == 404
    response, data = request(conn, "GET", "/api/character/?name=smith")
    assert json.loads(data)["info"]["count"] == 4


def test_firestore(conn):
    prefix = "/v1/projects/p/databases/(default)/documents/users"
    target = (prefix + "/u1?updateMask.fieldPaths=profileImage&updateMask.fieldPaths=nickName"
              "&updateMask.fieldPaths=introduce")
    body = b'{"fields": {"nickName": {"stringValue": "ana"}, "introduce": {"stringValue": "hi"}}}'
    response, data = request(conn, "PATCH", target, body=body, headers={"Content-Type": "application/json"})
    value = json.loads(data)
    assert response.status == 200
    assert value["updateMask"]["fieldPaths"] == ["profileImage", "nickName", "introduce"]
    assert list(value["fields"]) == ["nickName", "introduce"]
    assert value["request"]["content_type"] == "application/json"
    response, data = request(conn, "DELETE", prefix + "/u1")
    assert (response.status, data) == (200, b"{}")
    response, data = request(conn, "GET", prefix)
    assert json.loads(data)["nextPageToken"] == "page-2"
    response, _ = request(conn, "POST", prefix + "/u2", body=b"not json")
    assert response.status == 400
    response, _ = request(conn, "PUT", prefix + "/u2", body=b"{}")
    assert response.status == 405


def test_bad_requests_do_not_stop_the_server(address, conn):
    for data in (b"GARBAGE\r\n\r\n", b"\x00\xff\r\n\r\n",
                 b"GET /echo HTTP/1.1\r\nHost: t\r\nContent-Length: nope\r\n\r\n",
                 b"POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                 b"POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nshort"):
        raw_exchange(address, data)
    response, _ = request(conn, "GET", "/echo")
    assert response.status == 200


def test_unknown_route_is_404(conn):
    response, data = request(conn, "GET", "/no/such/route")
    assert response.status == 404
    assert b"/no/such/route" in data
