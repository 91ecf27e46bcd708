"""The score keeper's user interface.

Pure modules (tested on CPython, no browser needed):

- ``state``: the app state and the drafts of the new-game and new-hand forms;
- ``actions``: ``reduce(state, action, payload) -> (state, effects)``, undo/redo included;
- ``views``: ``render(state) -> str``, every user string escaped;
- ``i18n``: the uk / ru / en texts (data: ``text/<lang>/*.json``); ``help_pages``: the help page;
- ``scoring``: the one place that calls the engine (``app.engine``);
- ``nav``: the address of every screen and layer, and how Back moves through them;
- ``prefs``: the screen wake lock setting and the note on storage the browser may clear.

``dom`` is the thin shell that binds all of it to the page; it is the only module that imports
``js`` / ``pyodide``.
"""
