"""The rules-and-help screen: the texts of ``app.ui.help.pages`` with a table of contents."""

from __future__ import annotations

from app.ui import i18n
from app.ui.help.pages import HelpSection, help_sections
from app.ui.markup import esc, join
from app.ui.state import State


def render_help(state: State, t: i18n.Tr) -> str:
    """The help page in the current language; links are ``#/help/<anchor>``."""
    sections = help_sections(state.lang)
    toc = join(
        f'<li><a href="#/help/{esc(section.anchor)}">{esc(section.title)}</a></li>'
        for section in sections
    )
    body = join(_section(section) for section in sections)
    return (
        '<section class="screen help" aria-labelledby="screen-title">'
        f'<h2 id="screen-title" tabindex="-1">{esc(t("help.title"))}</h2>'
        f'<nav class="toc" aria-label="{esc(t("help.contents"))}"><ul>{toc}</ul></nav>'
        f"{body}"
        f'<p><a class="btn" href="#/">{esc(t("nav.games"))}</a></p></section>'
    )


def _section(section: HelpSection) -> str:
    blocks = join(_block(block) for block in section.blocks)
    anchor = esc(section.anchor)
    return (
        f'<section class="help-part" aria-labelledby="help-{anchor}">'
        f'<h3 id="help-{anchor}" tabindex="-1">{esc(section.title)}</h3>{blocks}</section>'
    )


def _block(block: str | tuple[str, ...]) -> str:
    if isinstance(block, str):
        return f"<p>{esc(block)}</p>"
    return "<ul>" + join(f"<li>{esc(item)}</li>" for item in block) + "</ul>"
