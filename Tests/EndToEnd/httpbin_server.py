"""httpbin (the third-party test API, from PyPI) under waitress (a WSGI server, from
PyPI), on the host and port given (port 0: any free one). Prints ``PORT n`` once it
listens, as server.py does, so conftest.py starts both the same way."""
import argparse
import logging
import sys

import httpbin
from waitress.server import create_server


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    logging.getLogger("waitress").setLevel(logging.ERROR)
    server = create_server(httpbin.app, host=arguments.host, port=arguments.port, threads=4)
    print(f"PORT {server.effective_port}", flush=True)
    sys.stdout.close()
    server.run()


if __name__ == "__main__":
    main()
