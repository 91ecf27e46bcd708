"""The QR code with its mask chosen by app.share.qr_masks is the very code segno makes with its
own choice: the same version, mask and every module (segno is what the app relied on before,
and what a camera has read in tests/e2e/test_share.py)."""

from __future__ import annotations

import string
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app._vendor.segno import encoder
from app.share import qr_masks
from app.share.qr import segments

DRILL = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROOT = Path(__file__).resolve().parents[2]
LINK_TAIL = string.ascii_uppercase + string.digits  # a link's base32 payload, as links are


def same_as_segno(content: object) -> None:
    ours = qr_masks.encode(content)
    segnos = encoder.encode(content, error="m", micro=False)
    assert (ours.version, ours.error, ours.mask) == (segnos.version, segnos.error, segnos.mask)
    assert [bytes(row) for row in ours.matrix] == [bytes(row) for row in segnos.matrix]


@DRILL
@given(st.text(LINK_TAIL, min_size=1, max_size=2500))
def test_a_link_gets_segnos_code(tail: str) -> None:
    # links of up to 2,500 characters: many widths, each one's masks and region made once, kept
    same_as_segno(segments("https://example.org/debertz/#/shared/1" + tail))


@DRILL
@given(st.text(min_size=1, max_size=400).filter(lambda text: "\x00" not in text))
def test_any_text_gets_segnos_code(text: str) -> None:
    same_as_segno(text)  # (400 characters fit any code at level M: no text is refused)


def test_every_mask_is_chosen_for_some_text() -> None:
    # the eight masks' scores are all worked out: each one wins for some text
    chosen: dict[int, str] = {}
    for length in range(1, 400):
        text = "".join(LINK_TAIL[(length * 7 + n * 13) % len(LINK_TAIL)] for n in range(length))
        chosen.setdefault(qr_masks.encode(text).mask, text)
        if len(chosen) == 8:
            break
    assert sorted(chosen) == list(range(8))
    for text in chosen.values():
        same_as_segno(text)


def test_segno_is_not_imported_with_the_module() -> None:
    # the app's layer of the Python snapshot imports every module of the app: segno must come
    # only with the first code (tests/share/test_vendor.py checks the app's start)
    script = "import sys, app.share.qr_masks; print('app._vendor.segno' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["False"]
