"""Every text key the code asks for exists in every language, and every key is asked for.

Most keys are written out where they are used (``t("nav.help")``, ``data-text="shell.hint"``,
``"{{app.title}}"``), so a search finds them. These families are built with f-strings; each is
checked with the values the code can put in, taken from the tuples the code itself uses where
there is one, else gathered from the source by ``strings_in_code`` (where the value is made):

================================================  =======================================  ==============================================
family                                            built in                                 values from
================================================  =======================================  ==============================================
``preset.{name}``, ``preset.{name}.about``        app/ui/setup/views.py                    ``scoring.PRESET_NAMES`` and what
                                                                                           ``scoring.matching_preset`` returns
``opt.{name}``                                    app/ui/setup/views.py                    ``CHOICES``, ``FLAGS``, ``PENALTIES``
``opt.{name}.about``                              app/ui/setup/views.py                    ``FLAGS``, ``PENALTIES``
``opt.{name}.{value}``, ``….{value}.about``       app/ui/setup/views.py                    ``CHOICES`` (the engine's rule tuples)
``opt.when.{when}``, ``opt.count.{count}``        app/ui/setup/views.py                    ``WHEN``, ``COUNT``
``stats.period.{name}``, ``stats.kind.{kind}``    app/ui/stats/views.py                    ``stats.players.PERIODS``, ``KINDS``
``chart.mark.{kind}``                             app/ui/stats/chart.py                    ``MARK_KINDS``
``game.decided[_many].{decided_by}``              app/ui/game/views.py (``decided_key``)   ``decided_by`` as the engine sets it
``game.decided.{claim|failed_claim}``             app/ui/claim/views.py                    the same
``outcome.{outcome}``                             app/ui/game/views.py                     ``outcome`` of the engine's ``Result``
``mark.{outcome}`` (bait, eggs), ``mark.{kind}``  app/ui/hand/views.py                     the same but ``made``; ``claim.MELD_KINDS``
``entry.{kind}``                                  app/ui/views_common.py (``counter``)     ``kind`` passed to ``counter``
``entry.{key}``                                   app/ui/hand/views.py (``_side_choice``)  ``key`` passed to ``_side_choice``
``op.{op}``                                       app/ui/game/views.py (``op_text``)       ``"op"`` of the history's change records
``notice.{notice}``                               app/ui/views.py                          every ``.notice`` the UI sets
``origin.{received_from}``                        app/ui/sharing/views.py                  ``source`` of ``Incoming``
``problem.{code}``                                app/ui/views_common.py                   ``PROBLEM_CODES``, codes of the UI's ``Issue``
``entry.title_{new|edit}`` + ``_claim``           app/ui/hand/views.py (a ``+=``)          the two keys and the suffix written there
================================================  =======================================  ==============================================

Four more are looked up only when they exist, with a text to fall back on (checked: the
fallback exists, and each key of the family names a value the code can produce):

- ``problem.{code}.{field}`` / ``problem.{code}.{head}`` (app/ui/views_common.py), else
  ``problem.{code}``: a field path of the engine's records;
- ``storage.{code}`` (app/ui/games/views.py), else ``storage.other``: app/storage.py's codes and
  ``unplayable`` (app/ui/scoring.py);
- ``share.link_error.{code}``, ``share.file_error.{code}`` (app/ui/sharing/views.py), else
  ``….other``: the codes of the link's, the file's, the limits' and the backup's errors, and
  the errors the page reports for a chosen file (app/browser/transfer.py) and the share target
  for a shared one it could not keep (share-target.js).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path
from typing import get_args

import pytest

from app import engine
from app.engine import PROBLEM_CODES, model, records
from app.share.inbound import AppCode
from app.ui import i18n, scoring
from app.ui.claim.draft import MELD_KINDS
from app.ui.game.views import decided_key
from app.ui.setup.views import CHOICES, COUNT, FLAGS, PENALTIES, WHEN
from app.ui.stats.chart import MARK_KINDS
from app.ui.stats.players import KINDS, PERIODS
from tests.ui.strings_in_code import given_to, modules, passed_to, returned_by

ROOT = Path(__file__).resolve().parents[2]
PLURAL = re.compile(r"\.(one|few|many|other)$")


def keys(pattern: str, *values: str) -> set[str]:
    return {pattern.format(value) for value in values}


def notices() -> set[str]:
    """Every notice the UI can set (``None``: no notice), ``blocked_{why}`` spelt out."""
    found = given_to("notice", "app/ui") - {"None"}
    whys = passed_to("_refused", "why", "app/ui")
    patterns = {notice for notice in found if "{}" in notice}
    return found - patterns | {p.format(why) for p in patterns for why in whys}


def decided_by() -> set[str]:
    """What the engine can decide a game by (``engine.DecidedBy``), and None (going on)."""
    return {*engine.DECIDED_BY, "None"}


def outcomes() -> set[str]:
    """How a hand can go for its taker (``engine.Outcome``)."""
    return set(engine.OUTCOMES)


@cache
def families() -> dict[str, set[str]]:
    """Each family of keys built with f-strings: every key the code can build."""
    options = {*CHOICES, *FLAGS, *PENALTIES}
    presets = {*scoring.PRESET_NAMES, *returned_by("matching_preset", "app/ui/scoring.py")}
    return {
        "preset.{name}": keys("preset.{}", *presets),
        "preset.{name}.about": keys("preset.{}.about", *presets),
        "opt.{name}": keys("opt.{}", *options),
        "opt.{name}.about": keys("opt.{}.about", *FLAGS, *PENALTIES),
        "opt.{name}.{value}": {f"opt.{n}.{v}" for n, values in CHOICES.items() for v in values},
        "opt.{name}.{value}.about": {
            f"opt.{n}.{v}.about" for n, values in CHOICES.items() for v in values
        },
        "opt.when.{when}": keys("opt.when.{}", *WHEN),
        "opt.count.{count}": keys("opt.count.{}", *COUNT),
        "stats.period.{name}": keys("stats.period.{}", *PERIODS),
        "stats.kind.{kind}": keys("stats.kind.{}", *KINDS),
        "chart.mark.{kind}": keys("chart.mark.{}", *MARK_KINDS),
        "game.decided[_many].{decided_by}": {
            decided_key(how, sides) for how in decided_by() for sides in (2, 3, 4)
        },
        "outcome.{outcome}": keys("outcome.{}", *outcomes()),
        "mark.{outcome}": keys("mark.{}", *(outcomes() - {"made"})),
        "mark.{kind}": keys("mark.{}", *MELD_KINDS),
        "entry.{kind}": keys("entry.{}", *passed_to("counter", "kind", "app/ui")),
        "entry.{key}": keys("entry.{}", *passed_to("_side_choice", "key", "app/ui")),
        "op.{op}": keys("op.{}", *given_to("op", "app/ui")),
        "notice.{notice}": keys("notice.{}", *notices()),
        "origin.{received_from}": keys("origin.{}", *passed_to("Incoming", "source", "app/ui")),
        "problem.{code}": keys(
            "problem.{}", *PROBLEM_CODES, *get_args(AppCode), *passed_to("Issue", "code", "app/ui")
        ),
        "entry.title_{new|edit}[_claim]": {
            f"entry.title_{which}{claim}" for which in ("new", "edit") for claim in ("", "_claim")
        },
    }


def storage_codes() -> set[str]:
    return passed_to("_problem", "code", "app/storage.py") | given_to("code", "app/ui/scoring.py")


def share_target_errors() -> set[str]:
    """The reasons share-target.js gives for a shared file it could not keep (``refused``)."""
    source = (ROOT / "share-target.js").read_text(encoding="utf-8")
    return set(re.findall(r'refused\([^,()]*, "(\w+)"', source))


def link_refusals() -> set[str]:
    """The codes of a link the rules refuse (``invalid``, or ``newer_version`` when a later
    version made it): app/share/link.py's ``_refusal`` picks one."""
    return returned_by("_refusal", "app/share/link.py")


