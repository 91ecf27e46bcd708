"""The one place where the UI calls the engine: replays (cached), checks and previews.

Every number on screen comes from ``app.engine.score`` (a game's replay is kept per revision and
extended by the next one: ``app.replays``); every validation from ``app.engine.check_hand``.
Games are kept as ``debertz/1`` dicts with the app's metadata (``id``, ``rev``, ``undo``, ...);
the engine ignores those keys.
"""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app import engine, replays
from app.names import in_text
from app.share.inbound import checked_app_keys
from app.storage import Games
from app.ui.drafts import HandDraft
from app.ui.state import GameDict

PRESET_NAMES = engine.PRESET_NAMES
"""The shared rule sets, as the engine names them (``engine.PresetName``)."""


@dataclass(frozen=True)
class Issue:
    """A problem to show next to a form field: ``field`` is a dotted path like ``cards.1``."""

    field: str
    code: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    message: str = ""


def engine_game(game: GameDict) -> engine.Game:
    """The engine's ``Game`` for a saved game dict (read once per dict: ``app.replays``)."""
    return replays.engine_game(game)


def sheet(game: GameDict) -> engine.Sheet:
    """The engine's ``Sheet`` for a saved game dict (once per dict, extended from the game's
    last revision: ``app.replays``)."""
    return replays.sheet(game)


def try_sheet(game: GameDict) -> tuple[engine.Sheet | None, str | None]:
    """``(sheet, None)``, or ``(None, message)`` when the saved game cannot be replayed."""
    try:
        return sheet(game), None
    except engine.DebertzError as error:
        return None, str(error)


@dataclass(frozen=True)
class Played:
    """A stored game as its screen draws it: the record, the engine's ``Game`` read from it and
    its ``Sheet``, read once (:func:`played`) and handed down to every part of the screen.

    >>> game = {"id": "g1", "players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    >>> shown = played(game)
    >>> shown.sides, shown.sheet.score, shown.label(1), shown.rules["target"], shown is played(game)
    (2, (100, 62), 'Петро', 501, True)
    """

    record: GameDict
    game: engine.Game
    sheet: engine.Sheet
    rules: dict[str, Any]
    """The rules in force, every option written out (``engine.rules_to_json``)."""

    @property
    def sides(self) -> int:
        """How many sides score: 2 or 3, or 2 teams of a 4-player game."""
        return self.game.side_count

    @property
    def hands(self) -> list[dict[str, Any]]:
        """The hand records as stored (the app's own keys, such as ``at``, included)."""
        hands: list[dict[str, Any]] = self.record["hands"]
        return hands

    def label(self, side: int, joiner: str = "&") -> str:
        """The side's name: the player, or both players of a team (``side_label``)."""
        return side_label(self.record, side, joiner)

    def members(self, side: int) -> list[str]:
        """The names of a side's players, in seating order (one, or a team's two)."""
        return [self.record["players"][seat] for seat in seats_of(self.record, side)]


_played: replays.Cache[Played] = OrderedDict()


def played(game: GameDict) -> Played:
    """The game read for its screen (once per dict; raises ``DebertzError`` like :func:`sheet`)."""
    return replays.cached(_played, game, lambda _game, _earlier: _read_played(game))


def _read_played(game: GameDict) -> Played:
    read = engine_game(game)
    return Played(game, read, sheet(game), engine.rules_to_json(read.rules))


def try_played(game: GameDict) -> tuple[Played | None, str | None]:
    """``(played, None)``, or ``(None, message)`` when the saved game cannot be replayed."""
    try:
        return played(game), None
    except engine.DebertzError as error:
        return None, str(error)


def readable_games(
    loaded: Mapping[str, Any],
) -> tuple[Games, list[dict[str, str]]]:
    """The stored games the engine can replay, each with its id; the others as problems.

    A game that cannot be read is left out of the app (so it is never written over) and
    reported, like the records the store itself could not read. A game stored with a current
    summary (``app.storage.Games``) is not replayed: its summary says whether it replays, and it
    is parsed (its undo history checked, its id set) when first used.

    >>> games, problems = readable_games({"g1": {"players": ["A", "B"], "hands": []},
    ...                                   "g2": {"players": ["A"], "hands": []}})
    >>> list(games), games["g1"]["id"], [p["record"] for p in problems]
    (['g1'], 'g1', ['g2'])
    """
    games = Games(reader=_stored_game)
    problems: list[dict[str, str]] = []
    stored = loaded if isinstance(loaded, Games) else Games(loaded)
    for key in stored:
        if not stored.parsed(key):
            error = stored.summary(key).get("error")
            if error is None:
                games.keep_from(stored, key)
            else:
                problems.append({"record": str(key), "code": "unplayable", "message": str(error)})
            continue
        game = stored[key]
        try:
            if not isinstance(game, dict):
                raise TypeError("not an object")
            game = checked_app_keys({**game, "id": key})  # app.share.inbound: ↶/↷, change log
            sheet(game)
        except (ValueError, TypeError, KeyError, IndexError) as error:
            problems.append({"record": str(key), "code": "unplayable", "message": str(error)})
        else:
            games[key] = game
    return games, problems


