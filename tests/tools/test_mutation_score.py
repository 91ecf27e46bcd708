"""tools/mutation_score.py: the per-file mutation score that `make mutation` prints."""

from __future__ import annotations

import doctest
from pathlib import Path

from tools import mutation_score

RESULTS = """
    app.engine.rules.x_a__mutmut_1: killed
    app.engine.rules.x_a__mutmut_2: survived
    app.engine.rules.x_a__mutmut_3: survived
    app.engine.scoring.xǁ_Replayǁline__mutmut_1: timeout
    app.engine.scoring.x_b__mutmut_1: no tests
"""


def test_docstring_examples_run() -> None:
    result = doctest.testmod(mutation_score)
    assert result.attempted > 0 and result.failed == 0


def test_the_score_leaves_out_listed_equivalent_mutants_and_flags_a_stale_list(
        tmp_path: Path) -> None:
    results = tmp_path / "results.txt"
    results.write_text(RESULTS, encoding="utf-8")
    listed = tmp_path / "MUTATION.md"
    listed.write_text("- `app.engine.rules.x_a__mutmut_2`: same result\n", encoding="utf-8")
    statuses = mutation_score.parse(results.read_text(encoding="utf-8").splitlines())
    table = mutation_score.tally(statuses, {"app.engine.rules.x_a__mutmut_2"})
    assert table["app/engine/rules.py"] == mutation_score.Tally(1, 1, 1, 0)
    assert table["app/engine/rules.py"].score == 50.0
    assert table["app/engine/scoring.py"] == mutation_score.Tally(1, 0, 0, 1)
    args = ["--results", str(results), "--equivalent", str(listed)]
    assert mutation_score.main(args) == 0
    listed.write_text("- `app.engine.rules.x_a__mutmut_1`: stale\n", encoding="utf-8")
    assert mutation_score.main(args) == 1
