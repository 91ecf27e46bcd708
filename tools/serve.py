"""Serve dist/ over HTTP with the right MIME types (standard library only).

    python tools/serve.py [--port 8000] [--base /some/sub/path/] [--dir dist]

``--base`` mounts the site under a sub-path, as a static host would. Tests use
:class:`DistServer`, which can be stopped and started again on the same port (offline tests).
"""

from __future__ import annotations

import argparse
import functools
import threading
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

    def send_head(self) -> Any:
        if not self.path.startswith(self.base):
            self.send_error(404, f"outside {self.base}")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.base) :])

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    verbose = False

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
    ) -> None:
        self.directory, self.base, self.host, self.port = directory, _base(base), host, port
        self.verbose = verbose
        self._httpd: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The site's address (ends with the base path)."""
        return f"http://{self.host}:{self.port}{self.base}"

    @property
    def running(self) -> bool:
        """Whether the server answers requests now."""
        return self._httpd is not None

    def start(self) -> None:
        """Listen (on a free port the first time, the same port afterwards)."""
        if self._httpd is not None:
            return
        handler = functools.partial(
            type("Handler", (DistHandler,), {"base": self.base}), directory=str(self.directory)
        )
        self._httpd = _Server((self.host, self.port), handler)
        self._httpd.verbose = self.verbose
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop answering: the port refuses connections until ``start()``."""
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join()
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
