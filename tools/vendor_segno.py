"""Vendor segno, the QR code encoder, into app/_vendor/segno from its pinned PyPI wheel.

    python tools/vendor_segno.py [--wheel segno-1.6.6-py3-none-any.whl]

Without ``--wheel`` it asks pip for the wheel (``pip download segno==1.6.6 --no-deps``). The
wheel must have the SHA-256 pinned below. Two modules are copied unmodified, the encoder and its
constants, with segno's licence and the wheel's RECORD (tests/share/test_vendor.py checks them
against RECORD). ``app/_vendor/segno/__init__.py`` is ours: segno's own package file (its QRCode
class and writers for PNG, EPS, PDF...) is left out, because its writers import
``xml.sax.saxutils`` and through it ``urllib.request``, which took over a second to import in
Pyodide; ``app.share.qr`` calls the encoder and draws the SVG itself.

Why vendored rather than copied at build time: the app's code must be the same on CPython (tests)
and in the browser, under one import name (``app._vendor.segno``), and a build must not need the
network. segno is pure Python, BSD-licensed, has no dependencies and imports itself relatively.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "app/_vendor/segno"
VERSION = "1.6.6"
WHEEL = f"segno-{VERSION}-py3-none-any.whl"
WHEEL_SHA256 = "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"
MODULES = ("consts.py", "encoder.py")
EXTRAS = {f"segno-{VERSION}.dist-info/licenses/LICENSE": "LICENSE",
          f"segno-{VERSION}.dist-info/RECORD": "RECORD"}


def fetch_wheel(folder: Path) -> Path:
    """Download the pinned wheel into ``folder`` with pip."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
         "-d", str(folder), f"segno=={VERSION}"],
        check=True,
    )
    return folder / WHEEL


def vendor(wheel: Path, target: Path = TARGET) -> list[str]:
    """Copy the listed files of ``wheel`` into ``target``; refuse a wheel with another hash."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel} has SHA-256 {digest}, not the pinned {WHEEL_SHA256}")
    target.mkdir(parents=True, exist_ok=True)
    wanted = {f"segno/{name}": name for name in MODULES} | EXTRAS
    with zipfile.ZipFile(wheel) as archive:
        for member, name in wanted.items():
            (target / name).write_bytes(archive.read(member))
    return sorted(wanted.values())


def main(argv: list[str] | None = None) -> int:
    """Command line: vendor from the given or a freshly downloaded wheel."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path)
    args = parser.parse_args(argv)
    if args.wheel is not None:
        written = vendor(args.wheel)
    else:
        with tempfile.TemporaryDirectory() as folder:
            written = vendor(fetch_wheel(Path(folder)))
    print(f"{TARGET.relative_to(ROOT)}: {', '.join(written)} from segno {VERSION}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
