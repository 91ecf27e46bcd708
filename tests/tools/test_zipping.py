"""tools/zipping.py: the site's zip archives, deflated by Zopfli, read back by zipfile."""

from __future__ import annotations

import io
import zipfile
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools.stdlib import STDLIB_FILE
from tools.zipping import MODE, ZIP_TIME, deflate, rezip, write_zip

NAMES = st.text(alphabet=st.sampled_from("abz_/.пїé"), min_size=1, max_size=12).filter(
    lambda name: not name.startswith("/") and not name.endswith("/") and "//" not in name
)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(NAMES, st.binary(max_size=3000) | st.text(max_size=400).map(str.encode),
                       max_size=6))
def test_every_entry_reads_back_as_written(entries: dict[str, bytes]) -> None:
    data = write_zip(entries, cache=None)
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert archive.testzip() is None, "every CRC right"
    assert archive.namelist() == sorted(entries)
    assert {name: archive.read(name) for name in entries} == entries
    for info in archive.infolist():
        assert (info.date_time, info.external_attr, info.compress_type) == (
            ZIP_TIME, MODE, zipfile.ZIP_DEFLATED)
    assert write_zip(entries, cache=None) == data, "the same input, the same bytes"
    assert rezip(data, cache=None) == data


def test_a_stream_is_kept_and_read_back_from_the_cache(tmp_path: Path) -> None:
    data = b"terz fifty bella " * 200
    stream = deflate(data, cache=tmp_path)
    [kept] = tmp_path.iterdir()
    assert kept.read_bytes() == stream and zlib.decompress(stream, -15) == data
    kept.write_bytes(zlib.compress(b"another", 9)[2:-4])
    assert zlib.decompress(deflate(data, cache=tmp_path), -15) == b"another", "read, not redone"
    assert deflate(data, cache=None) == stream


@pytest.mark.slow
@pytest.mark.parametrize("name", ["app.zip", STDLIB_FILE])
def test_the_sites_zips_are_smaller_than_zlibs_best(dist: Path, name: str) -> None:
    """Zopfli's point: each archive is smaller than the same entries at zlib's level 9."""
    archive = zipfile.ZipFile(dist / name)
    assert archive.testzip() is None
    best = io.BytesIO()
    with zipfile.ZipFile(best, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as plain:
        for info in archive.infolist():
            plain.writestr(info.filename, archive.read(info), compresslevel=9)
    assert (dist / name).stat().st_size < 0.98 * len(best.getvalue())
