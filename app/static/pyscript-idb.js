// PyScript's own IndexedDB maps, kept in memory.
//
// PyScript opens IndexedDB databases of its own ("IDBMap/..."): a package cache, which it awaits
// before it loads Pyodide, and file-system handles. This app uses neither (it has no packages and
// no mounted folders), but PyScript's start depends on them: with IndexedDB missing it throws, and
// with an IndexedDB that never answers it waits forever, so the app could not even say that this
// browser keeps no data. Here those databases are served from memory, in the few calls PyScript
// makes (open, transaction, objectStore, count/get/getKey/getAllKeys/put/delete/clear, close).
// The app's own database ("debertz") is untouched: app/browser/store.py opens it, with a time
// limit, and runs in memory, saying so, when it cannot.
"use strict";

(() => {
  const PREFIX = "IDBMap/";
  const databases = new Map(); // name -> Map(key -> value)

  function answer(result) {
    const request = { result, error: null, readyState: "pending" };
    setTimeout(() => {
      request.readyState = "done";
      if (typeof request.onsuccess === "function") request.onsuccess({ target: request, type: "success" });
    });
    return request;
  }

  function objectStore(entries) {
    return {
      count: () => answer(entries.size),
      get: (key) => answer(entries.get(key)),
      getKey: (key) => answer(entries.has(key) ? key : undefined),
      getAllKeys: () => answer([...entries.keys()]),
      put: (value, key) => answer(entries.set(key, value) && key),
      delete: (key) => answer(entries.delete(key) && undefined),
      clear: () => answer(entries.clear()),
    };
  }

  function openInMemory(name) {
    if (!databases.has(name)) databases.set(name, new Map());
    const entries = databases.get(name);
    const database = {
      name,
      objectStoreNames: { length: 1, contains: () => true },
      transaction: () => ({ objectStore: () => objectStore(entries) }),
      createObjectStore: () => objectStore(entries),
      close() {},
    };
    return answer(database);
  }

  const forPyScript = (name) => String(name).startsWith(PREFIX);
  const factory = globalThis.IDBFactory && globalThis.indexedDB instanceof IDBFactory;
  if (factory) {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (name, ...rest) {
      return forPyScript(name) ? openInMemory(name) : open.call(this, name, ...rest);
    };
  } else if (!globalThis.indexedDB) {
    // No IndexedDB at all: PyScript still gets its maps; the app finds none for itself.
    const missing = () => {
      throw new TypeError("this browser offers no IndexedDB");
    };
    Object.defineProperty(globalThis, "indexedDB", {
      configurable: true,
      value: { open: (name) => (forPyScript(name) ? openInMemory(name) : missing()) },
    });
  }
})();