def _stored_game(key: str, game: GameDict) -> GameDict:
    """A game parsed from storage as the app holds it: its id set, its ↶/↷ logs and its change
    log checked."""
    return checked_app_keys({**game, "id": key}) if game.get("id") != key else checked_app_keys(game)


EXPORT_DROPS = ("undo", "redo", "rev")


def export_text(game: GameDict) -> str:
    """The game as a ``debertz/1`` JSON file (``python -m app.engine score FILE`` reads it).

    The app's own keys stay (the engine ignores them) except the undo/redo lists.

    >>> print(export_text({"id": "g1", "players": ["Оля", "Петро"], "hands": [], "undo": []}))
    {
      "format": "debertz/1",
      "id": "g1",
      "players": [
        "Оля",
        "Петро"
      ],
      "hands": []
    }
    """
    out = {"format": "debertz/1"}
    out.update({key: value for key, value in game.items() if key not in EXPORT_DROPS})
    return json.dumps(out, ensure_ascii=False, indent=2)


def side_count(game: GameDict) -> int:
    """How many sides score in this game: 2 or 3 players each for themselves, or 2 teams."""
    players = len(game["players"])
    if players == 4 and game.get("teams", True):
        return 2
    return players


def side_of(game: GameDict, seat: int) -> int:
    """The side a seat plays for."""
    return seat % 2 if side_count(game) == 2 and len(game["players"]) == 4 else seat


def seats_of(game: GameDict, side: int) -> list[int]:
    """The seats of one side, in seating order."""
    return [seat for seat in range(len(game["players"])) if side_of(game, seat) == side]


def side_label(game: GameDict, side: int, joiner: str = "&") -> str:
    """A side's name: the player, or partners joined with ``&`` (plain text, not escaped); in
    a sentence with the language's word for "and" (``t("side.and")``) instead of the sign.

    >>> game = {"players": ["Оля", "Петро", "Іван", "Марта"], "teams": True}
    >>> side_label(game, 0), side_label(game, 1, "та")
    ('Оля & Іван', 'Петро та Марта')
    """
    return f" {joiner} ".join(in_text(game["players"][seat]) for seat in seats_of(game, side))


def cards_held(game: GameDict, side: int) -> int:
    """How many cards a side's players hold (9 each with 2-3 players, 8 each with 4): the
    room for its sequences, ``3 * terz + 4 * fifty`` at most.

    >>> cards_held({"players": ["A", "B"]}, 0), cards_held({"players": list("ABCD")}, 1)
    (9, 16)
    """
    per_player = 8 if len(game["players"]) == 4 else 9
    return per_player * len(seats_of(game, side))


def melds_fit(game: GameDict, side: int, terz: int, fifty: int) -> bool:
    """Whether ``terz`` terzes and ``fifty`` fifties fit in the side's cards.

    >>> melds_fit({"players": ["A", "B"]}, 0, 1, 1), melds_fit({"players": ["A", "B"]}, 0, 1, 2)
    (True, False)
    """
    return terz >= 0 and fifty >= 0 and 3 * terz + 4 * fifty <= cards_held(game, side)


def rules_of(game: GameDict) -> dict[str, Any]:
    """The game's rules with every option filled in (defaults from the engine)."""
    return rules_to_json(engine_game(game).rules)


def rules_to_json(rules: engine.Rules) -> dict[str, Any]:
    """An engine ``Rules`` as a plain JSON-ready dict (every option written out)."""
    return dict(engine.rules_to_json(rules))


def checked_rules(rules: dict[str, Any]) -> dict[str, Any] | None:
    """Every option of a rules object the engine accepts, or None when it refuses it.

    >>> checked_rules({"target": 301})["eggs"], checked_rules({"target": 5})
    ('hang', None)
    """
    try:
        return rules_to_json(engine.rules_from_json(rules))
    except engine.DebertzError:
        return None


