"""A stand-in for `$BROWSER` in the OAuth 2.0 tests: follows the authorization URL, the
consent page's Allow link (or denies, with BROWSER_MODE=deny), and the redirect back to the
workbench's loopback listener. BROWSER_MODE=wrong-state changes the redirect's `state`.

Usage: browser_standin.py URL
"""
from __future__ import annotations

import html
import os
import re
import sys
import urllib.error
import urllib.request
from urllib.parse import urljoin


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url: str) -> tuple[int, str, str]:
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, response.headers.get("Location", ""), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", ""), error.read().decode(errors="replace")


def main() -> None:
    url = sys.argv[1]
    mode = os.environ.get("BROWSER_MODE", "allow")
    status, _, page = fetch(url)
    link = html.unescape(re.search(r'id="allow" href="([^"]+)"', page).group(1))
    if mode == "deny":
        link = link.replace("consent=allow", "consent=deny")
    status, location, _ = fetch(urljoin(url, link))
    assert status in (302, 303), status
    if mode == "wrong-state":
        location = re.sub(r"state=[^&]*", "state=forged", location)
    fetch(location)


if __name__ == "__main__":
    main()
