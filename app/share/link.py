"""A whole game, or a rule set, in a link's fragment: ``#/shared/<form><payload>``.

The fragment never reaches a server. ``<form>`` is one character that says how the rest is
written, so that every later version of the app still reads today's links:

- ``1``: packed. Players, teams, first dealer, every rule option and every hand as small bit
  fields (2 to 4 bytes a hand), then a CRC-32 of them; written in base32 (``A``-``Z``, ``2``-``7``),
  which a QR code holds in its compact alphanumeric mode.
- ``J``: a ``debertz/1`` JSON document, zlib-compressed, in base32: for a game whose records carry
  something the packed form has no field for (a note of one's own in a hand of a hand-written
  file). Read with a bounded unpacked size and nesting depth.

A link holds what decides the score: players, teams, first dealer, rules, hands (with any keys of
their own). The app's bookkeeping (ids, times, undo history) stays home, the time the app writes
into each hand (``at``) included: with it every game would need the long ``J`` form (a 60-hand
evening 1,374 characters instead of 239, a QR code of version 25 instead of 10); a game's file
keeps it. ``#/rules/<form><payload>``
carries a rule set the same way. Every link read back is checked by the engine (``check_game``,
``rules_from_json``): a damaged, cut, tampered or unknown link raises :class:`LinkError`.

>>> game = {"players": ["Оля", "Петро"], "rules": {"target": 301},
...         "hands": [{"taker": 1, "cards": [62, 100], "melds": {"side": 1, "terz": 1}}]}
>>> fragment = game_fragment(game)
>>> fragment
'#/shared/1EA3IJ5UF32GHQVUE72C25DAWRQDIL4BFUACABOIB6CMRRJ2N'
>>> shared = read_fragment(fragment)
>>> shared.doc["rules"]["target"], shared.doc["hands"][0]["melds"]
(301, {'side': 1, 'terz': 1, 'fifty': 0})
>>> read_fragment(fragment[:-2]).doc
Traceback (most recent call last):
...
app.share.link.LinkError: damaged: the link is damaged or cut short
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import json
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from app import engine, replays
from app.share import inbound
from app.share.bits import BitReader, BitWriter, TruncatedError
from app.share.errors import ShareError
from app.share.limits import LimitError, inflate, read_json

GAME_ROUTE = "shared"
RULES_ROUTE = "rules"
PACKED = "1"
JSON_FORM = "J"
FORMS = (PACKED, JSON_FORM)
"""Every form this version reads; a later version adds characters and keeps these."""

MAX_PAYLOAD = 20_000
"""Longest payload read, in characters (a 60-hand game packs into about 330)."""
MAX_UNPACKED = 200_000
"""Most bytes a ``J`` payload may unpack to."""
MAX_DEPTH = 12
"""Deepest nesting of lists and objects in a ``J`` payload (a game needs 4, a hand's own keys a
few more)."""
MAX_HANDS = inbound.MAX_HANDS
"""The same limit in every form (the packed form's reader stops at it, the ``J`` form is checked
by ``inbound.check_game`` before the engine reads its hands)."""
MAX_NAME_BYTES = 400
GAME_KEYS = ("players", "teams", "first_dealer", "rules", "hands")

# The packed form, version 1. These tables ARE the format: a link made today reads the same
# forever, so they never change (tests check that they still match the engine's options; a new
# option or value needs a new form character).
TARGET_BITS = 14
CHOICES: dict[str, tuple[str, ...]] = {
    "eggs": ("hang", "opponents", "each"),
    "both_reach": ("more_points", "taker", "last_trick"),
    "must_beat": ("each", "combined"),
    "bait_to": ("leader", "taker_points_to_leader", "halves"),
    "claim_counts": ("all", "cards"),
    "claim_by": ("any", "defenders"),
    "failed_claim": ("play_on", "loses"),
}
FLAGS = ("sequences_need_trick", "obligation")
PENALTIES = ("bait_penalty", "ski_penalty")
WHEN = ("each", "third", "third_and_after", "every_third")
COUNT = ("game", "consecutive")
CARD_BITS = 8
MELD_BITS = 3
PLAYED_KEYS = frozenset(
    {"taker", "cards", "melds", "bella", "no_tricks", "last_trick", "debertz", "claim"}
)
REDEAL_KEYS = frozenset({"redeal", "last_trick"})

HAND_BOOKKEEPING = ("at",)
"""Keys the app writes into a hand for itself (``at``: when it was saved, for the report's
times); they decide nothing, so a link leaves them out and a game's content ignores them."""