def preset_options(name: str) -> dict[str, Any]:
    """The options of a named preset, e.g. ``preset_options("moscow")["both_reach"]``."""
    return rules_to_json(engine.PRESETS[name])


CLAIM_OPTIONS = ("claim_counts", "claim_by", "failed_claim")
"""The options of «Партія» (RULES.md §5a): games saved before the claim existed name none."""


def matching_preset(rules: dict[str, Any], unnamed: tuple[str, ...] = ()) -> str:
    """The preset these options equal, whatever the target (it is chosen on its own) and
    leaving out the options in ``unnamed``; else ``"custom"``.

    >>> matching_preset({**preset_options("vinnytsia"), "target": 0})
    'vinnytsia'
    >>> matching_preset({**preset_options("standard"), "eggs": "each"})
    'custom'
    >>> old = {**preset_options("vinnytsia"), "claim_counts": "all", "claim_by": "any"}
    >>> matching_preset(old), matching_preset(old, CLAIM_OPTIONS)
    ('custom', 'vinnytsia')
    """
    left_out = (*unnamed, "target")
    for name in PRESET_NAMES:
        preset = preset_options(name)
        if all(rules.get(key) == value for key, value in preset.items() if key not in left_out):
            return name
    return "custom"


def least_to_make(game: GameDict, draft: HandDraft) -> int | None:
    """The fewest card points the draft's taker must take to make the hand, with the sequences,
    bella and sides without a trick chosen so far (None when that cannot be said simply: see
    the engine's ``least_to_make``; and for a claim, which has no card points to make).

    >>> g = {"players": ["Оля", "Петро"], "hands": []}
    >>> least_to_make(g, HandDraft(sides=2, taker=1, meld_side=0, terz=1))
    92
    """
    if draft.taker is None or draft.redeal or draft.claim:
        return None
    melds = None
    if draft.meld_side is not None and (draft.terz or draft.fifty):
        melds = engine.Melds(side=draft.meld_side, terz=draft.terz, fifty=draft.fifty)
    return engine.least_to_make(engine_game(game), draft.taker, melds, draft.bella,
                                draft.no_tricks)


def repeated_rules(game: GameDict) -> dict[str, Any]:
    """The rules of a new game "with these rules" and of a rematch: the game's own, but for
    the claim options a game saved before the claim existed could not name. Those come from
    the preset its other options equal, so an old Vinnytsia game starts a Vinnytsia game as
    the app knows it now (cards-only claims, by the defenders); with no such preset they are
    the defaults the old game is scored with.

    >>> old = {"players": ["A", "B", "C", "D"], "hands": [],
    ...        "rules": {k: v for k, v in preset_options("vinnytsia").items()
    ...                  if k not in CLAIM_OPTIONS}}
    >>> rules_of(old)["claim_by"], repeated_rules(old)["claim_by"]
    ('any', 'defenders')
    """
    rules = rules_of(game)
    stored = game.get("rules")
    unnamed = tuple(key for key in CLAIM_OPTIONS if not (isinstance(stored, dict) and key in stored))
    name = matching_preset(rules, unnamed)
    if name != "custom":
        preset = preset_options(name)
        rules.update({key: preset[key] for key in unnamed})
    return rules


def parse_card_text(text: str) -> int | None:
    """The number typed in a card field, or None when nothing usable was typed.

    >>> parse_card_text(" 62 "), parse_card_text(""), parse_card_text("6x"), parse_card_text("٦٢")
    (62, None, None, 62)
    >>> parse_card_text("²"), parse_card_text("①")  # digits to str.isdigit, not numbers to int
    (None, None)
    >>> parse_card_text("0062"), parse_card_text("0" * 5000 + "62"), parse_card_text("1" * 23)
    (62, 62, None)
    """
    return read_number(text, CARD_DIGITS)


CARD_DIGITS = 4
"""Digits a card field reads (a longer number is more than 162 anyway)."""


def read_number(text: str, digits: int) -> int | None:
    """The whole number typed in ``text`` (in any script's digits, zeros in front allowed) when it
    has at most ``digits`` digits; None when it is no whole number or a longer one (read without
    turning thousands of digits into an int).

    >>> read_number(" ٠٠٦٢ ", 4), read_number("12345", 4), read_number("-5", 4), read_number("", 4)
    (62, None, None, None)
    """
    text = text.strip()
    if not text.isdecimal():
        return None
    plain = "".join(str(unicodedata.decimal(char)) for char in text).lstrip("0") or "0"
    return int(plain) if len(plain) <= digits else None


