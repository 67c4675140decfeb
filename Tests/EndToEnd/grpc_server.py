"""The gRPC peer of test_grpc.py: grpcio with grpcio-reflection, serving
Tests/Fixtures/GRPC/workbench_test.proto (compiled here, at start, with grpcio-tools) on
127.0.0.1 with an ephemeral port, h2c or TLS (--tls CERT KEY). Prints ``PORT n`` first.

Tester echoes messages (every scalar and well-known type), greets once, as a server stream and
from a client stream, fails on request with google.rpc.Status details, sleeps past deadlines,
and answers with metadata: the request's own (``x-*`` and ``authorization`` presence) in
``Reply.metadata``, an initial ``x-server-note`` and a trailing ``x-trailer-bin``. With
``--log-credentials FILE`` each Greet appends the ``authorization`` it received (``-`` for none)
as a line of FILE, so a test can tell which token arrived without the reply quoting it."""

from __future__ import annotations

import argparse
import atexit
import importlib
import shutil
import signal
import sys
import tempfile
import time
from concurrent import futures
from pathlib import Path

import grpc
from grpc_reflection.v1alpha import reflection
from grpc_tools import protoc

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures" / "GRPC"


def compile_protos() -> tuple:
    out = tempfile.mkdtemp(prefix="workbench-grpc-test-")
    atexit.register(shutil.rmtree, out, True)
    include = str(Path(protoc.__file__).resolve().parent / "_proto")
    for name in ("common.proto", "workbench_test.proto"):
        code = protoc.main(["protoc", f"-I{FIXTURES}", f"-I{include}", f"--python_out={out}",
                            f"--grpc_python_out={out}", str(FIXTURES / name)])
        if code != 0:
            raise SystemExit(f"grpc_tools.protoc failed on {name}")
    sys.path.insert(0, out)
    return importlib.import_module("workbench_test_pb2"), importlib.import_module("workbench_test_pb2_grpc")


pb, pb_grpc = compile_protos()
from google.protobuf import any_pb2, empty_pb2  # noqa: E402


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field(number: int, payload: bytes) -> bytes:
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def status_details(code: int, message: str, detail: any_pb2.Any) -> bytes:
    """A google.rpc.Status, encoded by hand (googleapis-common-protos is not needed for three fields)."""
    return varint(1 << 3) + varint(code) + field(2, message.encode()) + field(3, detail.SerializeToString())


class Tester(pb_grpc.TesterServicer):
    credentials_log: Path | None = None

    def Echo(self, request, context):
        return request

    def EchoWellKnown(self, request, context):
        return request

    def _metadata(self, context) -> dict:
        seen = {}
        for key, value in context.invocation_metadata():
            if key.startswith("x-"):
                seen[key] = value if isinstance(value, str) else "bytes:" + value.hex()
            if key == "authorization":
                seen["authorization"] = "present"
        return seen

    def Greet(self, request, context):
        if self.credentials_log is not None:
            received = dict(context.invocation_metadata()).get("authorization", "-")
            with self.credentials_log.open("a") as log:
                log.write(f"{received}\n")
        context.send_initial_metadata((("x-server-note", "hello from the server"),))
        context.set_trailing_metadata((("x-trailer-bin", b"\x00\x01\xfe"),))
        return pb.Reply(message=f"Hello, {request.name}!", index=request.times, metadata=self._metadata(context))

    def GreetMany(self, request, context):
        for index in range(request.times):
            yield pb.Reply(message=f"Hello #{index + 1}, {request.name}", index=index + 1)
            if request.name == "slow":
                time.sleep(0.3)

    def CollectGreetings(self, request_iterator, context):
        names = [greeting.name for greeting in request_iterator]
        return pb.Reply(message="Hello, " + " and ".join(names), index=len(names))

    def Chat(self, request_iterator, context):
        for greeting in request_iterator:
            yield pb.Reply(message=f"Hi {greeting.name}")

    def Fail(self, request, context):
        detail = any_pb2.Any()
        detail.Pack(pb.Failure(code=request.code, message=request.message, detail=request.detail))
        context.set_trailing_metadata((("grpc-status-details-bin", status_details(request.code, request.message, detail)),))
        context.abort(grpc.StatusCode(next(c for c in grpc.StatusCode if c.value[0] == request.code).value), request.message)

    def Sleep(self, request, context):
        time.sleep(request.delay.seconds + request.delay.nanos / 1e9)
        return empty_pb2.Empty()


V1_SERVICE = "grpc.reflection.v1.ServerReflection"


def enable_reflection(names: tuple, server, versions: str) -> None:
    if versions != "v1":
        reflection.enable_server_reflection(names + ((V1_SERVICE,) if versions == "both" else ()), server)
    if versions == "v1alpha":
        return
    from grpc_reflection.v1alpha import reflection_pb2
    listed = tuple(name for name in names if name != reflection.SERVICE_NAME or versions == "both")
    servicer = reflection.ReflectionServicer(listed + (V1_SERVICE,))
    handler = grpc.method_handlers_generic_handler(V1_SERVICE, {
        "ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
            servicer.ServerReflectionInfo,
            request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
            response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString)})
    server.add_generic_rpc_handlers((handler,))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--no-reflection", action="store_true")
    # Reflection that lists only itself, as servers that reflect some of their services do.
    parser.add_argument("--reflect-nothing", action="store_true")
    parser.add_argument("--log-credentials", type=Path)
    # grpcio-reflection serves v1alpha only; v1 (grpc-go and grpc-java serve both) is the same
    # messages under the package grpc.reflection.v1, served here through the same servicer.
    parser.add_argument("--reflection", choices=("v1alpha", "v1", "both"), default="v1alpha")
    arguments = parser.parse_args()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8))
    tester = Tester()
    tester.credentials_log = arguments.log_credentials
    pb_grpc.add_TesterServicer_to_server(tester, server)
    if not arguments.no_reflection:
        names = (pb.DESCRIPTOR.services_by_name["Tester"].full_name, reflection.SERVICE_NAME)
        if arguments.reflect_nothing:
            names = (reflection.SERVICE_NAME,)
        enable_reflection(names, server, arguments.reflection)
    address = f"{arguments.host}:{arguments.port}"
    if arguments.tls:
        certificate, key = (Path(p).read_bytes() for p in arguments.tls)
        port = server.add_secure_port(address, grpc.ssl_server_credentials(((key, certificate),)))
    else:
        port = server.add_insecure_port(address)
    server.start()
    # Stopped by SIGTERM: the compiled modules' folder is removed on the way out (atexit).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"PORT {port}", flush=True)
    sys.stdout.close()
    server.wait_for_termination()


if __name__ == "__main__":
    main()