Doc = dict[str, Any]


class LinkError(ShareError):
    """A link that cannot be opened. ``code``: ``empty``, ``too_long``, ``unknown_form``,
    ``damaged``, ``too_big``, ``too_deep``, ``invalid`` (the engine refused what it holds; the
    problems are in ``problems``), ``newer_version`` (it holds a rules option or format this
    version does not know; also with ``problems``); ``params`` for the message.

    >>> LinkError("unknown_form", {"form": "7"}, "made by a newer version").code
    'unknown_form'
    """


@dataclass(frozen=True)
class Shared:
    """What a link holds: ``kind`` is ``game`` or ``rules``; ``doc`` the checked game document
    (only the keys in ``GAME_KEYS`` plus ``format``) or the full rules object; ``digest`` names
    the content (the same game gives the same digest, whatever link carried it)."""

    kind: str
    doc: Doc
    digest: str
    form: str


class _Unpackable(Exception):
    """The packed form has no field for something in this document."""


# --- the content of a game -----------------------------------------------------------------


def shared_doc(game: Mapping[str, Any]) -> Doc:
    """The part of a game a link carries, as the engine writes it (every option written out).

    Raises the engine's ``DebertzError`` for a game the rules refuse.

    >>> doc = shared_doc({"id": "g1", "undo": [], "players": ["A", "B"], "hands": []})
    >>> sorted(doc), doc["rules"]["eggs"]
    (['first_dealer', 'format', 'hands', 'players', 'rules', 'teams'], 'hang')
    """
    return doc_of(engine.game_from_json(dict(game)))


def checked_doc(game: engine.Game) -> Doc:
    """:func:`doc_of` a game read from outside, with the game kept as the engine's read of the
    doc (``replays.remember``): the screen that shows it reads none of its hands again. The
    doc carries no keys of the app's own, so the game kept has none either.

    >>> doc = checked_doc(engine.game_from_json({"id": "g1", "players": ["A", "B"], "hands": []}))
    >>> replays.engine_game(doc) == engine.game_from_json(doc)
    True
    """
    doc = doc_of(game)
    replays.remember(doc, dataclasses.replace(game, extra={}))
    return doc


def doc_of(game: engine.Game) -> Doc:
    """The part of an engine ``Game`` a link carries (see :func:`shared_doc`)."""
    full = engine.game_to_json(game)
    return {"format": full["format"], **{key: full[key] for key in GAME_KEYS}}