def fill_cards(game: GameDict, draft: HandDraft) -> None:
    """Fill the one side nobody typed (the engine's ``complete_cards``: 162 - the others), or
    leave it empty while the typed ones are not numbers or already add up to more than 162."""
    rest = filled_side(draft)
    if rest is None:
        return
    partial = [None if side == rest else parse_card_text(draft.cards[side])
               for side in range(draft.sides)]
    known = None if partial.count(None) > 1 else engine.complete_cards(engine_game(game), partial)
    draft.cards[rest] = "" if known is None else str(known[rest])


def filled_side(draft: HandDraft) -> int | None:
    """The side whose card points are computed, not typed (None while it is not known yet)."""
    if len(draft.typed) != draft.sides - 1:
        return None
    return next(side for side in range(draft.sides) if side not in draft.typed)


def draft_to_hand(draft: HandDraft) -> tuple[dict[str, Any], list[Issue]]:
    """The ``debertz/1`` hand record for a draft, and the problems found before the engine.

    >>> hand, issues = draft_to_hand(HandDraft(sides=2, taker=0, cards=["100", "62"]))
    >>> hand, issues
    ({'taker': 0, 'cards': [100, 62]}, [])
    """
    if draft.redeal:
        return {**draft.extra, "redeal": True}, []
    hand: dict[str, Any] = dict(draft.extra)
    if draft.taker is not None:
        hand["taker"] = draft.taker
    if draft.claim:
        return claim_to_hand(draft, hand)
    issues: list[Issue] = []
    texts = [text.strip() for text in draft.cards]
    if any(texts) or draft.debertz is None:
        cards: list[int] = []
        values = [parse_card_text(text) for text in texts]
        bad = (
            any(text and (value is None or value > engine.CARD_POINTS)
                for text, value in zip(texts, values))
            or sum(value or 0 for value in values) > engine.CARD_POINTS
        )
        # one empty field is always the one computed from the others: only the rest are missing
        missing = [side for side, text in enumerate(texts) if not text][:-1]
        for side, (text, value) in enumerate(zip(texts, values)):
            if value is not None and value > engine.CARD_POINTS:
                issues.append(Issue(f"cards.{side}", "ui.cards_over", {"value": value}))
            elif value is not None:
                cards.append(value)
            elif text.isdecimal():  # digits parse_card_text did not read: too many of them
                issues.append(Issue(f"cards.{side}", "ui.cards_over", {"value": text}))
            elif text:
                issues.append(Issue(f"cards.{side}", "ui.cards_not_number", {"value": text}))
            elif side in missing:
                issues.append(Issue(f"cards.{side}", "ui.cards_missing", {}))
        if bad and not issues:
            issues.append(Issue("cards", "cards_sum", {"total": sum(cards)}))
        if not issues:
            hand["cards"] = cards
    if draft.meld_side is not None and (draft.terz or draft.fifty):
        hand["melds"] = {"side": draft.meld_side, "terz": draft.terz, "fifty": draft.fifty}
    for key in ("bella", "last_trick", "debertz"):
        value = getattr(draft, key)
        if value is not None:
            hand[key] = value
    if draft.no_tricks:
        hand["no_tricks"] = sorted(draft.no_tricks)
    return hand, issues


def claim_to_hand(draft: HandDraft, hand: dict[str, Any]) -> tuple[dict[str, Any], list[Issue]]:
    """``hand`` (the taker already in it) completed with the draft's claim (RULES.md §2, §5a):
    the claiming side, the card points in its tricks and its own sequences and bella. A side
    or points not given are left out, for the engine to name them at their field.

    >>> draft = HandDraft(sides=2, claim=True, claim_side=0, claim_cards="51", claim_terz=1)
    >>> claim_to_hand(draft, {"taker": 1})
    ({'taker': 1, 'claim': {'side': 0, 'cards': 51}, 'melds': {'side': 0, 'terz': 1, 'fifty': 0}}, [])
    >>> claim_to_hand(HandDraft(sides=2, claim=True, claim_cards="5o"), {})[1][0].field
    'claim.cards'
    """
    claim: dict[str, Any] = {}
    issues: list[Issue] = []
    side = draft.claim_side
    if side is not None:
        claim["side"] = side
    text = draft.claim_cards.strip()
    value = parse_card_text(text)
    if value is not None:
        claim["cards"] = value
    elif text.isdecimal():  # digits, too many of them to read
        issues.append(Issue("claim.cards", "ui.cards_over", {"value": text}))
    elif text:
        issues.append(Issue("claim.cards", "ui.cards_not_number", {"value": text}))
    hand["claim"] = claim
    if side is not None and (draft.claim_terz or draft.claim_fifty):
        hand["melds"] = {"side": side, "terz": draft.claim_terz, "fifty": draft.claim_fifty}
    if side is not None and draft.claim_bella:
        hand["bella"] = side
    return hand, issues


