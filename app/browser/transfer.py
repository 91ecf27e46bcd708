"""Browser glue for sharing: the clipboard, the share sheet, and files that come into the app.

``app/browser/shell.py`` calls, with ``post(action, payload)`` (its dispatch, stamped like a tap):

    environment()               # at start-up: {"base": page address, "share": "true"/"false"}
    perform(effect, post)       # the effects "copy", "web_share", "read_inbox"
    read_chosen(input, post)    # a file chosen in <input type="file">
    open_launched(params, post) # files opened with the installed app (manifest file_handlers)

A file's text reaches the reducer as the action ``open-file`` (``name``, ``text``, or ``error``
with ``size``/``detail``). The share sheet (manifest ``share_target``) posts to the service
worker (share-target.js), which keeps what was shared in Cache Storage and opens ``#/import``;
the import screen asks for ``read_inbox``, which takes it out of there.
"""

from __future__ import annotations

import asyncio
import codecs
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import to_js

from app.browser.eager import begun

EFFECTS = ("copy", "web_share", "read_inbox")
INBOX = "debertz-inbox"
"""Cache Storage name where the service worker keeps what the share sheet sent."""
MAX_FILE_BYTES = 30_000_000
"""A larger file is refused before it is read (app.share.files reads at most as many characters)."""

READ_BYTES = 1 << 20
"""A file is read this many bytes at a time, each part decoded in a task of its own: the text of
a 16 MB backup handed to Python in one piece held the page for about a second."""

Post = Callable[[str, dict[str, str]], None]


def is_missing(value: Any) -> bool:
    """True for None and for JavaScript null/undefined."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def environment() -> dict[str, str]:
    """The page's address without its fragment, whether it has the share sheet, and whether
    files can be opened with the installed app (``launchQueue``: the manifest's file_handlers)."""
    share = getattr(js.navigator, "share", None)
    launches = getattr(js.window, "launchQueue", None)
    return {
        "base": str(js.location.href).split("#")[0],
        "share": "false" if is_missing(share) else "true",
        "launch": "false" if is_missing(launches) else "true",
    }


def perform(effect: Any, post: Post) -> None:
    """Carry out one of the sharing effects (called inside the tap, as the browser requires for
    the clipboard and the share sheet)."""
    if effect.kind == "copy":
        copy(str(effect.key), str(effect.value), post)
    elif effect.kind == "web_share":
        web_share(str(effect.key), str(effect.value), post)
    elif effect.kind == "read_inbox":
        asyncio.ensure_future(read_inbox(post))


def copy(text: str, field_id: str, post: Post) -> None:
    """Put ``text`` on the clipboard; where that is refused, select it in the field instead."""
    clipboard: Any = getattr(js.navigator, "clipboard", None)
    if is_missing(clipboard):
        post("copied", {"done": _select(field_id)})
        return
    asyncio.ensure_future(_copied(clipboard.writeText(text), field_id, post))


async def _copied(promise: Any, field_id: str, post: Post) -> None:
    try:
        await promise
    except Exception:  # noqa: BLE001 - refused (no permission, not focused): select instead
        post("copied", {"done": _select(field_id)})
    else:
        post("copied", {"done": "true"})


def _select(field_id: str) -> str:
    """Select the link in its field and try the old copy command; "true" if it copied."""
    field = js.document.getElementById(field_id)
    if is_missing(field):
        return "false"
    field.focus()
    field.select()
    try:
        return "true" if js.document.execCommand("copy") else "false"
    except Exception:  # noqa: BLE001 - the command is gone in some browsers
        return "false"


def web_share(url: str, title: str, post: Post) -> None:
    """Open the system's share sheet with the link (cancelling it is not an error)."""
    data = to_js({"title": title, "url": url}, dict_converter=js.Object.fromEntries)
    asyncio.ensure_future(_shared(js.navigator.share(data), url, post))


async def _shared(promise: Any, url: str, post: Post) -> None:
    try:
        await promise
    except Exception as error:  # noqa: BLE001 - AbortError: the player closed the sheet
        if "AbortError" not in str(error):
            js.console.warn(f"share sheet failed: {error}")
            post("copy-link", {"link": url})


def read_chosen(element: Any, post: Post) -> None:
    """Read the file chosen in a file input (then clear it, so that the same file can be
    chosen again)."""
    files = element.files
    if is_missing(files) or not files.length:
        return
    chosen = files.item(0)
    element.value = ""
    reading(element)
    begun(read_file(chosen, post))


def reading(element: Any) -> None:
    """Mark the button of a file input busy (``aria-busy``, dimmed by the CSS), in the frame
    the chosen file brings anyway: a backup's plan can take a quarter of a second on a phone
    before anything else is drawn (the shell takes the mark off at its next drawing)."""
    label = js.document.querySelector(f'label[for="{element.id}"]')
    if not is_missing(label):
        label.setAttribute("aria-busy", "true")


async def read_file(file: Any, post: Post) -> None:
    """Send a file's text to the reducer, or why it could not be read."""
    name = str(file.name)
    if int(file.size) > MAX_FILE_BYTES:
        post("open-file", {"name": name, "error": "too_big", "size": str(int(file.size))})
        return
    try:
        text = await blob_text(file)
    except Exception as error:  # noqa: BLE001 - any reading failure is shown to the player
        post("open-file", {"name": name, "error": "unreadable", "detail": str(error)})
        return
    post("open-file", {"name": name, "text": text})


async def blob_text(blob: Any) -> str:
    """A file's (or any Blob's) text, as the browser's ``blob.text()`` decodes it (UTF-8, a
    leading byte-order mark dropped, bytes that are not UTF-8 as U+FFFD, which
    app.share.files refuses), read ``READ_BYTES`` at a time so that no part of it holds the
    page for long."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")  # (the stdlib ships no utf-8-sig)
    parts: list[str] = []
    size = int(blob.size)
    for start in range(0, size, READ_BYTES):
        buffer = await blob.slice(start, start + READ_BYTES).arrayBuffer()
        parts.append(decoder.decode(buffer.to_bytes()))
    parts.append(decoder.decode(b"", final=True))
    return "".join(parts).removeprefix("\ufeff")


async def read_inbox(post: Post) -> None:
    """Take what the share sheet sent (kept by the service worker) and open it."""
    storage: Any = getattr(js, "caches", None)
    if is_missing(storage):
        return
    inbox = await storage.open(INBOX)
    for request in list(await inbox.keys()):
        response = await inbox.match(request)
        await inbox.delete(request)
        if is_missing(response):
            continue
        name = str(js.decodeURIComponent(response.headers.get("X-Name") or ""))
        refused = response.headers.get("X-Error")  # the worker could not keep it: say why
        if not is_missing(refused) and refused:
            size = str(response.headers.get("X-Size") or "")
            post("open-file", {"name": name, "error": str(refused), "size": size,
                               "detail": str(refused)})
            continue
        post("open-file", {"name": name, "text": await blob_text(await response.blob())})


def open_launched(params: Any, post: Post) -> None:
    """Open the files the installed app is launched with ("open with", manifest file_handlers);
    ``params`` is what the page's ``launchQueue`` consumer receives (app/browser/shell.py sets it)."""
    files: Any = getattr(params, "files", None)
    if is_missing(files):
        return
    for index in range(files.length):
        asyncio.ensure_future(_launched(files[index], post))


async def _launched(handle: Any, post: Post) -> None:
    await read_file(await handle.getFile(), post)
