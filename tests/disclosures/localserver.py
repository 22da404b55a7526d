"""A tiny HTTP server on 127.0.0.1 for crawler tests: routes map a path to a handler function."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Handler = Callable[[BaseHTTPRequestHandler], None]


@dataclass
class LocalServer:
    routes: dict[str, Handler] = field(default_factory=dict)
    hits: list[str] = field(default_factory=list)

    def start(self) -> LocalServer:
        server_ref = self

        class RequestHandler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server_ref.hits.append(self.path)
                handler = server_ref.routes.get(self.path.split("?", 1)[0])
                if handler is None:
                    send(self, 404, b"not found", "text/plain")
                else:
                    handler(self)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), RequestHandler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    @property
    def port(self) -> int:
        return self.httpd.server_address[1]

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def send(
    request: BaseHTTPRequestHandler,
    status: int,
    body: bytes,
    content_type: str = "text/html; charset=utf-8",
    headers: dict[str, str] | None = None,
) -> None:
    request.send_response(status)
    request.send_header("Content-Type", content_type)
    request.send_header("Content-Length", str(len(body)))
    for key, value in (headers or {}).items():
        request.send_header(key, value)
    request.end_headers()
    request.wfile.write(body)
