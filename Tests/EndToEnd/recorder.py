"""A recording HTTP/1.1 server for the request-model tests: it keeps every request's raw
bytes (request line, headers, body) so a test can compare what the workbench put on the
wire with what an exported curl or HTTPie command puts there.

It runs in the test process on a thread (``Recorder.start()``), on 127.0.0.1 with an
ephemeral port. Routes:

- ``/redirect/STATUS?to=URL``: answers STATUS with ``Location: URL`` (a cross-origin
  redirect when URL names another recorder);
- anything else: ``200`` with a short JSON body naming the method and target.

Connections are kept alive as clients expect; bodies are read by Content-Length or
chunked framing. Written for these tests rather than taken from a library: the point is
the exact bytes, which ``http.server`` normalises (header case and order survive, but
its request object does not keep the raw block).
"""

from __future__ import annotations

import json
import socket
import threading
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit


@dataclass
class Recorded:
    """One request as it arrived."""

    raw: bytes
    method: str
    target: str
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def header_names(self) -> list[str]:
        return [key.lower() for key, _ in self.headers]


class Recorder:
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(16)
        self.port = self._socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._stopped = False

    def start(self) -> "Recorder":
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def stop(self) -> None:
        self._stopped = True
        try:
            self._socket.close()
        except OSError:
            pass

    def clear(self) -> None:
        with self._lock:
            self.requests.clear()

    def taken(self) -> list[Recorded]:
        with self._lock:
            return list(self.requests)

    def _accept(self) -> None:
        while not self._stopped:
            try:
                connection, _ = self._socket.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection: socket.socket) -> None:
        connection.settimeout(10)
        buffer = b""
        try:
            while True:
                while b"\r\n\r\n" not in buffer:
                    chunk = connection.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                    if len(buffer) > 1 << 20:
                        return
                head, buffer = buffer.split(b"\r\n\r\n", 1)
                lines = head.decode("latin-1").split("\r\n")
                method, target, _ = lines[0].split(" ", 2)
                headers = [(line.split(":", 1)[0], line.split(":", 1)[1].strip()) for line in lines[1:] if ":" in line]
                names = {key.lower(): value for key, value in headers}
                body = b""
                if "content-length" in names:
                    length = int(names["content-length"])
                    while len(buffer) < length:
                        chunk = connection.recv(65536)
                        if not chunk:
                            return
                        buffer += chunk
                    body, buffer = buffer[:length], buffer[length:]
                elif names.get("transfer-encoding", "").lower() == "chunked":
                    body, buffer = self._read_chunked(connection, buffer)
                elif names.get("expect", "").lower() == "100-continue":
                    pass
                raw = head + b"\r\n\r\n" + body
                with self._lock:
                    self.requests.append(Recorded(raw, method, target, headers, body))
                connection.sendall(self._answer(method, target))
        except (OSError, ValueError):
            return
        finally:
            connection.close()

    @staticmethod
    def _read_chunked(connection: socket.socket, buffer: bytes) -> tuple[bytes, bytes]:
        body = b""
        while True:
            while b"\r\n" not in buffer:
                buffer += connection.recv(65536)
            size_line, buffer = buffer.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            while len(buffer) < size + 2:
                buffer += connection.recv(65536)
            body += buffer[:size]
            buffer = buffer[size + 2:]
            if size == 0:
                return body, buffer

    @staticmethod
    def _answer(method: str, target: str) -> bytes:
        parts = urlsplit(target)
        segments = parts.path.strip("/").split("/")
        if len(segments) == 2 and segments[0] == "redirect" and segments[1].isdigit():
            location = parse_qs(parts.query).get("to", ["/landed"])[0]
            body = b""
            return (f"HTTP/1.1 {segments[1]} Moved\r\nLocation: {location}\r\n"
                    f"Content-Length: 0\r\n\r\n").encode("latin-1") + body
        body = json.dumps({"method": method, "target": target}).encode()
        head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        return head.encode("latin-1") + (b"" if method == "HEAD" else body)
