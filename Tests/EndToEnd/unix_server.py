"""An HTTP server on a Unix socket (as Docker's API is): answers every GET with a JSON
echo of the request line and headers. Usage: unix_server.py PATH; prints READY once
it listens, and removes the socket when it ends."""
import json
import os
import socketserver
import sys
from http.server import BaseHTTPRequestHandler


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def address_string(self) -> str:  # a Unix socket has no client address
        return "unix"

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (BaseHTTPRequestHandler's name)
        pass

    def do_GET(self) -> None:  # noqa: N802 (BaseHTTPRequestHandler's name)
        body = json.dumps({"path": self.path, "headers": dict(self.headers), "socket": True}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


def main() -> None:
    path = sys.argv[1]
    with Server(path, Handler) as server:
        print("READY", flush=True)
        try:
            server.serve_forever()
        finally:
            os.unlink(path)


if __name__ == "__main__":
    main()
