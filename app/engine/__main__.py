"""Command line: ``python -m app.engine score FILE`` (``-`` reads standard input).

Prints the score sheet as JSON. Invalid input: exit status 2 and one line on standard
error naming the hand and the field, never a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from app.engine.errors import DebertzError
from app.engine.model import game_from_json
from app.engine.scoring import score, sheet_to_json

USAGE = """usage: python -m app.engine score FILE

Score a Debertz game stored in the debertz/1 format and print the score sheet as JSON.

  FILE        path of the game file, or - to read standard input
  -h, --help  show this help and exit

Exit status: 0 on success, 2 when the input or the command line is invalid
(one line on standard error says what is wrong and where).
"""


def _fail(err: TextIO, message: str) -> int:
    line = " ".join(message.split())
    err.write(line.encode("utf-8", "backslashreplace").decode("utf-8") + "\n")
    return 2


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8-sig")
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8-sig")


def run(argv: list[str], out: TextIO, err: TextIO) -> int:
    """Run the command line; returns the exit status.

    >>> import io, json, os, tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     json.dump({"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]}, f)
    >>> out, err = io.StringIO(), io.StringIO()
    >>> run(["score", f.name], out, err), json.loads(out.getvalue())["score"]
    (0, [100, 62])
    >>> os.remove(f.name)
    >>> run(["score"], out, err), err.getvalue().strip()
    (2, 'usage: python -m app.engine score FILE (or - for standard input)')
    """
    if any(a in ("-h", "--help") for a in argv):
        out.write(USAGE)
        return 0
    if len(argv) != 2 or argv[0] != "score":
        return _fail(err, "usage: python -m app.engine score FILE (or - for standard input)")
    try:
        text = _read(argv[1])
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(err, f"cannot read {argv[1]}: {exc}")
    try:
        document = json.loads(text)
    except RecursionError:
        return _fail(err, "input is not usable JSON: it is nested too deeply")
    except ValueError as exc:
        return _fail(err, f"input is not valid JSON: {exc}")
    try:
        sheet = score(game_from_json(document))
    except DebertzError as exc:
        return _fail(err, str(exc))
    except RecursionError:
        return _fail(err, "input is nested too deeply")
    out.write(json.dumps(sheet_to_json(sheet)) + "\n")  # ASCII: json.dumps escapes the rest
    return 0


def main() -> None:
    """Entry point of ``python -m app.engine``."""
    sys.exit(run(sys.argv[1:], sys.stdout, sys.stderr))


if __name__ == "__main__":
    main()
