"""The new-game screen: players, seating, target, rules preset and every option, first dealer."""

from __future__ import annotations

from typing import Any

from app.engine import rules
from app.names import in_text
from app.ui import i18n, scoring
from app.ui.drafts import TARGETS, SetupDraft
from app.ui.markup import esc, join, words
from app.ui.setup import draft as setup
from app.ui.state import State
from app.ui.views_common import errors_at, group_issues

CHOICES: dict[str, tuple[str, ...]] = {
    "eggs": rules.EGGS,
    "both_reach": rules.BOTH_REACH,
    "must_beat": rules.MUST_BEAT,
    "bait_to": rules.BAIT_TO,
    "claim_counts": rules.CLAIM_COUNTS,
    "claim_by": rules.CLAIM_BY,
    "failed_claim": rules.FAILED_CLAIM,
}
"""Each option's values in the order the form offers them (the engine's)."""
FLAGS = ("sequences_need_trick", "obligation")
PENALTIES = ("bait_penalty", "ski_penalty")
MANY_SIDES_ONLY = ("must_beat", "bait_to")
"""Options that only matter with three or more sides."""
WHEN = rules.WHEN
COUNT = rules.COUNT
"""When a penalty falls due and what it counts, in the engine's order."""
POINTS = tuple(range(10, 301, 10))
KNOWN_MAX = 12


def render_setup(state: State, t: i18n.Tr) -> str:
    """The whole new-game form (errors shown only after "start" was pressed)."""
    draft = setup.completed(state.setup) if state.setup else setup.fresh_setup()
    grouped = group_issues(setup.check_setup(draft)) if draft.tried else {}
    known = scoring.known_players(state.games)[:KNOWN_MAX]
    datalist = join(f'<option value="{esc(name)}"></option>' for name in known)
    return (
        '<section class="screen setup" aria-labelledby="screen-title">'
        f'<h2 id="screen-title" tabindex="-1">{esc(t("setup.title"))}</h2>'
        f'<form id="setup" data-action="start-game" novalidate>'
        f"{_players(draft, grouped, t)}{_known(draft, known, t)}"
        f'<datalist id="known-players">{datalist}</datalist>'
        f"{_target(draft, grouped, t)}{_rules(draft, grouped, t)}{_dealer(draft, t)}"
        '<div class="actions sticky">'
        f'<button type="submit" class="btn primary big" id="start-game">{esc(t("setup.start"))}</button>'
        f'<a class="btn" href="#/">{esc(t("common.cancel"))}</a>'
        "</div></form></section>"
    )


def _radio(name: str, value: str, checked: bool, label: str, action: str, extra: str = "") -> str:
    ident = f"{name}-{value}"
    return (
        f'<label class="seg" for="{ident}"><input type="radio" id="{ident}" name="{name}" '
        f'value="{esc(value)}" data-action="{action}"{extra}{" checked" if checked else ""}>'
        f"<span>{esc(label)}</span></label>"
    )


