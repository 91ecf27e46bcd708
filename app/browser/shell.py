"""The thin shell that binds the pure UI (app/ui) to the page.

``app/main.py`` calls::

    store = await open_store(); loaded = await store.load()
    await mount(root_element, loaded, store)

One listener per event type (click, input, change, submit, keydown) is bound on the root once,
plus ``popstate`` on the window; each dispatches on ``event.target.closest("[data-action]")``
to ``reducer.reduce``; a tap on an in-app link (``#/...``) moves through ``nav`` instead of
leaving an entry of the browser's own. The new markup from ``views.render`` is patched into the
page (unchanged subtrees are kept, so the focused field and its caret stay put), then the effects
run, the page's history follows the state (app/browser/navigation.py) and the screen is kept on
while a game is shown (app/browser/wake.py).

What an action writes is one ``commit`` (one IndexedDB transaction). When it changes games, the
new state is shown only after the commit is stored, and later actions wait for it: the screen
never shows a score that is not stored. When the commit is refused (another tab changed the game
first, the storage is full...), the old state stays, so an open form keeps what was typed, and
the player is told why. A commit of the settings alone (a form's draft as it is typed) is shown
at once and stored behind. Another tab's commits arrive through the store's ``listen``: those
records are read again and shown. ``<html data-writes="N">`` counts commits not yet done,
``<html data-renders="N">`` the renders so far (one action renders once at most: the popstate of
the app's own move back is not shown again).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import traceback
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from app.browser import transfer
from app.browser.eager import begun
from app.browser.idle import at_idle
from app.browser.navigation import Navigation
from app.browser.persistence import storage_askable, storage_kept
from app.browser.screen_cache import ScreenKeeper
from app.browser.wake import ScreenWake
from app.share.link import stored_digest
from app.share.qr import warm as warm_qr
from app.storage import (
    SETTINGS_ID,
    Commit,
    Conflict,
    IndexFix,
    StorageError,
    SummaryWrite,
    Unread,
    record_crc,
)
from app.ui import i18n, nav, prefs, views
from app.ui.core import Effect, commit_of
from app.ui.reducer import apply_external, reduce
from app.ui.scoring import readable_games
from app.ui.sharing.actions import pending_step
from app.ui.sharing.views import warm_share
from app.ui.state import State, initial_state
from app.ui.stats.report import expect_reports, wanted_reports, warm_reports, warming
from app.ui.stats.views import render_stats
from app.ui.unchanged import unchanged_parts

EVENTS = ("click", "input", "change", "submit", "keydown")
TEXT_INPUTS = ("text", "search", "number", "tel")
STEP_MS = 30.0
"""How long a restore's writing step aims to hold the page (its batch is sized from the last
one's time; the commit's encoding and the render come on top, so a step stays under 100 ms)."""
PLAN_STEP_MS = 45.0
"""The same for a step of a backup's planning, which has no commit on top: fewer, longer steps
(each waits for the page's turn, and one that draws its progress for a render and a frame, 10-15
ms at 4x CPU: :data:`PROGRESS_MS`)."""
STEP_SIZES = (1, 200)
"""The fewest and most games in one step."""
FIRST_PROGRESS_MS = 250.0
"""How long a backup's planning shows nothing new before its progress: the file is chosen,
and a plan ready by then (a backup of a few hundred games on a phone) shows at once, without a
glimpse of progress first and without the cost of drawing it (a render and a frame)."""
PROGRESS_MS = 150.0
"""How often a backup's planning draws its progress: a step that ends sooner after the last
screen drawn keeps its state for the next one to draw (each drawing costs a render, a patch and
a frame, ~15 ms at 4x CPU, between steps of ~45 ms)."""
FIRST_STEP = 10
"""The games of a restore's first step, and of the first step of each phase of its planning
(comparing the games here, each by its kept digest, is far quicker than checking a backup's:
a batch sized on the one would hold the page for seconds on the other)."""
FIRST_CHECK = 30
"""The first step of checking a backup's games, in games of 30 hands
(``restoring.HANDS_A_GAME``): 30 typical games taken at a glance (0.12 ms each under Pyodide
at 1x), or one game of 5,000 hands (7.5 ms). (100 games in steps of 10, 16, 25, 38 and 11 took
9.1 ms, in one step 7.7.)"""
WARM_GAMES = 500
"""The most recent games whose reports are computed at idle after a start (each is parsed and
replayed for it; with thousands stored, the others are read when the statistics need them)."""
_APP: App | None = None


@contextlib.contextmanager
def _uncollected() -> Iterator[None]:
    """No cycle collection during a restore's step: the games it reads are frozen at its end
    (``gc.freeze`` in ``App._stepped``), so a collection on the way would walk thousands of new
    dicts for nothing (1.7-4.9 ms at 4x CPU, logged in the step that parses a 100-game backup)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _missing(value: Any) -> bool:
    """True for Python None and for JavaScript null/undefined as Pyodide hands them over."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def _attributes(element: Any) -> dict[str, str]:
    found: dict[str, str] = {}
    attributes = element.attributes
    for i in range(attributes.length):
        item = attributes.item(i)
        found[item.name] = item.value
    return found


def _focusable(element: Any) -> Any:
    """``element``, or when it is disabled now (a counter's + at its limit) the first control
    of its group still enabled (its −): the focus fell to the page, and Tab began at the top."""
    if _missing(element) or not getattr(element, "disabled", False):
        return element
    group = element.closest('[role="group"]')
    return None if _missing(group) else group.querySelector("button:not([disabled]), input")


def _planning(state: State) -> bool:
    """Whether a backup is being planned on screen (its next step to come)."""
    return state.transfer.planning is not None and pending_step(state)


def _only_focus(effects: list[Effect]) -> bool:
    """Whether ``effects`` only move the focus (nothing to store, send or download)."""
    return all(effect.kind == "focus" for effect in effects)


def _phase(state: State) -> str:
    """The phase of the backup being planned ("" when none is)."""
    planning = state.transfer.planning
    return "" if planning is None else planning.phase


def _wasm_bytes() -> int:
    """The size of Python's WebAssembly memory (it only grows), or 0 where it is not known."""
    try:
        import pyodide_js  # type: ignore[import-not-found]

        return int(pyodide_js._module.HEAPU8.length)
    except (ImportError, AttributeError):
        return 0


def download(name: str, text: str) -> None:
    """Offer ``text`` as a file download named ``name`` (a blob URL, revoked a minute later)."""
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    blob = js.Blob.new(to_js([text]), options)
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href = url
    link.download = name
    js.document.body.append(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 60_000)


def stamps() -> dict[str, str]:
    """What the page adds to every action: the time, the clock, a fresh game id, a random
    number (taken modulo the number of players)."""
    return {
        "now": local_now(),
        "ms": str(int(js.Date.now())),
        "new_id": f"g{random.getrandbits(48):012x}",
        "random": str(random.getrandbits(30)),
    }


def local_now() -> str:
    """The device's local time as ``YYYY-MM-DDTHH:MM:SS`` (Python in the page runs on UTC)."""
    d = js.Date.new()
    return (
        f"{d.getFullYear():04d}-{d.getMonth() + 1:02d}-{d.getDate():02d}"
        f"T{d.getHours():02d}:{d.getMinutes():02d}:{d.getSeconds():02d}"
    )


class App:
    """The mounted app: the state, the store, the bound listeners."""

    def __init__(self, root: Any, state: State, store: Any) -> None:
        self.root = root
        self.state = state
        self.store = store
        self.pending = 0
        self.writes: asyncio.Lock = asyncio.Lock()
        """One store operation at a time, in the order they were asked for."""
        self.busy = False
        """A change of games is being stored (or records read again): later actions wait."""
        self.queue: list[tuple[Any, ...]] = []
        self.template = js.document.createElement("template")
        self.proxies: list[Any] = []
        self.last_html = ""
        self.sending = ("", "", "")
        """(shown, html, what to send): a screen's stand-ins worked out while a Save is written,
        and parsed into ``template`` then (any patch empties both)."""
        self.renders = 0
        """Renders so far, also in ``<html data-renders>``: one action, at most one render."""
        self.progress_at = 0.0
        """When a backup's planning draws its progress next (``performance.now()``): a step
        ending sooner leaves it to a later one (:meth:`_drawn_later`). :data:`PROGRESS_MS` after
        the screen was last drawn, :data:`FIRST_PROGRESS_MS` after the file was opened."""
        self.deferred: list[Effect] = []
        """The focus of the file whose planning drew nothing yet: its first drawing moves it."""
        self.titled = ""
        self.screens = ScreenKeeper()  # the screen boot.js paints at the next start
        self.navigation = Navigation()
        self.wake = ScreenWake()
        self.background: Any = None
        self.step_size = FIRST_STEP
        """Games the next step of a restore does (sized from the last step's time)."""
        self.stepping = False
        self.unread = False
        """Stored games are still held by their summary alone (their texts come after the first
        screen): a screen is then drawn before it is shown, and a game used is read first."""
        self.texts: asyncio.Future[None] | None = None
        """Reading the stored games' texts after the start (done once all are read)."""
        self.linking = False
        """The link of the game changed last waits for idle time to draw its QR code."""
        self.showing: tuple[str, str] = ("", "")
        """The screen drawn last (:func:`_showing`): another is drawn first as far as it shows."""
        self.drawn = ""
        """``<html data-drawn>`` (:meth:`_mark_drawn`)."""
        self.whole_due: Callable[..., None] | None = None
        """Draws the whole screen drawn first as far as it shows (:meth:`_whole_later`)."""

    # --- binding ---------------------------------------------------------------------
    def bind(self) -> None:
        """Add the delegated listeners once (their proxies live as long as the app)."""
        handlers = {
            "click": self.on_click,
            "input": self.on_input,
            "change": self.on_change,
            "submit": self.on_submit,
            "keydown": self.on_keydown,
        }
        for kind in EVENTS:
            proxy = create_proxy(handlers[kind])
            self.proxies.append(proxy)
            self.root.addEventListener(kind, proxy)
        toggled = create_proxy(self.on_toggle)
        self.proxies.append(toggled)
        self.root.addEventListener("toggle", toggled, True)  # it does not bubble: caught going down
        route = create_proxy(self.on_popstate)
        self.proxies.append(route)
        js.window.addEventListener("popstate", route)
        launches: Any = getattr(js.window, "launchQueue", None)
        if not _missing(launches):  # the installed app opened again: a shortcut, the icon
            launched = create_proxy(self.on_launch)
            self.proxies.append(launched)
            launches.setConsumer(launched)
        visible = create_proxy(self.on_visible)
        self.proxies.append(visible)
        js.document.addEventListener("visibilitychange", visible)
        printing = create_proxy(self.on_print)
        self.proxies.append(printing)
        js.window.addEventListener("beforeprint", printing)
        viewport: Any = getattr(js.window, "visualViewport", None)
        if viewport is not None and not _missing(viewport):
            keyboard = create_proxy(self.on_viewport)
            self.proxies.append(keyboard)
            viewport.addEventListener("resize", keyboard)
            viewport.addEventListener("scroll", keyboard)

    def on_viewport(self, event: Any = None) -> None:
        """Keep the entry's bottom bar above the on-screen keyboard: ``--kb`` is the height of
        the layout viewport the visual viewport does not show (0 without a keyboard)."""
        viewport = js.window.visualViewport
        covered = js.window.innerHeight - viewport.height - viewport.offsetTop
        value = f"{max(0, int(covered))}px"
        style = js.document.documentElement.style
        if style.getPropertyValue("--kb") != value:
            style.setProperty("--kb", value)

    def _target(self, event: Any) -> Any:
        target = event.target
        if _missing(target) or not hasattr(target, "closest"):
            return None
        element = target.closest("[data-action]")
        if _missing(element) or not self.root.contains(element):
            return None
        return element

    def _payload(self, element: Any) -> dict[str, str]:
        payload = {
            name[5:]: value
            for name, value in _attributes(element).items()
            if name.startswith("data-")
        }
        payload.update(stamps())
        return payload

    def post(self, action: str, payload: dict[str, str]) -> None:
        """Dispatch an action that does not come from an event (a file read, the clipboard's
        answer), stamped like a tap."""
        self.dispatch(action, {**stamps(), **payload})

    def on_click(self, event: Any) -> None:
        if self.follow_link(event):
            return
        element = self._target(event)
        if element is None or element.tagName in ("INPUT", "SELECT", "FORM", "OPTION", "TEXTAREA"):
            return
        event.preventDefault()
        payload = self._payload(element)
        self.dispatch(payload.pop("action"), payload)

    def on_input(self, event: Any) -> None:
        element = self._target(event)
        if element is None or element.tagName != "INPUT" or element.type not in TEXT_INPUTS:
            return
        payload = self._payload(element)
        payload["value"] = element.value
        self.dispatch(payload.pop("action"), payload)

    def on_change(self, event: Any) -> None:
        element = self._target(event)
        if element is None:
            return
        if element.tagName == "SELECT":
            value = element.value
        elif element.tagName == "INPUT" and element.type == "checkbox":
            value = "true" if element.checked else "false"
        elif element.tagName == "INPUT" and element.type == "radio":
            value = element.value
        elif element.tagName == "INPUT" and element.type == "file":
            transfer.read_chosen(element, self.post)
            return
        else:
            return
        payload = self._payload(element)
        payload["value"] = value
        self.dispatch(payload.pop("action"), payload)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        form = event.target
        action = None if _missing(form) else form.getAttribute("data-action")
        if action:
            payload = self._payload(form)
            payload.pop("action", None)
            self.dispatch(action, payload)

    def on_keydown(self, event: Any) -> None:
        if event.key == "Enter":
            self.next_name(event)
            return
        if event.key != "Escape":
            return
        if self.state.confirm is not None:
            self.dispatch("confirm-no", {})
        elif self.state.entry is not None:
            self.dispatch("cancel-hand", {})

    def next_name(self, event: Any) -> None:
        """Enter in a player's name goes on to the next empty name instead of starting."""
        target = event.target
        ident = "" if _missing(target) else str(target.id or "")
        if not ident.startswith("name-"):
            return
        following = js.document.getElementById(f"name-{int(ident[5:]) + 1}")
        if not _missing(following) and not str(following.value).strip():
            event.preventDefault()
            following.focus()

    def on_toggle(self, event: Any) -> None:
        """A ``<details data-toggle="action">`` the player opened or closed: the action, with
        ``open`` "true" or "false". A fold drawn open because the state says so (its
        ``data-open``) fires a toggle too, which is not the player's: it is left alone."""
        element = event.target
        if _missing(element) or not hasattr(element, "getAttribute"):
            return
        action = element.getAttribute("data-toggle")
        opened = "true" if element.open else "false"
        if action and element.getAttribute("data-open") != opened:
            self.dispatch(str(action), {"open": opened})

    def on_popstate(self, event: Any = None) -> None:
        """Back, Forward or an address typed in: show what the address names."""
        if self.navigation.arrived():
            self.dispatch("route", {"hash": str(js.location.hash)}, follow=True)

    def on_launch(self, params: Any) -> None:
        """The manifest's ``launch_handler`` brings a launch to this window: a shortcut's
        address (``#/new``, ``#/last``) is opened; the plain icon leaves the screen as it is;
        files opened with the app (``file_handlers``) are read."""
        if _missing(params):
            return
        place = str(getattr(params, "targetURL", "") or "").partition("#")[2]
        if place:
            self.dispatch("route", {"hash": f"#{place}"})
        transfer.open_launched(params, self.post)

    def follow_link(self, event: Any) -> bool:
        """An in-app link moves through the app's history (an address already below is gone
        back to, so the games list stays the bottom entry); other links are left alone."""
        target = event.target
        link: Any = None
        if not _missing(target) and hasattr(target, "closest"):
            link = target.closest("a")
        href = "" if _missing(link) else str(link.getAttribute("href") or "")
        if not href.startswith("#/") or event.defaultPrevented or not self.root.contains(link):
            return False
        event.preventDefault()
        self.dispatch("route", {"hash": href})
        return True

    async def report_storage(self) -> None:
        """Tell the player once when the browser refused to promise keeping the games, or has
        no way to be asked (no ``navigator.storage``: it promises nothing either)."""
        if await storage_kept() is False:
            self.dispatch("storage-refused", {})
        elif not storage_askable():
            self.dispatch("storage-refused", {"why": "unasked"})

    def on_visible(self, event: Any = None) -> None:
        """Back in front (another tab or app may have changed the game): read it again."""
        if str(js.document.visibilityState) == "visible" and self.state.game_id:
            self._enqueue(("external", [self.state.game_id], "elsewhere"))

    def on_other_tab(self, game_ids: list[str], settings: bool) -> None:
        """Another tab stored a change: read those records again and show them."""
        if game_ids or settings:
            self._enqueue(("external", game_ids, "elsewhere"))

    # --- dispatch, render, effects --------------------------------------------------
    def dispatch(self, action: str, payload: dict[str, str], follow: bool = False) -> None:
        """Run one action (after the ones waiting for a write, in order); ``follow`` when the
        browser itself moved to the address (Back, Forward)."""
        self._enqueue(("act", action, payload, follow))

    def _enqueue(self, task: tuple[Any, ...]) -> None:
        self.queue.append(task)
        self._drain()

    def _drain(self) -> None:
        while self.queue and not self.busy:
            task = self.queue.pop(0)
            if task[0] == "act":
                self._act(*task[1:])
            else:
                self.busy = True
                asyncio.ensure_future(self._reload(task[1], task[2]))
        if not self.queue and not self.busy:
            self._next_step()

    def _next_step(self) -> None:
        """A backup being planned or restored: its next batch after the page has had its turn
        (a task of its own, so taps, paint and the other tabs' news come in between)."""
        if self.stepping or not pending_step(self.state):
            return
        self.stepping = True

        def step() -> None:
            self.stepping = False
            if pending_step(self.state) and not self.busy and not self.queue:
                with _uncollected():
                    self.dispatch("restore-step", {"size": str(self.step_size)})

        js.setTimeout(create_once_callable(step), 0)

    def _sized(self, took_ms: float, aim_ms: float) -> None:
        """The next step's batch from how long this one took and how long a step may hold the
        page (growing by half at most: on a loaded phone one fast step says little)."""
        low, high = STEP_SIZES
        wanted = int(self.step_size * aim_ms / max(took_ms, 1.0))
        self.step_size = max(low, min(high, self.step_size * 3 // 2 + 1, wanted))

    def _stepped(
        self, before: State, new: State, effects: list[Effect], started: float
    ) -> tuple[State, list[Effect]]:
        """A restore's step done (``before`` → ``new``), its next batch sized; while a backup
        is planned, more batches follow in this same task as long as the next one should end
        within ``PLAN_STEP_MS`` of the task's start (a batch grows by half at most; the first of
        a phase is guessed at a third of it): each task waits for the page's turn, where
        a step comparing games here by their kept digests took 0.1-3.7 ms at 4x CPU, one checking
        10 games 1.4-10.1 ms (logged in the page)."""
        step_started = started
        while True:
            now = float(js.performance.now())
            aim = PLAN_STEP_MS if before.transfer.planning is not None else STEP_MS
            took = now - step_started
            self._sized(took, aim)
            next_takes = took * 1.5
            if _phase(new) != _phase(before):
                first = FIRST_CHECK if _phase(new) == "checking" else FIRST_STEP
                self.step_size, next_takes = first, PLAN_STEP_MS / 3
            # The games a step read stay alive until the restore ends (thousands of dicts):
            # frozen, the cycle collector no longer walks them at each full collection, which
            # held the page for 0.5 s and more once a few thousand games were read. Objects
            # freed by their count are freed as before; only cycles made until now are kept.
            gc.freeze()
            planning = _planning(new)
            if not planning or effects or now - started + next_takes > PLAN_STEP_MS:
                return new, effects
            before, step_started = new, now
            try:
                new, effects = reduce(new, "restore-step", {"size": str(self.step_size)})
            except (Unread, ValueError, KeyError):  # the next task's step meets it, and says so
                return before, []

    def _act(
        self, action: str, payload: dict[str, str], follow: bool = False, tries: int = 0
    ) -> None:
        """New state and effects; a change of games is shown only once it is stored. An action
        that needs a stored game not read yet waits for it (``tries``: how often it did)."""
        started = js.performance.now()
        html = None
        try:
            new, effects = reduce(self.state, action, payload)
            if self.unread:  # drawn now, so that a game it shows unread stops it here
                html = views.render(new)
        except Unread as missing:
            self._read_first(("act", action, payload, follow, tries + 1), missing.game_id)
            return
        except (ValueError, KeyError) as error:
            js.console.error(f"action {action!r} failed: {error}\n{traceback.format_exc()}")
            return
        restoring = action == "restore-step"
        deferred, self.deferred = self.deferred if restoring else [], []
        if restoring:
            new, effects = self._stepped(self.state, new, effects, started)
        elif action == "open-file" and _planning(new) and _only_focus(effects):
            self.progress_at = float(started) + FIRST_PROGRESS_MS
            deferred, effects = effects, []  # to the planning's first drawing (progress or plan)
        if (restoring or action == "open-file") and self._drawn_later(new, effects):
            self.state, self.deferred = new, deferred
            return
        effects = deferred + effects
        commit = commit_of(effects)
        if commit is not None and (commit.games or commit.replace_settings is not None):
            self.busy = True
            self._count(+1)
            storing = self._store_then_show(commit, new, effects, html, restoring)
            if restoring:  # a batch of games: encoded in a task of its own
                asyncio.ensure_future(storing)
            else:  # one change: its transaction opened in this task (app/browser/eager.py)
                begun(storing)
            return
        self.show(new, effects, follow, html)
        if commit is not None:  # only the settings (a form's draft, the language): behind
            self._count(+1)
            asyncio.ensure_future(self._store(commit))

    def _drawn_later(self, new: State, effects: list[Effect]) -> bool:
        """Whether a step of a backup's planning (or the file that began it) leaves its
        progress to a later step's drawing: one with no effects, whose planning goes on,
        before ``progress_at``."""
        return _planning(new) and not effects and float(js.performance.now()) < self.progress_at

    def show(self, state: State, effects: list[Effect], follow: bool = False,
             html: str | None = None) -> None:
        """Make ``state`` the current one and put it on the page, then the page effects; the
        history follows to the state's address, and the screen stays on during a game.
        ``html``: the state's screen when it is made already (``views.render(state)``)."""
        self.state = state
        for effect in effects:
            if effect.kind == "download":
                download(effect.key, str(effect.value))
            elif effect.kind in transfer.EFFECTS:
                transfer.perform(effect, self.post)
        self.render(effects, html)
        self.navigation.sync(nav.address(state), follow)
        self.wake.keep(prefs.keeps_awake(state))

    async def _store_then_show(
        self, commit: Commit, new: State, effects: list[Effect], html: str | None = None,
        restoring: bool = False,
    ) -> None:
        """Store a change of games; show it only when stored (else the page keeps the old
        state, with any open form as it was, and says why). ``html``: the new screen, if made
        already (else it is made while the browser writes); ``restoring``: a batch of a
        restore (its failure stops the restore)."""
        drawn: list[str] = [] if html is None else [html]

        def draw() -> None:  # while the browser writes: the screen, what of it to send, parsed
            drawn.append(views.render(new))
            self.sending = (self.last_html, drawn[0], unchanged_parts(self.last_html, drawn[0]))
            self.template.innerHTML = self.sending[2]

        def show_stored() -> None:  # in the transaction's complete event, not a task later
            self.show(new, effects, html=drawn[0] if drawn else None)

        try:
            async with self.writes:
                await self.store.commit(commit, None if drawn else draw, show_stored)
        except Conflict as refused:
            await self._read_again(list(refused.games), "refused")
        except StorageError as error:
            self._failed(error, background=False, restoring=restoring)
        except Exception as error:  # noqa: BLE001 - any failure must reach the user
            js.console.error(f"write failed: {error}\n{traceback.format_exc()}")
            self._failed(StorageError(str(error)), background=False, restoring=restoring)
        else:
            self._stored()
            if commit.game_ids and not restoring:
                self._link_later()
        finally:
            if self.sending[2]:  # not shown (refused, failed): not kept either
                self.template.innerHTML = ""
                self.sending = ("", "", "")
            self.busy = False
            self._count(-1)
            self._drain()

    def _link_later(self) -> None:
        """A game changed (a hand saved, corrected, undone...): its new link and QR code are
        drawn at the page's next idle time (``warm_share``, kept per link), so that *Share the
        game* after a hand is as quick as with a link shared before. ``<html
        data-link-ahead>``: the last 12 characters of the link drawn ahead last."""
        if self.linking:
            return
        self.linking = True

        async def link() -> None:
            try:
                await _idle()
                with contextlib.suppress(Unread):  # read again meanwhile: drawn when shared
                    drawn = warm_share(self.state)
                    if drawn is not None:
                        js.document.documentElement.dataset.linkAhead = drawn[-12:]
            except Exception:  # noqa: BLE001 - the share screen draws it when opened
                js.console.warn(f"the link was not drawn ahead:\n{traceback.format_exc()}")
            finally:
                self.linking = False

        asyncio.ensure_future(link())

    async def _store(self, commit: Commit) -> None:
        """Store a settings patch behind the screen (it was shown at once)."""
        try:
            async with self.writes:
                await self.store.commit(commit)
        except Exception as error:  # noqa: BLE001 - any failure must reach the user
            js.console.error(f"write failed: {error}\n{traceback.format_exc()}")
            failure = error if isinstance(error, StorageError) else StorageError(str(error))
            self._failed(failure, background=True)
        else:
            self._stored()
        finally:
            self._count(-1)

    def _failed(self, error: StorageError, background: bool, restoring: bool = False) -> None:
        payload = {
            "reason": error.reason,
            "detail": str(error),
            "background": "1" if background else "",
            "restore": "1" if restoring else "",
        }
        self.state, _ = reduce(self.state, "write-failed", payload)
        self.render()

    def _stored(self) -> None:
        if self.state.unsaved:
            self.state, _ = reduce(self.state, "write-done", {})
            self.render()

    def _read_first(self, task: tuple[Any, ...], game_id: str) -> None:
        """Do ``task`` again once the stored game it needs is read: the first time that game
        alone (a game opened in the first second after a start); if the task needs yet
        another, once every game is read; a third time it is given up (logged: the records
        cannot be read, which the next start reports)."""
        tries = task[-1]
        if tries > 2:
            js.console.error(f"action {task[1]!r} needs a game that cannot be read: {game_id!r}")
            return
        self.busy = True
        self.queue.insert(0, task)
        asyncio.ensure_future(self._read_then_go_on(game_id if tries == 1 else None))

    async def _read_then_go_on(self, game_id: str | None) -> None:
        try:
            if game_id is None and self.texts is not None:
                await self.texts
            # that game, or every game still unread (none, unless reading them ahead failed)
            ids = [game_id] if game_id is not None else self.state.games.unread()
            self._read_again_first(await self._fill(ids) if ids else [])
        except Exception as error:  # noqa: BLE001 - the action is tried again, and says why
            js.console.error(f"reading stored games failed: {error}\n{traceback.format_exc()}")
        finally:
            self.busy = False
            self._drain()

    async def _fill(self, game_ids: list[str]) -> list[str]:
        """Bring the stored texts of these unread games (one transaction); the games whose
        records are not the ones their summaries were made from (a version of the app without
        the index wrote them, or they are gone): those are to be read again as another tab's
        change (and their entries in the index are set again from the records)."""
        games = self.state.games
        records = await self.store.records(game_ids)
        changed = [gid for gid, raw in records.items() if gid in games and not games.fill(gid, raw)]
        fixes = tuple(
            IndexFix(gid, record_crc(raw)) for gid in changed if isinstance(raw := records[gid], str)
        )
        if fixes:
            asyncio.ensure_future(self.write_quietly(Commit(index=fixes), "index"))
        return changed

    def _read_again_first(self, game_ids: list[str]) -> None:
        """Read these games again before anything else waiting (an action that needs them)."""
        if game_ids:
            self.queue.insert(0, ("external", game_ids, "elsewhere"))
            self._drain()

    async def write_quietly(self, commit: Commit, what: str) -> bool:
        """Store ``commit`` (games written again or indexed, which change nothing shown);
        whether it was stored. A failure is only logged: the next start tries again."""
        try:
            async with self.writes:
                await self.store.commit(commit)
        except Exception as error:  # noqa: BLE001 - nothing shown depends on it
            js.console.warn(f"{what} not written again: {error}")
            return False
        return True

    async def _reload(self, game_ids: list[str], why: str) -> None:
        try:
            await self._read_again(game_ids, why)
        finally:
            self.busy = False
            self._drain()

    async def _read_again(self, game_ids: list[str], why: str) -> None:
        """Read records another tab changed and show them as stored."""
        try:
            async with self.writes:
                fresh = await self.store.read(game_ids)
        except Exception as error:  # noqa: BLE001 - a failed read must not stop the app
            js.console.error(f"reading again failed: {error}\n{traceback.format_exc()}")
            return
        state, effects = apply_external(self.state, fresh, why)
        if (
            why == "refused"
            or state.games != self.state.games
            or state.settings != self.state.settings
        ):
            self.show(state, effects)

    def render(self, effects: list[Effect] | None = None, html: str | None = None) -> None:
        """Patch the page to the current state (``html``: its screen, if made already) and put
        the focus where it belongs."""
        if effects is None:
            effects = []
        document = js.document
        active = document.activeElement
        active_id = "" if _missing(active) or not self.root.contains(active) else str(active.id)
        selection = None
        if active_id and active.tagName == "INPUT" and active.type in TEXT_INPUTS:
            selection = (active.selectionStart, active.selectionEnd)
        focus = [effect.key for effect in effects if effect.kind == "focus"]
        later = False
        if html is None:
            html, later = self._drawn(focus)
        self.renders += 1
        self.progress_at = float(js.performance.now()) + PROGRESS_MS
        document.documentElement.dataset.renders = str(self.renders)
        for busy in self.root.querySelectorAll("label[aria-busy]"):  # a file being read (transfer)
            busy.removeAttribute("aria-busy")
        if html != self.last_html:
            if focus and active_id and active_id != focus[-1] and active.tagName in LEAVABLE:
                active.blur()  # now, while the layout is clean: if the morph removed it focused,
                # the browser would lay out the page half patched, and again at the focus
            self.patch(html)
        self.showing = _showing(self.state)
        if later:
            self._whole_later(html)
        else:
            self.screens.showing(self.state, html)
        self._mark_drawn("first" if later else "whole")
        if self.state.screen == "stats" and warming() is not None:
            _hurry()  # the statistics wait for the warm-up's reports: its next step now
            wanted = wanted_reports()  # or for those of games the warm-up leaves out
            if wanted:
                asyncio.ensure_future(_wanted_reports(self, wanted))
        if document.documentElement.lang != self.state.lang:
            # only when it changes: setting ``lang``, even to the value it has, makes the
            # browser style every element again (``:lang()``), at each Save twice over
            document.documentElement.lang = self.state.lang
        if self.titled != self.state.lang:
            self.set_title()
        if any(effect.kind == "scroll" for effect in effects):
            js.window.scrollTo(0, 0)
        if focus:
            self.focus(focus[-1])
        elif active_id:
            self._keep_focus(active_id, selection)

    def _keep_focus(self, active_id: str, selection: tuple[int, int] | None) -> None:
        """The focus back on the element of ``active_id`` when the screen drawn took it away
        (with the text selected as it was); when that element is disabled now, though it may
        still hold the focus until the browser drops it, on its group's next control."""
        document = js.document
        element = document.getElementById(active_id)
        target = _focusable(element)
        if _missing(target) or (
            target is element and not _missing(document.activeElement)
            and document.activeElement.id == active_id
        ):
            return
        target.focus()
        if selection is not None and target is element:
            target.setSelectionRange(*selection)

    def _drawn(self, focus: list[str]) -> tuple[str, bool]:
        """The current state's screen, and whether it was drawn only as far as the screen shows
        (a screen other than the one shown: ``views.render_first``, the rest drawn once the
        page is idle). Whole when the focus goes to an element left out."""
        if not self.last_html or _showing(self.state) == self.showing:
            return views.render(self.state), False
        html, later = views.render_first(self.state)
        if later and not all(f'id="{key}"' in html for key in focus):
            return views.render(self.state), False
        return html, later

    def _whole_later(self, first: str) -> None:
        """The whole screen over ``first`` (drawn as far as the screen shows) at the page's
        next idle time, after the frame that shows ``first`` and any tap waiting (at most
        :data:`WHOLE_WAIT_MS` later), unless the page was drawn again meanwhile; before a
        print at once."""
        state = self.state

        def whole(*_: Any) -> None:
            if self.whole_due is whole:  # (not a later screen's, drawn first since)
                self.whole_due = None
            if self.state is not state or self.last_html is not first:
                return  # drawn again since then, whole
            html = views.render(state)
            self.patch(html)
            self.screens.showing(state, html)
            self._mark_drawn("whole")

        self.whole_due = whole
        at_idle(whole, WHOLE_WAIT_MS)

    def _mark_drawn(self, how: str) -> None:
        """``<html data-drawn>``: ``first`` while the screen is drawn only as far as it shows,
        ``whole`` else (set only when it changes)."""
        if self.drawn != how:
            self.drawn = js.document.documentElement.dataset.drawn = how

    def on_print(self, _event: Any = None) -> None:
        """A page printed while its screen is drawn only as far as it shows: the whole first."""
        if self.whole_due is not None:
            self.whole_due()

    def patch(self, html: str) -> None:
        """Morph the page into ``html`` (boot.js), sending the parts it shows already as
        stand-ins (``app.ui.unchanged``); if one found no element to stand for, all of it."""
        shown, made, sent = self.sending
        parsed = shown is self.last_html and made is html  # worked out (and parsed) while writing
        if not parsed:
            sent = unchanged_parts(self.last_html, html)
        self.sending = ("", "", "")
        self.last_html = ""  # until patched: a patch cut short by an error keeps nothing later
        if not js.window.debertzPatch(self.root, self.template, sent, parsed) and sent is not html:
            js.console.warn("a kept part was not found on the page: the whole screen is sent")
            js.window.debertzPatch(self.root, self.template, html)
        self.last_html = html

    def set_title(self) -> None:
        """The app's name in the current language, in the tab title and the page header."""
        name = i18n.translator(self.state.lang)("app.title")
        js.document.title = name
        header = js.document.querySelector(".shell-title")
        if not _missing(header):
            header.textContent = name
        self.titled = self.state.lang

    def focus(self, element_id: str) -> None:
        """Focus an element by id (or the first control inside it); when it is not on the
        screen (the game just ended), the rematch button or the screen's title."""
        for candidate in (element_id, "rematch", "screen-title"):
            element = js.document.getElementById(candidate)
            if not _missing(element):
                break
        else:
            return
        if not element.matches("input, button, select, a[href], [tabindex]"):
            inner = element.querySelector("input, button, select")
            element = element if _missing(inner) else inner
        title = element.id == "screen-title"
        part = str(element.id).startswith("help-")  # a part of the help a link led to
        element.focus(
            to_js({"preventScroll": element_id == "new-hand" or title or part},
                  dict_converter=js.Object.fromEntries)
        )
        if title:  # a screen opens at its top: WebKit's focus left the share screen scrolled
            js.window.scrollTo(0, 0)  # 327 px down, its title off screen, after a long game
        elif part:  # its heading at the top (the focus alone put it mid-screen, under the end
            element.scrollIntoView(  # of the part before)
                to_js({"block": "start"}, dict_converter=js.Object.fromEntries))

    def _count(self, step: int) -> None:
        self.pending += step
        dataset = js.document.documentElement.dataset
        dataset.writes = str(self.pending)
        if self.pending == 0:
            dataset.wasmBytes = str(_wasm_bytes())


LEAVABLE = ("BUTTON", "A", "SUMMARY")
"""Focused controls the render may blur before a patch that moves the focus (a field is never
blurred: that fires its ``change`` and on a phone hides the keyboard)."""


def _problem_dicts(problems: Any) -> list[dict[str, str]]:
    """The problems as the views show them; the raw text only of the settings record (the
    player may look at it before replacing it)."""
    out = []
    for problem in problems or []:
        item = {
            "record": str(problem.record),
            "code": str(problem.code),
            "message": str(problem.message),
        }
        if problem.record == SETTINGS_ID:
            item["raw"] = str(problem.raw)
        out.append(item)
    return out


def _browser_languages() -> list[str]:
    languages = js.navigator.languages
    found = [] if _missing(languages) else [str(languages[i]) for i in range(languages.length)]
    return found or [str(js.navigator.language)]


async def mount(root: Any, loaded: Any, store: Any) -> App:
    """Show the app in ``root`` from what the store loaded, and keep it running."""
    global _APP
    games, unplayable = readable_games(getattr(loaded, "games", None) or {})
    state = initial_state(
        games,
        dict(getattr(loaded, "settings", {}) or {}),
        _problem_dicts(getattr(loaded, "problems", [])) + unplayable,
        _browser_languages(),
    )
    state.volatile = bool(getattr(store, "volatile", False))
    app = App(root, state, store)
    root.replaceChildren()
    root.removeAttribute("aria-busy")
    app.bind()
    if hasattr(store, "listen"):
        store.listen(app.on_other_tab)
    app.state, _ = reduce(app.state, "share-env", transfer.environment())
    # the reports are made at idle (_at_idle): the statistics say how far, from the first screen
    expect_reports(min(len(games), WARM_GAMES) or None)
    start = {"hash": str(js.location.hash), "start": "yes"}
    app.state, effects, html = await _route_at_start(app, start)
    app.render([], html)
    app.navigation.settle(nav.address(app.state))
    app.wake.keep(prefs.keeps_awake(app.state))
    for effect in effects:
        if effect.kind in transfer.EFFECTS:
            transfer.perform(effect, app.post)
    commit = commit_of(effects)  # the start's route may drop a kept form it cannot read
    if commit is not None:
        app._count(+1)
        asyncio.ensure_future(app._store(commit))
    app.background = asyncio.ensure_future(app.report_storage())
    _APP = app
    recent = sorted(games, key=lambda gid: str(games.summary(gid).get("updated", "")))
    stale = getattr(loaded, "stale", None) or {}
    unindexed = getattr(loaded, "unindexed", None) or {}
    unread = games.unread()
    app.unread = bool(unread)
    app.texts = asyncio.ensure_future(_read_texts(app, unread))
    asyncio.ensure_future(_at_idle(app, recent[-WARM_GAMES:], stale, unindexed))
    return app


async def _route_at_start(app: App, start: dict[str, str]) -> tuple[State, list[Effect], str]:
    """The state, effects and screen of the address the app starts at; a stored game it needs
    is read first (changed under its summary: read again as another tab's change): the game
    it shows alone, and if the address needs another (a shared link, compared with every game
    here), every game not read yet. Only games that cannot be read start at the games list."""
    for tries in range(3):
        try:
            state, effects = reduce(app.state, "route", start)
            return state, effects, views.render(state)
        except Unread as missing:
            wanted = [missing.game_id] if tries == 0 else app.state.games.unread()
            changed = await app._fill(wanted or [missing.game_id])
            if changed:
                fresh = await app.store.read(changed)
                app.state, _ = apply_external(app.state, fresh, "elsewhere")
    state, effects = reduce(app.state, "route", {"hash": "#/", "start": "yes"})
    return state, effects, views.render(state)


TEXTS_STEP = 250
"""Stored games whose texts are read in one step after a start (~0.5 MB, one transaction)."""


async def _read_texts(app: App, game_ids: list[str]) -> None:
    """Read the texts of the games the start knew by their summary alone, a step at a time
    (the page answers taps in between); then ``<html data-texts="read">``. A failed read
    leaves the rest unread: each is read when used."""
    dataset = js.document.documentElement.dataset
    try:
        for start in range(0, len(game_ids), TEXTS_STEP):
            app._read_again_first(await app._fill(game_ids[start : start + TEXTS_STEP]))
    except Exception as error:  # noqa: BLE001 - each game is read when used instead
        js.console.warn(f"stored games not read ahead: {error}")
        dataset.texts = "failed"
        return
    app.unread = False
    dataset.texts = "read"


async def _at_idle(
    app: App, recent: list[str], stale: dict[str, int], unindexed: dict[str, int]
) -> None:
    """The start's work left for idle time, once the games' texts are read: what a first tap
    needs, then the stale summaries and the missing entries of the index. The statistics
    opened meanwhile say how far the reports are (``expect_reports``, from the start's first
    screen on: :func:`mount`), and show the figures after."""
    try:
        if app.texts is not None:
            await app.texts
        games = await _warm_reports(app, recent)
    finally:
        _figures(app)
    await _warm(app, games)
    await _summarize_again(app, stale, unindexed)


def _figures(app: App) -> None:
    """The reports the statistics waited for are made: the count on screen becomes the
    figures."""
    expect_reports(None)
    if app.state.screen == "stats":
        try:
            app.render()
        except Unread:  # a game read again meanwhile: read first, as a tap would
            app.dispatch("route", {"hash": "#/stats"})
        except Exception as error:  # noqa: BLE001 - said, as a tap's failure is (_act)
            js.console.error(f"statistics failed: {error}\n{traceback.format_exc()}")


async def _wanted_reports(app: App, game_ids: list[str]) -> None:
    """The reports of the games ``game_ids`` that the statistics screen waits for (games the
    warm-up leaves out: ``report.ask_for_reports``), then the figures."""
    try:
        await _make_reports(app, game_ids)
    finally:
        _figures(app)


async def _make_reports(app: App, game_ids: list[str]) -> list[dict[str, Any]]:
    """The reports of the games ``game_ids``, each game read as held when its step comes (one
    gone, or read again, is not made now: it is when asked), ``WARM_STEP`` games at each idle
    time, or ``WAITED_STEP`` a task while the statistics screen waits for them (:func:`_turn`);
    the games read."""
    games: list[dict[str, Any]] = []

    def read() -> Iterator[dict[str, Any]]:
        for game_id in game_ids:
            try:
                game = app.state.games[game_id]
            except (KeyError, Unread):
                continue
            games.append(game)
            yield game

    def size() -> int:
        return WAITED_STEP if app.state.screen == "stats" else WARM_STEP

    await warm_reports(read(), size, _turn(app), len(game_ids))
    return games


def _turn(app: App) -> Callable[[], Awaitable[None]]:
    """The pause between two steps of making reports: the page's next idle time, or, while
    the statistics screen waits for them, a task of its own (a tap still comes first), its
    count drawn every ``COUNT_EVERY_MS``."""
    drawn = [0.0]

    async def turn() -> None:
        if app.state.screen != "stats":
            await _idle()
            return
        now = float(js.performance.now())
        if now - drawn[0] >= COUNT_EVERY_MS:
            app.render()  # the count
            drawn[0] = now
        await asyncio.sleep(0)

    return turn


WARM_STEP = 1
"""Games whose reports are made in one idle step: a tap that comes meanwhile waits for the
step (a game's report, parsed and replayed, is ~7 ms at 4x CPU; with 4 a step, the first game
opened 1 s after a start began 22-32 ms after the tap, 2-16 with 1)."""
DIGEST_STEP = 16
"""Games whose content digests are worked out in one idle step (each well under a ms)."""
WAITED_STEP = 40
"""Games in one step while the statistics screen waits for their reports (~90 ms at 1x CPU,
~350 ms at 4x: the count moves, and a tap on *Back* is answered, between steps; with 16 a step,
500 reports at 4x came 0.8 s later, the steps' frames and hops between them)."""
COUNT_EVERY_MS = 200.0
"""How often the statistics screen's count is drawn while it waits for the reports."""


async def _warm(app: App, games: list[dict[str, Any]]) -> None:
    """The rest of what a first tap needs, after :func:`_warm_reports` (``<html
    data-reports="ready">``): the statistics screen's figures (when every game is among
    ``games``, the games it read) and their content digests (a file or a backup opened looks
    for its copy among them); then ``<html data-warm="ready">``. Each piece waits for the
    page's next idle time."""
    dataset = js.document.documentElement.dataset
    dataset.reports = "ready"
    if len(app.state.games) <= WARM_GAMES:  # else the rest would be read in one go
        await _idle()
        with contextlib.suppress(Unread):  # a game read again meanwhile: drawn when asked
            render_stats(app.state, i18n.translator(app.state.lang))  # its figures are kept
    for start in range(0, len(games), DIGEST_STEP):
        await _idle()
        for game in games[start : start + DIGEST_STEP]:
            stored_digest(game)
    dataset.warm = "ready"


async def _warm_reports(app: App, game_ids: list[str]) -> list[dict[str, Any]]:
    """Make ready, while the page is idle, what a first tap needs, so that it is as fast as the
    next: the screen of the game changed last (``views.warm_game``); the QR encoder and the code
    of that game (the share screen); the reports of the games ``game_ids``, each game read from
    its stored text in the step that needs it (not at the start: 500 games, 161 ms on CPython);
    the games read (:func:`_make_reports`). Each piece waits for the page's next idle time,
    or, while the statistics screen waits for the reports, comes at once (:func:`_turn`)."""
    turn = _turn(app)
    await turn()
    with contextlib.suppress(Unread):  # read again meanwhile: drawn when opened
        views.warm_game(app.state)
    await turn()
    warm_qr()
    await turn()
    warm_share(app.state)
    return await _make_reports(app, game_ids)


SUMMARY_STEP = 50
"""Games written again with their summaries in one idle step, one transaction."""
INDEX_STEP = 200
"""Entries of the index of summaries set from their records in one idle step."""


async def _summarize_again(app: App, stale: dict[str, int], unindexed: dict[str, int]) -> None:
    """Write the games that were stored without a current summary (by an older app, or before
    an update of the engine) again with the summary this start made of them, a batch at each
    idle time, so that the next start reads their summaries instead of replaying them all;
    then index the games whose records carry a current summary that the index of summaries
    lacks (``unindexed``: the first start after the index came), so that the next start reads
    the index alone. Each maps a game to its record's CRC as read: the store writes only while
    the record is still that one. A failure is left for the next start to try again (then
    ``<html data-summaries="failed">``), else ``"written"``."""
    dataset = js.document.documentElement.dataset
    again = list(stale.items())
    for at in range(0, len(again), SUMMARY_STEP):
        await _idle()
        games = app.state.games  # as it is now: each summary made when its batch comes
        writes = (SummaryWrite(gid, crc, games.summary(gid))
                  for gid, crc in again[at : at + SUMMARY_STEP] if gid in games)
        if not await app.write_quietly(Commit(summaries=tuple(writes)), "summaries"):
            dataset.summaries = "failed"
            return
    fixes = [IndexFix(gid, crc) for gid, crc in unindexed.items()]
    for at in range(0, len(fixes), INDEX_STEP):
        await _idle()
        if not await app.write_quietly(Commit(index=tuple(fixes[at : at + INDEX_STEP])), "index"):
            dataset.summaries = "failed"
            return
    dataset.summaries = "written"


def _showing(state: State) -> tuple[str, str]:
    """Which screen ``state`` shows: its kind and its game (another game is another screen).

    >>> from app.ui.state import initial_state
    >>> _showing(initial_state({}, {}, [], ["en"]))
    ('home', '')
    """
    return state.screen, state.game_id or ""


def _idle() -> asyncio.Future[None]:
    """Done at the page's next idle time (:func:`app.browser.idle.at_idle`: while the player
    taps, the warm-up waits, for ``IDLE_WAIT_MS`` at most)."""
    done: asyncio.Future[None] = asyncio.get_event_loop().create_future()
    _waiting.append(done)

    def wake(*_: Any) -> None:
        if not done.done():
            done.set_result(None)
        if done in _waiting:
            _waiting.remove(done)

    at_idle(wake, IDLE_WAIT_MS)
    return done


_waiting: list[asyncio.Future[None]] = []
"""The idle times waited for now (:func:`_idle`)."""


def _hurry() -> None:
    """End every wait for idle time now: the player waits for what comes after it."""
    while _waiting:
        done = _waiting.pop()
        if not done.done():
            done.set_result(None)


WHOLE_WAIT_MS = 250
"""The longest the rest of a screen drawn first as far as it shows waits for idle time."""
IDLE_WAIT_MS = 1000
"""The longest a step waits for idle time: Chromium has none while a ``<progress>`` bar is on
screen (a backup's restore), and the step would wait as long."""
