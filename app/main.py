"""PyScript entry point (shipped as ./main.py): open the store, load it, mount the UI."""

from app.browser.boot import boot_errors_shown, mark_ready, root_element

with boot_errors_shown():
    from app.browser.store import open_store
    from app.ui.dom import mount

    store = await open_store()  # noqa: F704, PLE1142 - PyScript allows top-level await
    loaded = await store.load()  # noqa: F704, PLE1142
    await mount(root_element(), loaded, store)  # noqa: F704, PLE1142
mark_ready()