def _players(draft: SetupDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    counts = join(
        _radio("count", str(n), draft.count == n, t("setup.players_n", n=n), "setup-count")
        for n in (2, 3, 4)
    )
    fields = join(_name_field(draft, seat, grouped, t) for seat in range(draft.count))
    teams = ""
    if draft.count == 4:
        teams = (
            f'<fieldset class="group"><legend>{esc(t("setup.teams"))}</legend>'
            f'<div class="segs">'
            f"{_radio('teams', 'true', draft.teams, t('setup.teams_yes'), 'setup-teams')}"
            f"{_radio('teams', 'false', not draft.teams, t('setup.teams_no'), 'setup-teams')}"
            f"</div></fieldset>"
        )
    return (
        f'<fieldset class="group"><legend>{esc(t("setup.players"))}</legend>'
        f'<div class="segs thirds">{counts}</div>'
        f'<p class="hint">{esc(t("setup.seating_hint"))}</p>'
        f'<ol class="names">{fields}</ol>{teams}'
        f'<p class="seating" aria-live="polite">{esc(seating_text(draft, t))}</p>'
        "</fieldset>"
    )


def _known(draft: SetupDraft, known: list[str], t: i18n.Tr) -> str:
    """Names from earlier games not typed yet: one tap puts one into the next empty seat."""
    typed = {name.strip().casefold() for name in draft.names[: draft.count]}
    left = [name for name in known if name.casefold() not in typed]
    if not left:
        return ""
    chips = join(
        f'<button type="button" class="chip" data-action="setup-pick" data-name="{esc(name)}">'
        f"{words(name)}</button>"
        for name in left
    )
    return (
        f'<div class="known" role="group" aria-labelledby="known-title">'
        f'<p class="hint" id="known-title">{esc(t("setup.known"))}</p>'
        f'<div class="chips">{chips}</div></div>'
    )


def seating_text(draft: SetupDraft, t: i18n.Tr) -> str:
    """Who plays with whom, from the names typed so far.

    >>> d = SetupDraft(count=4, names=["Оля", "Петро", "Іван", "Марта"])
    >>> seating_text(d, i18n.translator("en"))
    'Оля and Іван against Петро and Марта: partners sit opposite each other.'
    """
    shown = [
        in_text(name.strip()) or t("setup.player_n", n=seat + 1)
        for seat, name in enumerate(draft.names)
    ]
    if draft.count == 4 and draft.teams:
        both = t("side.and")
        return t("setup.seating_teams", a=f"{shown[0]} {both} {shown[2]}", b=f"{shown[1]} {both} {shown[3]}")
    return t("setup.seating_each", names=" → ".join(shown[: draft.count]))


def _name_field(draft: SetupDraft, seat: int, grouped: dict[str, Any], t: i18n.Tr) -> str:
    ident = f"name-{seat}"
    invalid, error = errors_at(ident, grouped, t)
    return (
        f'<li><label for="{ident}">{esc(t("setup.player_n", n=seat + 1))}</label>'
        f'<input type="text" id="{ident}" data-action="setup-name" data-seat="{seat}" '
        f'value="{esc(draft.names[seat])}" list="known-players" autocomplete="off" '
        f'autocapitalize="words" enterkeyhint="next"{invalid}>{error}</li>'
    )


def _target(draft: SetupDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    radios = join(
        _radio("target", value, draft.target == value, value, "setup-target") for value in TARGETS
    )
    radios += _radio(
        "target", "other", draft.target == "other", t("setup.target_other"), "setup-target"
    )
    invalid, error = errors_at("target", grouped, t)
    other = ""
    if draft.target == "other":
        other = (
            f'<label for="target-number">{esc(t("setup.target_number"))}</label>'
            f'<input type="text" inputmode="numeric" id="target-number" class="num" '
            f'data-action="setup-target-other" value="{esc(draft.target_other)}"'
            f' autocomplete="off"{invalid}>'
        )
    return (
        f'<fieldset class="group" id="target"><legend>{esc(t("setup.target"))}</legend>'
        f'<div class="segs">{radios}</div>{other}{error}'
        f'<p class="hint">{esc(t("setup.target_hint"))}</p></fieldset>'
    )


def _select(
    ident: str,
    action: str,
    options: list[tuple[str, str]],
    current: str,
    extra: str = "",
    closed: tuple[str, ...] = (),
) -> str:
    """A select; the values in ``closed`` cannot be picked (unless one is the current value)."""
    items = join(
        f'<option value="{esc(value)}"{" selected" if value == current else ""}'
        f'{" disabled" if value in closed and value != current else ""}>{esc(label)}</option>'
        for value, label in options
    )
    return f'<select id="{ident}" data-action="{action}"{extra}>{items}</select>'


def _rules(draft: SetupDraft, grouped: dict[str, Any], t: i18n.Tr) -> str:
    presets: list[tuple[str, str]] = [(name, t(f"preset.{name}")) for name in scoring.PRESET_NAMES]
    if draft.preset == "custom":
        presets.append(("custom", t("preset.custom")))
    preset = _select("preset", "setup-preset", presets, draft.preset)
    options = join(_choice(draft, name, grouped, t) for name in CHOICES)
    options += join(_flag(draft, name, t) for name in FLAGS)
    options += join(_penalty(draft, name, t) for name in PENALTIES)
    return (
        f'<fieldset class="group"><legend>{esc(t("setup.rules"))}</legend>'
        f'<label for="preset">{esc(t("setup.preset"))}</label>{preset}'
        f'<p class="hint">{esc(t(f"preset.{draft.preset}.about"))} '
        f'<a href="#/help/presets">{esc(t("setup.rules_help"))}</a></p>'
        f"{_off_table(draft, t)}"
        f'<p><a class="btn small" id="share-rules" href="#/share/rules">'
        f"{esc(t('share.share_rules'))}</a></p>"
        f'<details class="options"{" open" if draft.preset == "custom" or _option_errors(grouped) else ""}>'
        f"<summary>{esc(t('setup.options'))}</summary>{options}</details></fieldset>"
    )


def _off_table(draft: SetupDraft, t: i18n.Tr) -> str:
    """A word when the preset was written for another table than the one the form seats."""
    if not setup.off_table(draft):
        return ""
    return f'<p class="hint warn" id="preset-table">{esc(t("setup.preset_four_teams"))}</p>'


def _choice(draft: SetupDraft, name: str, grouped: dict[str, Any], t: i18n.Tr) -> str:
    ident = f"opt-{name}"
    current = str(draft.options.get(name))
    options = [(value, t(f"opt.{name}.{value}")) for value in CHOICES[name]]
    invalid, error = errors_at(ident, grouped, t)
    described = f"{ident}-about {ident}-err" if invalid else f"{ident}-about"
    two_only = name == "failed_claim" and _many_sides(draft)
    select = _select(
        ident,
        "setup-option",
        options,
        current,
        f' data-name="{name}" aria-describedby="{described}"'
        + (' aria-invalid="true"' if invalid else ""),
        closed=("loses",) if two_only else (),
    )
    note = ""
    if name in MANY_SIDES_ONLY and not _many_sides(draft):
        note = " " + t("setup.only_many_sides")
    if two_only:
        note = " " + t("setup.only_two_sides")
    return (
        f'<div class="option"><label for="{ident}">{esc(t(f"opt.{name}"))}</label>{select}'
        f'<p class="hint" id="{ident}-about">{esc(t(f"opt.{name}.{current}.about") + note)}</p>'
        f"{error}</div>"
    )


def _option_errors(grouped: dict[str, Any]) -> bool:
    """Whether an option has a problem to show (the options then open)."""
    return any(key.startswith("opt-") for key in grouped)


def _many_sides(draft: SetupDraft) -> bool:
    return draft.count == 3 or (draft.count == 4 and not draft.teams)


def _flag(draft: SetupDraft, name: str, t: i18n.Tr) -> str:
    ident = f"opt-{name}"
    on = bool(draft.options.get(name))
    return (
        f'<div class="option check"><input type="checkbox" id="{ident}" data-action="setup-option" '
        f'data-name="{name}" aria-describedby="{ident}-about"{" checked" if on else ""}>'
        f'<label for="{ident}">{esc(t(f"opt.{name}"))}</label>'
        f'<p class="hint" id="{ident}-about">{esc(t(f"opt.{name}.about"))}</p></div>'
    )


def _penalty(draft: SetupDraft, name: str, t: i18n.Tr) -> str:
    ident = f"opt-{name}"
    penalty = draft.options.get(name)
    body = ""
    if penalty is not None:
        data = f' data-name="{name}"'
        points = _select(
            f"{ident}-points",
            "setup-penalty",
            [(str(p), str(p)) for p in POINTS],
            str(penalty["points"]),
            data + ' data-part="points"',
        )
        when = _select(
            f"{ident}-when",
            "setup-penalty",
            [(w, t(f"opt.when.{w}")) for w in WHEN],
            str(penalty["when"]),
            data + ' data-part="when"',
        )
        count = _select(
            f"{ident}-count",
            "setup-penalty",
            [(c, t(f"opt.count.{c}")) for c in COUNT],
            str(penalty["count"]),
            data + ' data-part="count"',
        )
        body = (
            '<div class="penalty">'
            f'<label for="{ident}-points">{esc(t("opt.points"))}</label>{points}'
            f'<label for="{ident}-when">{esc(t("opt.when"))}</label>{when}'
            f'<label for="{ident}-count">{esc(t("opt.count"))}</label>{count}</div>'
        )
    return (
        f'<div class="option check"><input type="checkbox" id="{ident}" data-action="setup-penalty" '
        f'data-name="{name}" data-part="on" aria-describedby="{ident}-about"'
        f"{' checked' if penalty is not None else ''}>"
        f'<label for="{ident}">{esc(t(f"opt.{name}"))}</label>'
        f'<p class="hint" id="{ident}-about">{esc(t(f"opt.{name}.about"))}</p>{body}</div>'
    )


def _dealer(draft: SetupDraft, t: i18n.Tr) -> str:
    seats = [
        (str(seat), draft.names[seat].strip() or t("setup.player_n", n=seat + 1))
        for seat in range(draft.count)
    ]
    seats.append(("random", t("setup.dealer_random")))
    select = _select("first-dealer", "setup-dealer", seats, draft.first_dealer)
    return (
        f'<fieldset class="group"><legend>{esc(t("setup.dealer"))}</legend>'
        f'<label for="first-dealer">{esc(t("setup.dealer_label"))}</label>{select}</fieldset>'
    )


# --- a rule set in words: the game screen's rules, a shared rule set -------------------------


def rules_line(rules: dict[str, Any], t: i18n.Tr) -> str:
    """A rule set in a few words: its preset (or "own rules") and its target.

    >>> rules_line(scoring.preset_options("moscow"), i18n.translator("en"))
    'Moscow, to 501'
    """
    preset = scoring.matching_preset(rules)
    return t("share.rules_line", preset=t(f"preset.{preset}"), target=rules["target"])


def rule_rows(rules: dict[str, Any], t: i18n.Tr, sides: int = 3) -> list[tuple[str, str]]:
    """Every option of a rule set as the new-game form names it, with its value; with two
    ``sides`` the options that matter only with more are left out.

    >>> rows = rule_rows(scoring.preset_options("standard"), i18n.translator("en"), sides=2)
    >>> rows[0], len(rows)
    (('Play to', '501'), 10)
    """
    rows = [(t("setup.target"), str(rules["target"]))]
    rows += [
        (t(f"opt.{name}"), t(f"opt.{name}.{rules[name]}"))
        for name in CHOICES
        if sides > 2 or name not in MANY_SIDES_ONLY
    ]
    rows += [(t(f"opt.{name}"), t("common.yes" if rules[name] else "common.no")) for name in FLAGS]
    rows += [(t(f"opt.{name}"), _penalty_text(rules[name], t)) for name in PENALTIES]
    return rows


def _penalty_text(penalty: dict[str, Any] | None, t: i18n.Tr) -> str:
    if not penalty:
        return t("common.no")
    when, count = t(f"opt.when.{penalty['when']}"), t(f"opt.count.{penalty.get('count', 'game')}")
    return t("share.penalty", points=penalty["points"], when=when, count=count)
