"""Serve dist/ over HTTP with the right MIME types (standard library only).

    python tools/serve.py [--port 8000] [--base /some/sub/path/] [--dir dist]

``--base`` mounts the site under a sub-path, as a static host would. Tests use
:class:`DistServer`, which can be stopped and started again on the same port (offline tests; a stop
also cuts the transfers in flight, as a lost connection would), counts the bytes it sends
(``bytes_sent``, ``sent_by_path``), can be slowed down (``rate``, bytes per second) and can hold
the answers to some paths until released (``held``, a set of paths relative to the site).
"""

from __future__ import annotations

import argparse
import functools
import io
import socket
import threading
import time
from collections import Counter
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
}


class DistHandler(SimpleHTTPRequestHandler):
    """Static files of one folder, mounted under ``base``; everything else is 404."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    base = "/"
    plain = False  # DistServer's plain: .wasm as application/octet-stream, and Vary: *

    def send_head(self) -> Any:
        if not self.path.startswith(self.base):
            self.send_error(404, f"outside {self.base}")
            return None
        held: set[str] = getattr(self.server, "held", set())
        while self.path[len(self.base) :].split("?")[0] in held:
            time.sleep(0.05)
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.base) :])

    def guess_type(self, path: Any) -> str:
        if self.plain and str(path).endswith(".wasm"):
            return "application/octet-stream"
        return super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.plain:
            self.send_header("Vary", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)

    def setup(self) -> None:
        super().setup()
        self.wfile = _Counted(self.wfile, self)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send the file; at the server's ``rate`` (read again as it goes) when there is one."""
        while True:
            rate = getattr(self.server, "rate", None)
            chunk = source.read(max(1, int(rate / 20)) if rate else 65_536)
            if not chunk:
                return
            outputfile.write(chunk)
            if rate:
                time.sleep(len(chunk) / rate)


class _Counted(io.BufferedIOBase):
    """The response stream of one connection, counting what it writes (headers and bodies)."""

    def __init__(self, stream: io.BufferedIOBase, handler: DistHandler) -> None:
        super().__init__()
        self.stream, self.handler = stream, handler

    def write(self, data: Any, /) -> int:
        written = self.stream.write(data)
        server = self.handler.server
        if isinstance(server, _Server):
            server.count(getattr(self.handler, "path", ""), written)
        return written

    def flush(self) -> None:
        self.stream.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    verbose = False
    rate: float | None = None
    held: set[str] = set()  # noqa: RUF012 - replaced per server by DistServer.start()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.lock = threading.Lock()
        self.sent: Counter[str] = Counter()
        self.open: set[socket.socket] = set()
        super().__init__(*args, **kwargs)

    def count(self, path: str, size: int) -> None:
        with self.lock:
            self.sent[path.split("?")[0]] += size

    def process_request(self, request: Any, client_address: Any) -> None:
        with self.lock:
            self.open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self.lock:
            self.open.discard(request)
        super().shutdown_request(request)

    def cut_connections(self) -> None:
        """Break every open connection, transfers in flight included."""
        with self.lock:
            connections = list(self.open)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already closed by the other side

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Browsers drop connections they no longer need; that is not an error."""
        if self.verbose:
            super().handle_error(request, client_address)


class DistServer:
    """dist/ served from a background thread; ``stop()`` and ``start()`` keep the same port.

    >>> server = DistServer(ROOT / "dist", base="/deep/path/")   # doctest: +SKIP
    >>> server.start(); server.url                               # doctest: +SKIP
    'http://127.0.0.1:43121/deep/path/'
    """

    def __init__(
        self,
        directory: Path,
        base: str = "/",
        port: int = 0,
        host: str = "127.0.0.1",
        verbose: bool = False,
        plain: bool = False,
    ) -> None:
        """``plain``: serve as a host that knows no type for .wasm (application/octet-stream)
        and answers every request with ``Vary: *`` (which the Cache API refuses to keep)."""
        self.directory, self.base, self.host, self.port = directory, _base(base), host, port
        self.verbose, self.plain = verbose, plain
        self._rate: float | None = None
        self.held: set[str] = set()
        self.sent: Counter[str] = Counter()
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The site's address (ends with the base path)."""
        return f"http://{self.host}:{self.port}{self.base}"

    @property
    def rate(self) -> float | None:
        """Bytes per second each response is sent at (None: as fast as possible)."""
        return self._rate

    @rate.setter
    def rate(self, value: float | None) -> None:
        self._rate = value
        if self._httpd is not None:
            self._httpd.rate = value

    @property
    def bytes_sent(self) -> int:
        """Bytes sent since the last :meth:`reset_counts` (headers and bodies, every request)."""
        return sum(self.sent_by_path.values())

    @property
    def sent_by_path(self) -> Counter[str]:
        """Bytes sent per requested path (without the query), since the last reset."""
        live = self._httpd.sent if self._httpd is not None else Counter()
        return self.sent + live

    def reset_counts(self) -> None:
        """Start counting bytes from zero."""
        self.sent = Counter()
        if self._httpd is not None:
            with self._httpd.lock:
                self._httpd.sent.clear()

    @property
    def running(self) -> bool:
        """Whether the server answers requests now."""
        return self._httpd is not None

    def start(self) -> None:
        """Listen (on a free port the first time, the same port afterwards)."""
        if self._httpd is not None:
            return
        handler = functools.partial(
            type("Handler", (DistHandler,), {"base": self.base, "plain": self.plain}),
            directory=str(self.directory),
        )
        self._httpd = _Server((self.host, self.port), handler)
        self._httpd.verbose = self.verbose
        self._httpd.rate = self._rate
        self._httpd.held = self.held
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop answering: the port refuses connections until ``start()``; the connections open
        now are cut, transfers in flight included (as when the network goes away)."""
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        self._httpd.cut_connections()
        if self._thread is not None:
            self._thread.join()
        with self._httpd.lock:
            self.sent += self._httpd.sent
        self._httpd = self._thread = None


def _base(base: str) -> str:
    return "/" + base.strip("/") + "/" if base.strip("/") else "/"


def main(argv: list[str] | None = None) -> None:
    """Command line: serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--base", default="/")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    server = DistServer(args.dir, args.base, args.port, args.host, verbose=True)
    server.start()
    print(f"Serving {args.dir} at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
