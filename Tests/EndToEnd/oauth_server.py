"""An OAuth 2.0 authorization server and a protected API, built on Authlib (PyPI) and Flask.

Grants: client credentials (HTTP Basic or in the body, as each client is registered),
authorization code with PKCE (required), device authorization (RFC 8628) and refresh
tokens. Tokens live 8 seconds, so the tests see them renewed. Test hooks: `/device/decide`
approves or denies a user code, `/admin/revoke` revokes every access token (the API then
answers 401 with error="invalid_token"), `/admin/log` lists the grant types asked for.

Usage: oauth_server.py --host 127.0.0.1 --port 0 (prints `PORT n` first).
"""
from __future__ import annotations

import argparse
import html
import os
import re
import sys
import time
from urllib.parse import urlencode

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # http on 127.0.0.1 only

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector, current_token
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, AuthorizationCodeMixin, grants
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from flask import Flask, jsonify, request
from werkzeug.serving import make_server

LIFETIME = 8

CLIENT_SECRET = "cs-Nq73-client-SECRET"
LOOPBACK_CALLBACK = re.compile(r"^http://127\.0\.0\.1:\d+/callback$")


class Client(ClientMixin):
    def __init__(self, client_id, secret, method, grant_types, scope="read write"):
        self.client_id, self.secret, self.method = client_id, secret, method
        self.grant_types, self.scope = grant_types, scope

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        if not scope:
            return ""
        allowed = set(self.scope.split())
        return " ".join(s for s in scope.split() if s in allowed)

    def check_redirect_uri(self, redirect_uri):
        return bool(LOOPBACK_CALLBACK.match(redirect_uri))

    def check_client_secret(self, client_secret):
        return self.secret is not None and client_secret == self.secret

    def check_endpoint_auth_method(self, method, endpoint):
        return method == self.method

    def check_response_type(self, response_type):
        return response_type == "code"

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


DEVICE = "urn:ietf:params:oauth:grant-type:device_code"
CLIENTS = {client.client_id: client for client in [
    Client("cc-basic", CLIENT_SECRET, "client_secret_basic", ["client_credentials"]),
    Client("cc-post", CLIENT_SECRET, "client_secret_post", ["client_credentials"]),
    Client("device-app", None, "none", [DEVICE, "refresh_token"]),
    Client("device-slow", None, "none", [DEVICE, "refresh_token"]),
    Client("device-short", None, "none", [DEVICE]),
    Client("code-app", None, "none", ["authorization_code", "refresh_token"]),
    Client("code-secret", CLIENT_SECRET, "client_secret_basic", ["authorization_code", "refresh_token"]),
]}


class Token(TokenMixin):
    def __init__(self, client_id, data):
        self.client_id = client_id
        self.access_token = data["access_token"]
        self.refresh_token = data.get("refresh_token")
        self.scope = data.get("scope", "")
        self.issued_at = time.time()
        self.expires_in = data.get("expires_in", LIFETIME)
        self.revoked = False

    def check_client(self, client):
        return client.get_client_id() == self.client_id

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return self.expires_in

    def is_expired(self):
        return time.time() > self.issued_at + self.expires_in

    def is_revoked(self):
        return self.revoked


class Code(AuthorizationCodeMixin):
    def __init__(self, code, client_id, redirect_uri, scope, challenge, method):
        self.code, self.client_id, self.redirect_uri, self.scope = code, client_id, redirect_uri, scope
        self.code_challenge, self.code_challenge_method = challenge, method

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope


TOKENS: dict[str, Token] = {}
REFRESH: dict[str, Token] = {}
CODES: dict[str, Code] = {}
DEVICES: dict[str, DeviceCredentialDict] = {}
DECISIONS: dict[str, bool] = {}
POLLS: dict[str, list[float]] = {}
LOG: list[str] = []
# Every token, code and device code issued, and every PKCE verifier received: what the tests grep for.
ISSUED: list[str] = []


def save_token(data, req):
    token = Token(req.client.get_client_id(), data)
    TOKENS[token.access_token] = token
    ISSUED.extend(value for value in [token.access_token, token.refresh_token] if value)
    if token.refresh_token:
        REFRESH[token.refresh_token] = token


app = Flask(__name__)
app.config["OAUTH2_TOKEN_EXPIRES_IN"] = {name: LIFETIME for name in
                                         ["client_credentials", "authorization_code", "refresh_token", DEVICE]}
