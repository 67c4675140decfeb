"""A WebSocket peer for the end-to-end tests: the `websockets` package's own server (PyPI,
pinned in Tests/requirements.txt), so the workbench's framing and handshake are checked by a
third-party implementation. Prints `PORT n` once listening on --host/--port (0: ephemeral).

Paths:
  /echo          every message back as it came (text or binary)
  /json          each text message answered with {"echo": TEXT, "n": COUNT} (TEXT parsed when JSON)
  /headers       first message: the handshake's Authorization, Cookie, X-Trace, subprotocol and
                 Proxy-Authorization (which must never arrive) as JSON
  /close         answers the first message with "bye", then closes with 4000 "done"
  /ping          pings the client, then says "pong from client" once the pong came
  /big           sends one text frame of --big-bytes (default 20 MB)
  /refuse        refuses the upgrade: 403 with a JSON body
  /later         sends "tick" half a second after the handshake, then echoes
  /chat          subprotocols chat.v1 and chat.v2; otherwise as /echo
  /ansi          sends a text frame and a JSON frame holding escape sequences, a bell and a bidi
                 override, then echoes
  /peer          first message: the common name of the client's certificate (with --client-ca)
--cert/--key serve wss; --client-ca FILE also asks for a client certificate signed by FILE.
"""

import argparse
import http
import json
import ssl
import time

from websockets.datastructures import Headers
from websockets.http11 import Response
from websockets.sync.server import serve


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--client-ca")
    parser.add_argument("--big-bytes", type=int, default=20 * 1024 * 1024)
    options = parser.parse_args()

    def process_request(connection, request):
        if request.path == "/refuse":
            body = b'{"error": "not allowed here"}'
            return Response(403, "Forbidden", Headers({"Content-Type": "application/json", "Content-Length": str(len(body))}), body)
        return None

    def select_subprotocol(connection, subprotocols):
        if connection.request.path != "/chat":
            return None
        for offered in subprotocols:
            if offered in ("chat.v1", "chat.v2"):
                return offered
        return None

    def handler(connection):
        path = connection.request.path
        if path == "/headers":
            headers = connection.request.headers
            connection.send(json.dumps({
                "authorization": headers.get("Authorization"),
                "cookie": headers.get("Cookie"),
                "trace": headers.get("X-Trace"),
                "protocol": headers.get("Sec-WebSocket-Protocol"),
                "proxyAuthorization": headers.get("Proxy-Authorization"),
            }))
            for message in connection:
                connection.send(message)
        elif path == "/ansi":
            connection.send("red \x1b[31mX\x1b[0m and \u202eevil\x07")
            connection.send(json.dumps({"k": "\x1b]0;title\x07\u202e"}, ensure_ascii=False))
            for message in connection:
                connection.send(message)
        elif path == "/peer":
            certificate = connection.socket.getpeercert() or {}
            subject = dict(pair[0] for pair in certificate.get("subject", ()))
            connection.send(f"peer {subject.get('commonName')}")
            for message in connection:
                connection.send(message)
        elif path == "/json":
            count = 0
            for message in connection:
                count += 1
                try:
                    value = json.loads(message)
                except (ValueError, TypeError):
                    value = message if isinstance(message, str) else message.hex()
                connection.send(json.dumps({"echo": value, "n": count}))
        elif path == "/close":
            connection.recv()
            connection.send("bye")
            connection.close(4000, "done")
        elif path == "/ping":
            pong = connection.ping(b"are you there")
            if pong.wait(5):
                connection.send("pong from client")
            for message in connection:
                connection.send(message)
        elif path == "/later":
            time.sleep(0.5)
            connection.send("tick")
            for message in connection:
                connection.send(message)
        elif path == "/big":
            connection.send("x" * options.big_bytes)
            for message in connection:
                connection.send(message)
        else:
            for message in connection:
                connection.send(message)

    context = None
    if options.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.cert, options.key)
        if options.client_ca:
            context.verify_mode = ssl.CERT_REQUIRED
            context.load_verify_locations(options.client_ca)
    with serve(handler, options.host, options.port, ssl=context, process_request=process_request,
               select_subprotocol=select_subprotocol, max_size=32 * 1024 * 1024,
               compression=None) as server:
        port = server.socket.getsockname()[1]
        print(f"PORT {port}", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