def share_codes(*errors: str) -> set[str]:
    return set().union(*(passed_to(error, "code", "app/share") for error in errors))


@cache
def looked_up_if_present() -> dict[str, tuple[set[str], str]]:
    """The families looked up only when the key exists: (the keys the code may ask for, the
    text it falls back on)."""
    fields = {*records.HAND_KEYS, *model.GAME_KEYS, *records.MELD_KEYS, *records.CLAIM_KEYS}
    codes = {*PROBLEM_CODES, *passed_to("Issue", "code", "app/ui")}
    in_table = {key for key in i18n.UK if key.startswith("problem.")}
    by_field = {
        key
        for key in in_table
        for code in codes
        if key.startswith(f"problem.{code}.")
        and set(key.removeprefix(f"problem.{code}.").split(".")) <= fields
    }
    page_errors = given_to("error", "app/browser") | share_target_errors()
    link = share_codes("LinkError", "LimitError") | link_refusals()
    file = share_codes("FileError", "LimitError", "BackupError") | page_errors
    return {
        "problem.{code}.{field}": (by_field, "problem.other"),
        "storage.{code}": (keys("storage.{}", *storage_codes()), "storage.other"),
        "share.link_error.{code}": (keys("share.link_error.{}", *link), "share.link_error.other"),
        # a rules link's own words where it has them (else a link's)
        "share.rules_link_error.{code}": (
            keys("share.rules_link_error.{}", *link), "share.link_error.other"
        ),
        "share.file_error.{code}": (keys("share.file_error.{}", *file), "share.file_error.other"),
    }