def hand_to_draft(game: GameDict, index: int) -> HandDraft:
    """A form filled with a saved hand, to edit it (a claim hand opens the claim form)."""
    hand = dict(game["hands"][index])
    sides = side_count(game)
    if isinstance(hand.get("claim"), dict):
        return _claim_draft(hand, sides, index, game["hands"][index])
    known = {"redeal", "taker", "cards", "melds", "bella", "no_tricks", "last_trick", "debertz"}
    draft = HandDraft(sides=sides, index=index, origin=game["hands"][index])
    draft.extra = {key: value for key, value in hand.items() if key not in known}
    draft.redeal = bool(hand.get("redeal"))
    draft.taker = hand.get("taker")
    cards = hand.get("cards")
    if cards:
        draft.cards = [str(value) for value in cards]
        draft.typed = list(range(sides - 1))
    melds = hand.get("melds") or {}
    draft.meld_side = melds.get("side")
    draft.terz = int(melds.get("terz") or 0)
    draft.fifty = int(melds.get("fifty") or 0)
    draft.bella = hand.get("bella")
    draft.no_tricks = list(hand.get("no_tricks") or [])
    draft.last_trick = hand.get("last_trick")
    draft.debertz = hand.get("debertz")
    return draft


def _claim_draft(hand: dict[str, Any], sides: int, index: int, origin: Any) -> HandDraft:
    """The claim form filled with a saved claim hand (its melds and bella are the claiming
    side's: the engine allows no other)."""
    known = {"taker", "claim", "melds", "bella"}
    claim = hand["claim"]
    melds = hand.get("melds") or {}
    cards = claim.get("cards")
    return HandDraft(
        sides=sides,
        index=index,
        origin=origin,
        extra={key: value for key, value in hand.items() if key not in known},
        taker=hand.get("taker"),
        claim=True,
        claim_side=claim.get("side"),
        claim_cards="" if cards is None else str(cards),
        claim_terz=int(melds.get("terz") or 0),
        claim_fifty=int(melds.get("fifty") or 0),
        claim_bella=hand.get("bella") is not None,
    )


def draft_number(game: GameDict, draft: HandDraft) -> int:
    """The 1-based number of the hand a draft records (a new hand comes last)."""
    return len(game["hands"]) + 1 if draft.index is None else draft.index + 1


def check_draft(game: GameDict, draft: HandDraft) -> list[Issue]:
    """Every problem of the draft: the form's own (numbers) first, then the engine's.

    While a card field holds no usable number, the engine's problems at that field are left
    out (the form's own message there says what is wrong); the field computed from the others
    gets no message of its own while a typed one has one (1 typed makes 161: one mistake). A problem of a later hand (an edit
    that would make a later claim fall short) is ``ui.later_claim_short``, shown for the form;
    the draft's own short claim is ``ui.claim_short`` (a file's is ``claim_short``, with its sum).
    """
    if draft.index is not None and not 0 <= draft.index < len(game["hands"]):
        # the hand corrected is gone (deleted or taken back in another tab): nothing to check
        # it against, and nothing to save (what was typed stays in the form)
        return [Issue("", "ui.hand_gone", {"hand": draft.index + 1},
                      f"hand {draft.index + 1} is no longer in the game")]
    hand, own = draft_to_hand(draft)
    problems = engine.check_hand(engine_game(game), hand, draft.index)
    mine = {issue.field for issue in own}
    number = draft_number(game, draft)
    found = []
    filled = filled_side(draft)
    typed_wrong = any(
        str(p.field or "").startswith("cards.") and str(p.field) != f"cards.{filled}"
        for p in problems
    )
    for p in problems:
        field = str(p.field or "")
        if (own and field.startswith("cards")) or field in mine:
            continue
        if typed_wrong and field == f"cards.{filled}":
            continue  # the computed field is wrong only because a typed one is: one message
        if p.hand is not None and p.hand != number:
            found.append(_later(p))
        else:  # (a short claim of its own: the form's text says what to do in it)
            code = "ui.claim_short" if p.code == "claim_short" else str(p.code)
            found.append(Issue(field, code, dict(p.params or {}), str(p.message)))
    return own + found


