"""Games and rule sets carried with no server: links, QR codes, files and backups (pure).

Standard library only, like the engine; nothing here touches the page or the store.

- ``link``: a whole game (or a rule set) packed into a URL fragment, ``#/shared/1...`` and
  ``#/rules/1...``, and read back under limits (a damaged or hostile link is refused, never run);
- ``files``: a ``debertz/1`` game file or a backup, read from text under the same limits;
- ``backup``: one file with every game and the settings, and the plan for restoring it (what is
  added, what is already here, what is kept twice because both sides changed it);
- ``qr``: the link as a QR code drawn in SVG (segno, vendored in ``app/_vendor``, imported only
  when a QR code is drawn);
- ``bits``: the bit writer and reader under the packed link.

>>> from app.share.link import game_fragment, read_fragment
>>> fragment = game_fragment({"players": ["Оля", "Петро"], "hands": [{"taker": 0, "cards": [100, 62]}]})
>>> fragment[:10]
'#/shared/1'
>>> read_fragment(fragment).doc["hands"]
[{'taker': 0, 'cards': [100, 62]}]
"""
