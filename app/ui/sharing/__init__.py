"""Sharing, importing and backing up, in the UI: screens, actions and their state.

- ``state``: ``Transfer``, the part of the app state these screens use (frozen: handlers
  replace it);
- ``actions``: the reducer's handlers (``share-env``, ``save-shared``, ``open-file``, ``backup``,
  ``restore``, ...) and the routes ``#/shared/...``, ``#/rules/...``, ``#/share/...``,
  ``#/import``;
- ``views``: the screens, and the backup section of the games list.

The codecs themselves are in ``app.share`` (pure, no UI).
"""
