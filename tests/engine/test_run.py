"""``app.engine.__main__.run`` in this process: what each argument list prints and returns.

test_cli.py starts ``python -m app.engine`` as a user would; these call the same function with
in-memory streams, so that mutation testing (which cannot see into a subprocess) checks it.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from app.engine import __main__ as cli

GAME: dict[str, Any] = {"players": ["Оля", "Петро"],
                        "hands": [{"taker": 0, "cards": [81, 81]},
                                  {"taker": 1, "cards": [62, 100]}]}


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.run(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def write(tmp_path: Path, data: bytes) -> str:
    path = tmp_path / "game.json"
    path.write_bytes(data)
    return str(path)


def test_a_file_is_scored_and_its_sheet_printed_as_one_ascii_json_line(tmp_path: Path) -> None:
    status, out, err = call("score", write(tmp_path, json.dumps(GAME).encode()))
    assert (status, err) == (0, "")
    assert out.endswith("}\n") and out.count("\n") == 1 and out.isascii()
    sheet = json.loads(out)
    assert sheet["score"] == [62, 262] and sheet["hands"][1]["pot_won"] == 81


def test_a_byte_order_mark_at_the_start_of_a_file_is_skipped(tmp_path: Path) -> None:
    status, out, _ = call("score", write(tmp_path, b"\xef\xbb\xbf" + json.dumps(GAME).encode()))
    assert status == 0 and json.loads(out)["score"] == [62, 262]


def test_a_dash_reads_standard_input_as_utf8_without_its_byte_order_mark(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = "\ufeff" + json.dumps(GAME, ensure_ascii=False)
    monkeypatch.setattr(sys, "stdin", _Stdin(data.encode("utf-8")))
    status, out, _ = call("score", "-")
    assert status == 0 and json.loads(out)["score"] == [62, 262]


def test_a_help_flag_anywhere_shows_the_help() -> None:
    assert call("--help") == (0, cli.USAGE, "")
    assert call("score", "-h") == (0, cli.USAGE, "")
    assert "score FILE" in cli.USAGE


@pytest.mark.parametrize("argv", [(), ("score",), ("scroe", "-"), ("score", "a", "b"),
                                  ("-", "score")])
def test_any_other_arguments_print_the_usage_line_and_exit_2(argv: tuple[str, ...]) -> None:
    assert call(*argv) == (2, "", ("usage: python -m app.engine score FILE"
                                  " (or - for standard input)\n"))


def test_a_missing_file_is_one_line_naming_it(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.json")
    status, out, err = call("score", missing)
    assert (status, out) == (2, "")
    assert err.startswith(f"cannot read {missing}: [Errno 2] No such file or directory")
    assert err.count("\n") == 1


def test_a_file_that_is_not_utf8_is_one_line_saying_so(tmp_path: Path) -> None:
    path = write(tmp_path, b'{"players": ["\xff"]}')
    status, _, err = call("score", path)
    assert status == 2
    assert err.startswith(f"cannot read {path}: 'utf-8' codec can't decode byte 0xff")


def test_text_that_is_not_json_is_one_line_with_the_parser_message(tmp_path: Path) -> None:
    assert call("score", write(tmp_path, b"{not json")) == (
        2, "", ("input is not valid JSON: Expecting property name enclosed in double quotes:"
               " line 1 column 2 (char 1)\n"))


def test_json_nested_too_deeply_for_the_parser_is_one_line(tmp_path: Path) -> None:
    assert call("score", write(tmp_path, b"[" * 100000)) == (
        2, "", "input is not usable JSON: it is nested too deeply\n")


def test_a_document_nested_too_deeply_for_the_reader_is_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def deep(document: object) -> object:
        raise RecursionError

    monkeypatch.setattr(cli, "game_from_json", deep)
    assert call("score", write(tmp_path, json.dumps(GAME).encode())) == (
        2, "", "input is nested too deeply\n")


def test_an_invalid_game_is_the_first_problem_on_one_line(tmp_path: Path) -> None:
    bad = {"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 50]}]}
    assert call("score", write(tmp_path, json.dumps(bad).encode())) == (
        2, "", "hand 1: cards must add up to 162, not 150\n")


def test_a_failure_is_folded_onto_one_line_and_keeps_unencodable_characters(
        tmp_path: Path) -> None:
    path = f"{tmp_path}/a\n  b\t\udcff.json"
    status, _, err = call("score", path)
    assert status == 2
    assert err.startswith(f"cannot read {tmp_path}/a b \\udcff.json: [Errno 2]")
    assert err.endswith("\n") and err.count("\n") == 1


def test_main_exits_with_the_status_of_run(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["python -m app.engine", "--help"])
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 0
    assert capsys.readouterr().out == cli.USAGE
    monkeypatch.setattr(sys, "argv", ["python -m app.engine", "score"])
    with pytest.raises(SystemExit) as failed:
        cli.main()
    assert failed.value.code == 2
    assert capsys.readouterr().err.startswith("usage: ")
