"""PyScript entry point (shipped as ./main.py): open the store, load it, mount the UI."""

from app.browser.boot import boot_errors_shown, mark, mark_ready, root_element
from app.generated import compiled_ahead, shipped

with boot_errors_shown():
    with compiled_ahead(shipped()) as made:  # the classes' code compiled at build time
        from app.browser.shell import mount
        from app.browser.store import open_or_keep_in_memory
    mark("pythonGenerated", "{ahead} ahead, {compiled} compiled".format_map(made))

    store, loaded = await open_or_keep_in_memory()  # noqa: F704, PLE1142 - top-level await
    await mount(root_element(), loaded, store)  # noqa: F704, PLE1142
mark_ready()