app.config["OAUTH2_REFRESH_TOKEN_GENERATOR"] = True
server = AuthorizationServer(app, query_client=CLIENTS.get, save_token=save_token)


class ClientCredentials(grants.ClientCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]


class AuthorizationCode(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]

    def save_authorization_code(self, code, req):
        ISSUED.append(code)
        CODES[code] = Code(code, req.client.get_client_id(), req.payload.redirect_uri, req.payload.scope,
                           req.payload.data.get("code_challenge"), req.payload.data.get("code_challenge_method"))

    def query_authorization_code(self, code, client):
        found = CODES.get(code)
        return found if found and found.client_id == client.get_client_id() else None

    def delete_authorization_code(self, authorization_code):
        CODES.pop(authorization_code.code, None)

    def authenticate_user(self, authorization_code):
        return {"id": "ana"}


class Refresh(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token):
        token = REFRESH.get(refresh_token)
        return token if token and not token.revoked else None

    def authenticate_user(self, credential):
        return {"id": "ana"}

    def revoke_old_credential(self, credential):
        REFRESH.pop(credential.refresh_token, None)


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    INTERVAL = 1
    EXPIRES_IN = 30

    def get_verification_uri(self):
        return request.host_url.rstrip("/") + "/device"

    def save_device_credential(self, client_id, scope, data):
        DEVICES[data["device_code"]] = DeviceCredentialDict(
            client_id=client_id, scope=scope, expires_at=time.time() + (3 if client_id == "device-short" else 30), **data)


class Device(DeviceCodeGrant):
    def query_device_credential(self, device_code):
        credential = DEVICES.get(device_code)
        if credential:
            POLLS.setdefault(credential["client_id"], []).append(time.time())
        return credential

    def query_user_grant(self, user_code):
        if user_code not in DECISIONS:
            return None
        return {"id": "ana"}, DECISIONS[user_code]

    def should_slow_down(self, credential):
        return credential["client_id"] == "device-slow" and len(POLLS.get("device-slow", [])) == 1


server.register_grant(ClientCredentials)
server.register_grant(AuthorizationCode, [CodeChallenge(required=True)])
server.register_grant(Refresh)
server.register_grant(Device)
server.register_endpoint(DeviceEndpoint)


class Validator(BearerTokenValidator):
    def authenticate_token(self, token_string):
        return TOKENS.get(token_string)


require = ResourceProtector()
require.register_token_validator(Validator())


@app.post("/token")
def token():
    LOG.append(request.form.get("grant_type", ""))
    ISSUED.extend(request.form[name] for name in ["code_verifier", "device_code"] if name in request.form)
    return server.create_token_response()


@app.post("/device_authorization")
def device_authorization():
    return server.create_endpoint_response("device_authorization")


@app.post("/device/decide")
def device_decide():
    DECISIONS[request.form["user_code"]] = request.form["decision"] == "allow"
    return jsonify(ok=True)


@app.get("/device/pending")
def device_pending():
    return jsonify(user_codes=[c["user_code"] for c in DEVICES.values() if c["user_code"] not in DECISIONS])


@app.get("/authorize")
def authorize():
    consent = request.args.get("consent")
    if consent is None:
        query = urlencode(list(request.args.items(multi=True)) + [("consent", "allow")])
        return (f'<html><body><p>Allow {html.escape(request.args.get("client_id", ""))}?</p>'
                f'<a id="allow" href="/authorize?{html.escape(query)}">Allow</a></body></html>')
    grant_user = {"id": "ana"} if consent == "allow" else None
    return server.create_authorization_response(grant_user=grant_user)


@app.post("/admin/revoke")
def revoke():
    for token in TOKENS.values():
        token.revoked = True
    return jsonify(revoked=len(TOKENS))


@app.get("/admin/log")
def log():
    return jsonify(grants=LOG, polls=POLLS, issued=ISSUED)


@app.get("/api/me")
@require(optional=False)
def me():
    return jsonify(client_id=current_token.client_id, scope=current_token.scope)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    httpd = make_server(args.host, args.port, app, threaded=True)
    print(f"PORT {httpd.server_port}", flush=True)
    sys.stdout.close()
    httpd.serve_forever()


if __name__ == "__main__":
    main()
