"""The score keeper's user interface: pure (tested on CPython), no browser module imported.

Shared by every screen:

- ``state``: the app state and the drafts of the new-game and hand forms;
- ``core``: the reducer's core (effects, one commit per action); ``reducer``: the one table of
  every feature's handlers and routes, and ``reduce(state, action, payload)``;
- ``views``: ``render(state) -> str`` for the screen shown, every user string escaped;
- ``scoring``: the one place that calls the engine (``app.engine``);
- ``nav``: the address of every screen and layer, and how Back moves through them;
- ``i18n``: the uk / ru / en texts (data: ``text/<lang>/*.json``); ``history``: undo and redo;
- ``general`` (language, write results, other tabs), ``prefs`` (wake lock, storage note).

Features, each a folder with its ``actions`` (``HANDLERS``, ``ROUTES``) and ``views``: ``games``
(the games list), ``game`` (a game's screen), ``hand`` (the hand form), ``claim`` («Партія»),
``setup`` (the new-game form), ``stats`` (report, chart, statistics), ``help``, ``sharing``.

The shell that binds all of it to the page is app/browser/shell.py.
"""