def content_digest(doc: Mapping[str, Any]) -> str:
    """A short name for a game's content: equal for equal games, whatever their ids or times.

    >>> a = content_digest(shared_doc({"players": ["A", "B"], "hands": [{"redeal": True}]}))
    >>> b = content_digest(shared_doc({"id": "x", "players": ["A", "B"], "rules": {"target": 501},
    ...                                "hands": [{"redeal": True, "at": "2026-12-01T20:00:00"}]}))
    >>> a == b, len(a)
    (True, 24)
    """
    text = json.dumps(without_bookkeeping(doc), ensure_ascii=False, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def without_bookkeeping(doc: Mapping[str, Any]) -> Doc:
    """``doc`` with :data:`HAND_BOOKKEEPING` taken out of each of its hands (if it has any).

    >>> without_bookkeeping({"hands": [{"redeal": True, "at": "2026-12-01T20:00:00"}]})
    {'hands': [{'redeal': True}]}
    """
    hands = doc.get("hands")
    if not isinstance(hands, list):
        return dict(doc)
    kept = [
        {key: value for key, value in hand.items() if key not in HAND_BOOKKEEPING}
        if isinstance(hand, dict) else hand
        for hand in hands
    ]
    return {**doc, "hands": kept}


def game_digest(game: Mapping[str, Any]) -> str | None:
    """The content digest of a game (None when the rules refuse it), computed afresh: for a game
    from anyone (a backup's); a game kept here has :func:`stored_digest`."""
    try:
        return content_digest(shared_doc(game))
    except engine.DebertzError:
        return None


STORED_DIGESTS = 20_000
"""Games whose digest is kept (twice a backup's most games: every game here, and then some)."""
_stored: dict[int, tuple[Mapping[str, Any], str | None]] = {}
_stored_key: dict[object, int] = {}


def stored_digest(game: Mapping[str, Any]) -> str | None:
    """:func:`game_digest` of a game kept here, computed once per game dict from the game's
    cached replay (``app.replays``). A game dict is never changed in place (every change of a
    game makes a new dict), so a kept digest holds while its dict is the game; a new revision of
    the same ``id`` replaces it. A restore compares every game here by it, and the import screen
    looks for a copy already here, so that neither replays the library at each file.

    >>> game = {"id": "d1", "players": ["A", "B"], "hands": [{"taker": 0, "cards": [100, 62]}]}
    >>> stored_digest(game) == game_digest(game), stored_digest(game) is stored_digest(game)
    (True, True)
    >>> changed = {**game, "hands": [{"taker": 1, "cards": [62, 100]}]}
    >>> stored_digest(changed) == game_digest(changed) != stored_digest(game)
    True
    >>> stored_digest({"id": "d1", "players": ["A"], "hands": []}) is None
    True
    """
    found = _kept(game)
    if found is not None:
        return found[1]
    key = id(game)
    try:
        digest: str | None = content_digest(doc_of(replays.engine_game(game)))
    except engine.DebertzError:
        digest = None
    name = game.get("id")
    if name is not None:
        _stored.pop(_stored_key.pop(name, -1), None)  # the game's earlier revision
        _stored_key[name] = key
    if len(_stored) >= STORED_DIGESTS:
        _stored.clear()
        _stored_key.clear()
    _stored[key] = (game, digest)
    return digest


def digest_kept(game: Mapping[str, Any]) -> bool:
    """Whether :func:`stored_digest` of ``game`` is kept (then it costs a look-up, not a
    replay).

    >>> game = {"id": "d2", "players": ["A", "B"], "hands": []}
    >>> digest_kept(game), stored_digest(game) is not None, digest_kept(game)
    (False, True, True)
    """
    return _kept(game) is not None


def _kept(game: Mapping[str, Any]) -> tuple[Mapping[str, Any], str | None] | None:
    """The kept entry of this very game dict (another dict may have had its address)."""
    found = _stored.get(id(game))
    return found if found is not None and found[0] is game else None


# --- making links --------------------------------------------------------------------------


def game_fragment(game: Mapping[str, Any]) -> str:
    """``#/shared/...`` for a game (packed when that gives the same game back, else ``J``),
    without the app's bookkeeping in its hands (:data:`HAND_BOOKKEEPING`)."""
    doc = without_bookkeeping(shared_doc(game))
    return f"#/{GAME_ROUTE}/{_payload(doc, _pack_game, _unpack_game)}"


def rules_fragment(rules: Mapping[str, Any]) -> str:
    """``#/rules/...`` for a rule set (any rules object the engine accepts).

    >>> rules_fragment({"target": 1001, "obligation": True})
    '#/rules/1B6SABQB4GL4EM'
    """
    doc = engine.rules_to_json(engine.rules_from_json(dict(rules)))
    return f"#/{RULES_ROUTE}/{_payload(doc, _pack_rules_doc, _unpack_rules_doc)}"


def _payload(doc: Doc, pack: Callable[[Doc], bytes], unpack: Callable[[bytes], Doc]) -> str:
    try:
        packed = pack(doc)
        if unpack(packed) == doc:
            return PACKED + _to_text(packed)
    except (_Unpackable, ValueError):  # not packable, or not read back as it was (a count
        pass  # beyond what a packed link holds): the JSON form
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return JSON_FORM + _to_text(zlib.compress(text.encode("utf-8"), 9))


def _to_text(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=")


# --- reading links -------------------------------------------------------------------------


def read_fragment(fragment: str) -> Shared:
    """What a ``#/shared/...`` or ``#/rules/...`` fragment holds; :class:`LinkError` if it
    cannot be opened.

    >>> read_fragment("#/shared/7ABC")
    Traceback (most recent call last):
    ...
    app.share.link.LinkError: unknown_form: this link was made by a newer version (form '7')
    """
    parts = [part for part in fragment.lstrip("#").split("/") if part]
    route = parts[0] if parts else ""
    payload = "/".join(parts[1:])
    if route == GAME_ROUTE:
        return read_game(payload)
    if route == RULES_ROUTE:
        return read_rules(payload)
    raise LinkError("damaged", {}, f"not a link to a game or rules: {fragment[:40]!r}")


def read_game(payload: str) -> Shared:
    """The game in the payload of a ``#/shared/`` link, checked by the engine."""
    form, data = _read_payload(payload)
    if form == PACKED:
        doc = _unpack_checked(data, _unpack_game)
    else:
        doc = _read_json_form(data)
    game, problems = inbound.read_game(doc)  # read once: the checked doc is the game read
    if problems:
        raise LinkError(_refusal(problems), {}, problems[0].message, problems)
    assert game is not None  # (read_game gives a game whenever it finds no problem)
    checked = checked_doc(game)
    return Shared("game", checked, content_digest(checked), form)


def read_rules(payload: str) -> Shared:
    """The rule set in the payload of a ``#/rules/`` link, checked by the engine."""
    form, data = _read_payload(payload)
    doc = _unpack_checked(data, _unpack_rules_doc) if form == PACKED else _read_json_form(data)
    problems = inbound.rules_problems(doc)
    if problems:
        raise LinkError(_refusal(problems), {}, problems[0].message, problems)
    rules = engine.rules_to_json(engine.rules_from_json(doc))
    return Shared("rules", rules, content_digest(rules), form)


def _refusal(problems: list[engine.Problem]) -> str:
    """``newer_version`` when a later version made what the link holds, else ``invalid``."""
    return "newer_version" if inbound.made_newer(problems) else "invalid"


def _read_payload(payload: str) -> tuple[str, bytes]:
    if not payload:
        raise LinkError("empty", {}, "the link holds nothing after its address")
    if len(payload) > MAX_PAYLOAD:
        raise LinkError(
            "too_long", {"length": len(payload), "max": MAX_PAYLOAD},
            f"{len(payload)} characters, more than {MAX_PAYLOAD}",
        )
    form, text = payload[0].upper(), payload[1:].upper()  # (read in either case)
    if form.strip(FORM_LETTERS) or text.strip(TEXT_LETTERS):
        raise _damaged()  # not even a link's letters: damaged, whatever its form says
    if form not in FORMS:
        raise LinkError(
            "unknown_form", {"form": form},
            f"this link was made by a newer version (form {form!r})",
        )
    return form, _from_text(text)


TEXT_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
"""The letters of a link's text after its form (base 32; read in either case)."""
FORM_LETTERS = "0123456789" + TEXT_LETTERS[:26]
"""The letters a form may be, in this version and any later one."""


def _from_text(text: str) -> bytes:
    """The bytes of a link's text (its letters checked already: :data:`TEXT_LETTERS`)."""
    try:
        return base64.b32decode(text + "=" * (-len(text) % 8))
    except (binascii.Error, ValueError):
        raise _damaged() from None


def _damaged() -> LinkError:
    return LinkError("damaged", {}, "the link is damaged or cut short")


def _unpack_checked(data: bytes, unpack: Callable[[bytes], Doc]) -> Doc:
    try:
        return unpack(data)
    except (TruncatedError, ValueError, IndexError, UnicodeDecodeError):
        raise _damaged() from None


def _read_json_form(data: bytes) -> Any:
    try:
        text = inflate(data, MAX_UNPACKED).decode("utf-8")
        doc = read_json(text, MAX_UNPACKED, MAX_DEPTH)
    except LimitError as error:
        damaged = ("not_json", "not_utf8", "damaged", "bad_number")
        code = "damaged" if error.code in damaged else error.code
        raise LinkError(code, error.params, str(error)) from None
    except UnicodeDecodeError:
        raise _damaged() from None
    if not isinstance(doc, dict):
        raise _damaged()
    return doc


# --- the packed form -----------------------------------------------------------------------


def _sealed(out: BitWriter) -> bytes:
    data = out.to_bytes()
    return data + zlib.crc32(data).to_bytes(4, "big")


def _opened(data: bytes) -> BitReader:
    body, seal = data[:-4], data[-4:]
    if len(data) < 5 or zlib.crc32(body).to_bytes(4, "big") != seal:
        raise ValueError("the check sum does not match")
    return BitReader(body)


def _finished(reader: BitReader) -> None:
    if reader.left >= 8 or reader.read(reader.left):
        raise ValueError("bits left over after the end")


def _seat_bits(players: int) -> int:
    return 1 if players == 2 else 2


def _side_bits(sides: int) -> int:
    return 1 if sides == 2 else 2


def _pack_game(doc: Doc) -> bytes:
    out = BitWriter()
    players: list[str] = doc["players"]
    count, teams = len(players), doc["teams"]
    sides = 2 if count == 4 and teams else count
    out.write(count - 2, 2)
    out.write_flag(teams)
    out.write(doc["first_dealer"], 2)
    for name in players:
        out.write_bytes(name.encode("utf-8"))
    _pack_rules(out, doc["rules"])
    out.write_count(len(doc["hands"]))
    for hand in doc["hands"]:
        _pack_hand(out, hand, count, sides)
    return _sealed(out)


def _unpack_game(data: bytes) -> Doc:
    reader = _opened(data)
    count = reader.read(2) + 2
    if count > 4:
        raise ValueError(f"{count} players")
    teams = reader.read_flag()
    first_dealer = reader.read(2)
    sides = 2 if count == 4 and teams else count
    players = [reader.read_bytes(MAX_NAME_BYTES).decode("utf-8") for _ in range(count)]
    rules = _unpack_rules(reader)
    hands = [_unpack_hand(reader, count, sides) for _ in range(reader.read_count(MAX_HANDS))]
    _finished(reader)
    return {
        "format": "debertz/1", "players": players, "teams": teams, "first_dealer": first_dealer,
        "rules": rules, "hands": hands,
    }


def _pack_rules_doc(doc: Doc) -> bytes:
    out = BitWriter()
    _pack_rules(out, doc)
    return _sealed(out)


def _unpack_rules_doc(data: bytes) -> Doc:
    reader = _opened(data)
    rules = _unpack_rules(reader)
    _finished(reader)
    return rules


def _pack_rules(out: BitWriter, rules: Doc) -> None:
    if set(rules) != {"target", *CHOICES, *FLAGS, *PENALTIES}:
        raise _Unpackable(f"rules with other options: {sorted(rules)}")
    out.write(_fits(rules["target"], 1 << TARGET_BITS), TARGET_BITS)
    for key, values in CHOICES.items():
        out.write(_index(values, rules[key]), 2 if len(values) > 2 else 1)
    for key in FLAGS:
        out.write_flag(_bool(rules[key]))
    for key in PENALTIES:
        _pack_penalty(out, rules[key])


def _unpack_rules(reader: BitReader) -> Doc:
    rules: Doc = {"target": reader.read(TARGET_BITS)}
    for key, values in CHOICES.items():
        rules[key] = _choice(values, reader.read(2 if len(values) > 2 else 1))
    for key in FLAGS:
        rules[key] = reader.read_flag()
    for key in PENALTIES:
        rules[key] = _unpack_penalty(reader)
    return rules


def _choice(values: tuple[str, ...], index: int) -> str | int:
    """The value at ``index`` of a frozen table; an index past its end (a link whose check sum
    holds, so not damaged) is kept as the number, which the engine then refuses as an unknown
    value of that option: the link breaks the rules, it was not made by a newer version (that
    one would have used a new form character).

    >>> _choice(CHOICES["eggs"], 2), _choice(CHOICES["eggs"], 3)
    ('each', 3)
    """
    return values[index] if index < len(values) else index


def _pack_penalty(out: BitWriter, penalty: Doc | None) -> None:
    out.write_flag(penalty is not None)
    if penalty is None:
        return
    if set(penalty) != {"points", "when", "count"} or penalty["points"] % 10:
        raise _Unpackable(f"a penalty the packed form cannot hold: {penalty}")
    out.write(_fits(penalty["points"] // 10 - 1, 32), 5)
    out.write(_index(WHEN, penalty["when"]), 2)
    out.write(_index(COUNT, penalty["count"]), 1)


def _unpack_penalty(reader: BitReader) -> Doc | None:
    if not reader.read_flag():
        return None
    points = (reader.read(5) + 1) * 10
    return {"points": points, "when": WHEN[reader.read(2)], "count": COUNT[reader.read(1)]}


def _pack_hand(out: BitWriter, hand: Doc, players: int, sides: int) -> None:
    """One hand: a redeal flag, then the taker, melds and bella, then a flag that says whether
    anything rarer follows (no cards, no_tricks, last_trick, debertz, a claim); the card points
    last."""
    redeal = hand.get("redeal") is True
    if set(hand) - (REDEAL_KEYS if redeal else PLAYED_KEYS):
        raise _Unpackable(f"a hand with keys of its own: {sorted(hand)}")
    out.write_flag(redeal)
    if redeal:
        _pack_side(out, hand.get("last_trick"), sides)
        return
    out.write(_fits(hand["taker"], players), _seat_bits(players))
    _pack_melds(out, hand.get("melds"), sides)
    _pack_side(out, hand.get("bella"), sides)
    cards = hand.get("cards")
    rare = [hand.get(key) for key in ("no_tricks", "last_trick", "debertz", "claim")]
    out.write_flag(cards is None or any(value is not None for value in rare))
    if cards is None or any(value is not None for value in rare):
        out.write_flag(cards is not None)
        _pack_no_tricks(out, rare[0], sides)
        _pack_side(out, rare[1], sides)
        _pack_side(out, rare[2], sides)
        _pack_claim(out, rare[3], sides)
    if cards is not None:
        for points in cards[:-1]:
            out.write(_fits(points, 1 << CARD_BITS), CARD_BITS)


def _unpack_hand(reader: BitReader, players: int, sides: int) -> Doc:
    hand: Doc = {}
    if reader.read_flag():
        hand["redeal"] = True
        _unpack_side(reader, hand, "last_trick", sides)
        return hand
    hand["taker"] = reader.read(_seat_bits(players))
    if reader.read_flag():
        side = reader.read(_side_bits(sides))
        terz, fifty = reader.read(MELD_BITS), reader.read(MELD_BITS)
        hand["melds"] = {"side": side, "terz": terz, "fifty": fifty}
    _unpack_side(reader, hand, "bella", sides)
    with_cards = True
    if reader.read_flag():
        with_cards = reader.read_flag()
        if reader.read_flag():
            hand["no_tricks"] = [reader.read(_side_bits(sides)) for _ in range(reader.read(2) + 1)]
        _unpack_side(reader, hand, "last_trick", sides)
        _unpack_side(reader, hand, "debertz", sides)
        if reader.read_flag():
            hand["claim"] = {"side": reader.read(_side_bits(sides)),
                             "cards": reader.read(CARD_BITS)}
    if with_cards:
        cards = [reader.read(CARD_BITS) for _ in range(sides - 1)]
        hand["cards"] = [*cards, engine.CARD_POINTS - sum(cards)]
    return hand


def _pack_melds(out: BitWriter, melds: Doc | None, sides: int) -> None:
    out.write_flag(melds is not None)
    if melds is None:
        return
    if set(melds) != {"side", "terz", "fifty"}:
        raise _Unpackable(f"melds with keys of their own: {sorted(melds)}")
    out.write(_fits(melds["side"], sides), _side_bits(sides))
    out.write(_fits(melds["terz"], 1 << MELD_BITS), MELD_BITS)
    out.write(_fits(melds["fifty"], 1 << MELD_BITS), MELD_BITS)


def _pack_claim(out: BitWriter, claim: Doc | None, sides: int) -> None:
    out.write_flag(claim is not None)
    if claim is None:
        return
    if set(claim) != {"side", "cards"}:
        raise _Unpackable(f"a claim with keys of its own: {sorted(claim)}")
    out.write(_fits(claim["side"], sides), _side_bits(sides))
    out.write(_fits(claim["cards"], 1 << CARD_BITS), CARD_BITS)


def _pack_side(out: BitWriter, side: object, sides: int) -> None:
    out.write_flag(side is not None)
    if side is not None:
        out.write(_fits(side, sides), _side_bits(sides))


def _unpack_side(reader: BitReader, hand: Doc, key: str, sides: int) -> None:
    if reader.read_flag():
        hand[key] = reader.read(_side_bits(sides))


def _pack_no_tricks(out: BitWriter, listed: object, sides: int) -> None:
    out.write_flag(listed is not None)
    if listed is None:
        return
    if not isinstance(listed, list) or not 1 <= len(listed) <= 4:
        raise _Unpackable(f"no_tricks the packed form cannot hold: {listed!r}")
    out.write(len(listed) - 1, 2)
    for side in listed:
        out.write(_fits(side, sides), _side_bits(sides))


def _fits(value: object, limit: int) -> int:
    if type(value) is not int or not 0 <= value < limit:
        raise _Unpackable(f"{value!r} is not a number from 0 to {limit - 1}")
    return value


def _bool(value: object) -> bool:
    if type(value) is not bool:
        raise _Unpackable(f"{value!r} is not true or false")
    return value


def _index(values: tuple[str, ...], value: object) -> int:
    if value not in values:
        raise _Unpackable(f"{value!r} is not one of {values}")
    return values.index(str(value))
