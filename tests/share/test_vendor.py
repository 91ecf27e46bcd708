"""segno is vendored unmodified: every file is the one in the published wheel (its RECORD)."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys

from tools.vendor_segno import MODULES, ROOT, TARGET, VERSION


def record() -> dict[str, str]:
    """File name -> the wheel's sha256 (urlsafe base64, unpadded) from the vendored RECORD."""
    found = {}
    for line in (TARGET / "RECORD").read_text(encoding="utf-8").splitlines():
        path, digest, _size = line.rsplit(",", 2)
        if digest.startswith("sha256="):
            found[path] = digest.removeprefix("sha256=")
    return found


def digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")


def test_every_vendored_module_is_byte_for_byte_the_published_one() -> None:
    published = record()
    for name in MODULES:
        assert digest((TARGET / name).read_bytes()) == published[f"segno/{name}"], name
    licence = f"segno-{VERSION}.dist-info/licenses/LICENSE"
    assert digest((TARGET / "LICENSE").read_bytes()) == published[licence]


def test_only_the_encoder_is_vendored_beside_our_own_package_file() -> None:
    assert sorted(p.name for p in TARGET.glob("*.py")) == sorted([*MODULES, "__init__.py"])
    ours = (TARGET / "__init__.py").read_bytes()
    assert digest(ours) not in record().values()  # not segno's own __init__


SCRIPT = """
import sys
from app.ui import reducer, views
from app.ui.state import initial_state
state = initial_state({}, {}, [], ["en"])
state, _ = reducer.reduce(state, "route", {"hash": "#/new"})
views.render(state)
before = any(name.startswith("app._vendor") for name in sys.modules)
state, _ = reducer.reduce(state, "route", {"hash": "#/share/rules"})
html = views.render(state)
print(before, "app._vendor.segno" in sys.modules, "<svg" in html)
"""


def test_segno_is_loaded_only_when_a_qr_code_is_drawn() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["False", "True", "True"]