@pytest.mark.parametrize("family", sorted(families()))
@pytest.mark.parametrize("lang", sorted(i18n.TABLES))
def test_every_key_of_a_family_built_at_run_time_has_a_text(family: str, lang: str) -> None:
    built = families()[family]
    assert len(built) >= 2, f"{family}: the values were not found in the code"
    missing = sorted(key for key in built if not has(lang, key))
    assert missing == [], (lang, family)


@pytest.mark.parametrize("family", sorted(looked_up_if_present()))
def test_a_family_looked_up_if_present_has_its_fallback_and_no_stray_key(family: str) -> None:
    may_ask, fallback = looked_up_if_present()[family]
    assert all(has(lang, fallback) for lang in i18n.TABLES), fallback
    if family.startswith("problem."):
        return  # problem.{code} is a family of its own; every key is checked as used below
    prefix = family.removesuffix("{code}")
    stray = sorted(key for key in i18n.UK if key.startswith(prefix) and key not in may_ask)
    own_fallback = [fallback] if fallback.startswith(prefix) else []  # else another family's
    assert stray == own_fallback, "keys no code can ask for"


def test_the_gathered_values_are_those_the_engine_documents() -> None:
    """The Sheet's and HandLine's docstrings list these: a check on strings_in_code itself
    (what it reads from the engine's source is the engine's closed set)."""
    documented = {"debertz", "target", "more_points", "taker", "last_trick", "claim", "failed_claim"}
    assert given_to("decided_by", "app/engine") == documented | {"None"} == decided_by()
    assert outcomes() == {"made", "bait", "eggs"}
    assert {"saved", "edited", "undone", "redone", "storage_full", "blocked_undo"} <= notices()
    link_codes = share_codes("LinkError") | link_refusals()
    assert link_codes == {"empty", "too_long", "unknown_form", "damaged", "invalid", "newer_version"}


def has(lang: str, key: str) -> bool:
    table = i18n.TABLES[lang]
    return key in table or f"{key}.one" in table


def base(key: str) -> str:
    """A plural form's key without its form (``x.one`` -> ``x``)."""
    stem = PLURAL.sub("", key)
    return stem if stem != key and f"{stem}.one" in i18n.UK else key


@cache
def literal_keys() -> frozenset[str]:
    """Every string written out in the app's code (its Python and its static files) and in the
    manifest: a key used there is found by a search."""
    found: set[str] = set()
    for package in ("app/engine", "app/ui", "app/browser", "app/share", "app/main.py"):
        for module in modules(package):
            found |= {
                node.value
                for node in ast.walk(module)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
            }
    shell = [*sorted((ROOT / "app/static").glob("*.*js")), ROOT / "app/static/index.html"]
    for path in [*shell, ROOT / "manifest.webmanifest", ROOT / "service-worker.js"]:
        found |= set(re.findall(r"[\"'{]([a-z][\w.-]*)[\"'}]", path.read_text(encoding="utf-8")))
    return frozenset(found)


@cache
def all_family_keys() -> frozenset[str]:
    built = set().union(*families().values())
    for asked, fallback in looked_up_if_present().values():
        built |= asked | {fallback}
    return frozenset(built)


def test_every_key_of_the_catalogues_is_used() -> None:
    used = literal_keys() | all_family_keys()
    unused = sorted(key for key in i18n.UK if base(key) not in used)
    assert unused == [], "keys no code asks for: delete them, or write them out where they are used"


def test_the_gathering_examples_hold() -> None:
    import doctest

    from tests.ui import strings_in_code

    assert doctest.testmod(strings_in_code).failed == 0
