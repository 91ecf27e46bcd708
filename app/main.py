"""PyScript entry point (shipped as ./main.py): open the store, load it, mount the UI."""

from app.browser.boot import boot_errors_shown, mark_ready, root_element

with boot_errors_shown():
    from app.browser.shell import mount
    from app.browser.store import open_or_keep_in_memory

    store, loaded = await open_or_keep_in_memory()  # noqa: F704, PLE1142 - top-level await
    await mount(root_element(), loaded, store)  # noqa: F704, PLE1142
mark_ready()
