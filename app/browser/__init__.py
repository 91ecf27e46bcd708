"""The shell: the only package of the app (with app/main.py) that imports js, pyodide or pyscript.

``shell`` binds the pure UI (app/ui) to the page: events to ``reduce``, the markup morphed into
the DOM, the effects performed. Beside it: the IndexedDB store, the page's history, the kept
screen, the wake lock, the storage promise, and transfers (clipboard, share sheet, files).
"""
