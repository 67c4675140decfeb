"""A small HTTP forward proxy for the tests, on 127.0.0.1 and an ephemeral port: CONNECT opens a
tunnel (what wss, and https, go through), an absolute-form request (`GET ws://host:port/path`) is
forwarded in origin form with the proxy's own headers taken off, as a proxy does. Every request
head it receives is kept in `heads`, so a test can see what went through it and what the proxy,
and only the proxy, was told (Proxy-Authorization). Given a `login` (`user:password`), it answers
407 to a request without that Basic login, as a proxy that asks for one does."""

from __future__ import annotations

import base64
import socket
import threading
from urllib.parse import urlsplit


class ForwardProxy:
    def __init__(self, login: str | None = None):
        self.login = login
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.heads: list[str] = []
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def __enter__(self) -> "ForwardProxy":
        return self

    def __exit__(self, *_):
        self._closed = True
        self.listener.close()

    def _accept(self):
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, client: socket.socket):
        client.settimeout(20)
        with client:
            received = b""
            while b"\r\n\r\n" not in received:
                chunk = client.recv(65536)
                if not chunk:
                    return
                received += chunk
                if len(received) > 65536:
                    return
            head, rest = received.split(b"\r\n\r\n", 1)
            text = head.decode("latin-1")
            with self._lock:
                self.heads.append(text)
            lines = text.split("\r\n")
            method, target, version = lines[0].split(" ", 2)
            if self.login is not None:
                expected = "proxy-authorization: basic " + base64.b64encode(self.login.encode()).decode().lower()
                if not any(line.lower() == expected for line in lines[1:]):
                    client.sendall(b'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n'
                                   b"Content-Length: 0\r\nConnection: close\r\n\r\n")
                    return
            if method == "CONNECT":
                host, port = target.rsplit(":", 1)
                upstream = socket.create_connection((host, int(port)), timeout=10)
                client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                if rest:
                    upstream.sendall(rest)
            else:
                parts = urlsplit(target)
                upstream = socket.create_connection((parts.hostname, parts.port or 80), timeout=10)
                path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
                kept = [line for line in lines[1:] if not line.lower().startswith(("proxy-authorization:", "proxy-connection:"))]
                upstream.sendall("\r\n".join([f"{method} {path} {version}", *kept]).encode("latin-1") + b"\r\n\r\n" + rest)
            with upstream:
                upstream.settimeout(20)
                threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()
                self._pipe(client, upstream)

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket):
        try:
            while True:
                chunk = source.recv(65536)
                if not chunk:
                    break
                target.sendall(chunk)
        except OSError:
            pass
        try:
            target.shutdown(socket.SHUT_WR)
        except OSError:
            pass