def _later(problem: engine.Problem) -> Issue:
    """A later hand's problem, for the form of an earlier one: where it is, and its figures."""
    params = {**dict(problem.params or {}), "hand": problem.hand}
    code = "ui.later_claim_short" if problem.code == "claim_short" else str(problem.code)
    return Issue("", code, params, str(problem.message))


def claim_result(game: GameDict, draft: HandDraft) -> engine.ClaimResult | None:
    """What the draft's claim would decide where it stands (the engine's ``ClaimResult``), or
    None when the draft is not a claim, has a problem of its own, or comes after the end."""
    if not draft.claim or draft.redeal:
        return None
    hand, own = draft_to_hand(draft)
    if own:
        return None
    return engine.claim_result(engine_game(game), hand, draft.index)


def claim_sides(game: GameDict, taker: int | None) -> tuple[int, ...]:
    """The sides that may claim in a hand with this taker (the engine's ``claim_sides``).

    >>> game = {"players": ["A", "B"], "hands": [], "rules": {"claim_by": "defenders"}}
    >>> claim_sides(game, None), claim_sides(game, 0)
    ((0, 1), (1,))
    """
    return tuple(engine.claim_sides(engine_game(game), taker))


def replay_problem(game: GameDict) -> engine.Problem | None:
    """The first problem that would stop ``game`` from being replayed (an engine ``Problem``),
    or None. Hands change through the undo history without the engine's checked edits, so
    every such change is tried here before it is stored: deleting a hand, or taking a change
    back, can leave a later claim short of the target.

    >>> game = {"players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]},
    ...         {"taker": 1, "claim": {"side": 0, "cards": 100}}], "rules": {"target": 200}}
    >>> replay_problem(game) is None
    True
    >>> replay_problem({**game, "hands": game["hands"][1:]}).code
    'claim_short'
    """
    problems = engine.check_game(game)
    return problems[0] if problems else None


def with_hand(game: GameDict, draft: HandDraft) -> GameDict:
    """The game dict as it would be with the draft saved (the draft must have no problems)."""
    hand, _ = draft_to_hand(draft)
    hands = list(game["hands"])
    if draft.index is None:
        hands.append(hand)
    else:
        hands[draft.index] = hand
    return {**game, "hands": hands}


def preview(game: GameDict, draft: HandDraft) -> tuple[engine.HandLine, engine.Sheet] | None:
    """``(hand_line, sheet)`` of the game with the draft saved, or None while it has problems.

    The game's own replay is gone on from (``engine.rescore``): a new hand is the one scored.

    >>> game = {"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    >>> line, trial = preview(game, HandDraft(sides=2, taker=1, cards=["62", "100"]))
    >>> line.number, trial.score, trial == engine.score(engine.game_from_json(with_hand(
    ...     game, HandDraft(sides=2, taker=1, cards=["62", "100"]))))
    (2, (162, 162), True)
    """
    found = preview_played(game, draft)
    return None if found is None else (found[0], found[1].sheet)


def preview_played(game: GameDict, draft: HandDraft) -> tuple[engine.HandLine, Played] | None:
    """Like :func:`preview`, with the whole trial game as a :class:`Played` (what the
    preview's explanation is worded from).

    >>> game = {"players": ["Оля", "Петро"], "hands": []}
    >>> line, trial = preview_played(game, HandDraft(sides=2, taker=1, cards=["62", "100"]))
    >>> trial.sheet.score, trial.game.hands[0].cards, len(game["hands"])
    ((62, 100), (62, 100), 0)
    """
    if check_draft(game, draft):
        return None
    record = with_hand(game, draft)
    read = engine.reread_game(record, game, engine_game(game))
    trial = engine.rescore(read, replays.replayed(game)).sheet
    index = len(game["hands"]) if draft.index is None else draft.index
    return trial.hands[index], Played(record, read, trial, engine.rules_to_json(read.rules))


def known_players(games: Mapping[str, GameDict]) -> list[str]:
    """Names used in earlier games, most recent game first, each once (ignoring case)."""
    cards = [games.summary(key) for key in games] if isinstance(games, Games) else games.values()
    ordered = sorted(cards, key=lambda g: str(g.get("updated", "")), reverse=True)
    seen: set[str] = set()
    names: list[str] = []
    for game in ordered:
        for name in game.get("players", []):
            if isinstance(name, str) and name.casefold() not in seen:
                seen.add(name.casefold())
                names.append(name)
    return names
