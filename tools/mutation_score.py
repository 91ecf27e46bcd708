"""Mutation score of app/engine per file, from mutmut's results (``make mutation`` runs it).

    python tools/mutation_score.py [--results FILE] [--equivalent docs/MUTATION.md]

Reads ``mutmut results --all true`` (or a saved copy of it), counts each file's mutants by
status, and takes out the mutants docs/MUTATION.md lists as equivalent (a line holding the
mutant's name in backquotes, e.g. - `app.engine.model.x__is__mutmut_1`: ...). The score is
killed / (all - equivalent); "killed" includes timeouts and the mutants the type check rejects.
Exit status 1 when a listed equivalent mutant no longer exists or was killed (the list is stale).

>>> lines = ["    app.engine.rules.x_f__mutmut_1: killed", "    app.engine.rules.x_f__mutmut_2: survived"]
>>> tally(parse(lines), {"app.engine.rules.x_f__mutmut_2"})["app/engine/rules.py"]
Tally(killed=1, survived=0, equivalent=1, other=0)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"^\s*([\w.]+__mutmut_\d+):\s*(.+?)\s*$")
LISTED = re.compile(r"`(app\.engine\.[\w.]+__mutmut_\d+)`")
KILLED = {"killed", "timeout", "caught by type check"}


class Tally(NamedTuple):
    """One file's mutants: killed, surviving (not listed as equivalent), equivalent, other."""

    killed: int
    survived: int
    equivalent: int
    other: int

    @property
    def total(self) -> int:
        """Every mutant of the file, equivalent ones included."""
        return self.killed + self.survived + self.equivalent + self.other

    @property
    def score(self) -> float:
        """Killed share of the mutants that are not equivalent (0-100)."""
        counted = self.killed + self.survived + self.other
        return 100.0 * self.killed / counted if counted else 100.0


def parse(lines: Iterable[str]) -> dict[str, str]:
    """Mutant name -> status, from the lines mutmut prints.

    >>> parse(["    app.engine.model.x_g__mutmut_4: no tests", "noise"])
    {'app.engine.model.x_g__mutmut_4': 'no tests'}
    """
    found: dict[str, str] = {}
    for line in lines:
        match = LINE.match(line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def file_of(mutant: str) -> str:
    """The source file of a mutant: its module path (the part before the mangled function).

    >>> file_of("app.engine.scoring.xǁ_Replayǁline__mutmut_3")
    'app/engine/scoring.py'
    """
    return mutant.rsplit(".", 1)[0].replace(".", "/") + ".py"


def tally(statuses: dict[str, str], equivalent: set[str]) -> dict[str, Tally]:
    """Per file: how many mutants were killed, survived, survived but are listed as equivalent
    (a listed mutant counts as equivalent only when it survived), or other."""
    counts: dict[str, list[int]] = {}
    for mutant, status in statuses.items():
        row = counts.setdefault(file_of(mutant), [0, 0, 0, 0])
        if status in KILLED:
            row[0] += 1
        elif status == "survived":
            row[1 if mutant not in equivalent else 2] += 1
        else:  # "no tests", "suspicious", "not checked", ...
            row[3] += 1
    return {name: Tally(*row) for name, row in sorted(counts.items())}


def main(argv: list[str] | None = None) -> int:
    """Print the table; exit 1 when the list of equivalent mutants is stale."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, help="saved output of mutmut results --all true")
    parser.add_argument("--equivalent", type=Path, default=ROOT / "docs" / "MUTATION.md")
    args = parser.parse_args(argv)
    if args.results:
        text = args.results.read_text(encoding="utf-8")
    else:
        mutmut = Path(sys.executable).with_name("mutmut")
        text = subprocess.run([str(mutmut), "results", "--all", "true"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
    statuses = parse(text.splitlines())
    equivalent = set(LISTED.findall(args.equivalent.read_text(encoding="utf-8")))
    print(f"{'file':28} {'mutants':>8} {'killed':>7} {'survived':>9} {'equivalent':>11}"
          f" {'other':>6} {'score':>7}")
    for name, row in tally(statuses, equivalent).items():
        print(f"{name:28} {row.total:8} {row.killed:7} {row.survived:9} {row.equivalent:11}"
              f" {row.other:6} {row.score:6.1f}%")
    unchecked = sum(1 for status in statuses.values() if status == "not checked")
    if unchecked:
        print(f"{unchecked} mutants not checked (the run did not reach them): counted as other")
    stale = sorted(m for m in equivalent if statuses.get(m, "gone") != "survived")
    for mutant in stale:
        print(f"listed as equivalent but {statuses.get(mutant, 'gone')}: {mutant}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
