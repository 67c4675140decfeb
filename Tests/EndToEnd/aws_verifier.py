"""A server that checks AWS Signature Version 4 with botocore's own signer (PyPI).

Every request is verified: the Authorization header's credential scope and signed headers
are read, the canonical request is built by botocore from what arrived (method, path,
query, the signed headers' values, the body), and botocore's signature is compared with
the client's. The reply says whether it matched, as JSON; 403 when it did not.

Usage: aws_verifier.py --host 127.0.0.1 --port 0 (prints `PORT n` first).
"""
from __future__ import annotations

import argparse
import hmac
import json
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from botocore.auth import S3SigV4Auth, SigV4Auth
from botocore.awsrequest import AWSRequest, HTTPHeaders
from botocore.credentials import Credentials

ACCESS_KEY = "AKIDWORKBENCHTEST"
SECRET_KEY = "wJalrXUtnFEMI-K7MDENG-bPxRfiCY-SECRET"
SESSION_TOKEN = "FwoGZXIvYXdz-session-SECRET"

AUTHORIZATION = re.compile(
    r"^AWS4-HMAC-SHA256 Credential=(?P<key>[^/]+)/(?P<date>\d{8})/(?P<region>[^/]+)/(?P<service>[^/]+)/aws4_request,\s*"
    r"SignedHeaders=(?P<signed>[^,]+),\s*Signature=(?P<signature>[0-9a-f]{64})$")


class ListedHeaders:
    """botocore's signer, signing exactly the headers the client listed (as AWS does)."""

    def __init__(self, credentials, service, region, signed):
        super().__init__(credentials, service, region)
        self.signed = signed

    def headers_to_sign(self, request):
        headers = HTTPHeaders()
        for name in self.signed:
            headers[name] = request.headers[name]
        return headers


class ListedHeadersAuth(ListedHeaders, SigV4Auth):
    """Every service but S3: botocore encodes the path as received a second time."""


class ListedHeadersS3Auth(ListedHeaders, S3SigV4Auth):
    """S3: the path as received, and the payload's hash from X-Amz-Content-SHA256."""


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status: int, document: dict) -> None:
        body = json.dumps(document).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        match = AUTHORIZATION.match(self.headers.get("Authorization", ""))
        if not match:
            self.reply(403, {"verified": False, "message": "no AWS4-HMAC-SHA256 Authorization header",
                             "authorization": self.headers.get("Authorization", "")[:60]})
            return
        if match["key"] != ACCESS_KEY:
            self.reply(403, {"verified": False, "message": "unknown access key"})
            return
        signed = match["signed"].split(";")
        missing = [name for name in signed if self.headers.get(name) is None]
        if missing:
            self.reply(403, {"verified": False, "message": f"signed headers missing: {missing}"})
            return
        token = self.headers.get("X-Amz-Security-Token")
        host = self.headers["Host"]
        request = AWSRequest(method=self.command, url=f"http://{host}{self.path}", data=body,
                             headers={name: self.headers[name] for name in signed})
        amz_date = self.headers.get("X-Amz-Date", "")
        request.context["timestamp"] = amz_date
        kind = ListedHeadersS3Auth if match["service"] == "s3" else ListedHeadersAuth
        signer = kind(Credentials(ACCESS_KEY, SECRET_KEY, token), match["service"], match["region"], signed)
        canonical = signer.canonical_request(request)
        expected = signer.signature(signer.string_to_sign(request, canonical), request)
        verified = hmac.compare_digest(expected, match["signature"]) and amz_date[:8] == match["date"]
        document = {"verified": verified, "region": match["region"], "service": match["service"],
                    "signed_headers": signed, "method": self.command, "body_length": len(body), "path": self.path,
                    "session_token": None if token is None else ("valid" if token == SESSION_TOKEN else "wrong")}
        if token is not None and "x-amz-security-token" not in signed:
            document["verified"] = False
            document["message"] = "the session token was not signed"
        if not verified:
            document["message"] = "signature mismatch"
            document["canonical_request"] = canonical
        self.reply(200 if document["verified"] else 403, document)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = handle_any


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    sys.stdout.close()
    server.serve_forever()


if __name__ == "__main__":
    main()
