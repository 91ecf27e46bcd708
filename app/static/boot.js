// Boot shell of Деберц, everything that runs before Python:
// - the last screen worth coming back to, painted at once (dimmed, with a "starting" note) when
//   IndexedDB shows it is still true; a tap on it waits and is performed once Python is up;
// - on a first visit, the whole site downloaded once by the service worker, with its progress,
//   a plain "no connection" note that continues when the connection is back, and "ready without
//   internet" once it is all kept;
// - the loading state, a readable boot error with Retry, the "new version" prompt, and a request
//   for persistent storage.
// Python reports back through window events and <html data-app>:
//   debertz:boot-error  (detail: text of the failure)  -> the error panel
//   the app sets document.documentElement.dataset.app = "ready" once interactive.
// Marks for tests: <html data-screen="saved"> while a saved screen is shown before Python,
// <html data-offline-ready> once every file is kept for use without internet, <html data-update>
// after a tap on Update ("served": the page reloads into the new version; "activating": a worker
// of an older version switches first) and in the new version ("taking-over", "taken-over"),
// <html data-python-wasm="early"> when Pyodide starts from the WebAssembly compiled here, else
// "fetched" (the compile failed: Pyodide fetches the file itself).
"use strict";

(() => {
  // Every text this file shows, by its key in the catalogues (app/ui/text/<lang>/*.json), in
  // each language: {uk: {"shell.loading": "…", …}, …}. tools/build.py fills it in with the keys
  // this file passes to the function text, each written out (the page names the ones it starts
  // with in its data-text attributes).
  const TEXTS = {}; // texts: tools/build.py fills this in
  const SLOW_AFTER_MS = 45000;
  const PROBE_EVERY_MS = 3000;
  const NOTE_FOR_MS = 12000;
  const CONTROL_WITHIN_MS = 5000;
  const ASK_MS = 3000; // how long a service worker may take to answer a question
  const PAINT_WAIT_MS = 1500;
  const WASM_URL = new URL("./vendor/pyodide/pyodide.asm.wasm", location.href).href; // as Pyodide's
  const INSTALL_TRIES = 3;
  const root = document.documentElement;
  const byId = (id) => document.getElementById(id);
  const BUILD = (document.querySelector('meta[name="debertz-build"]') || {}).content || "";
  const SCREENS = `debertz-screens:${new URL("./", location.href).pathname}`;
  let updateRequested = false; // only a tap on this page's prompt switches it to a new version
  let reloading = false;
  let started = false; // Python may start (startPython)
  let pythonLoading = false; // the page's JavaScript for Python is loading (loadPython)
  let scriptsPreloaded = false;
  let firstVisit = false; // the service worker is downloading the site; Python waits for it
  let offline = false;
  let precached = { done: 0, total: 0 };

  function pickLanguage(candidates) {
    for (const tag of candidates) {
      const code = String(tag || "").split("-")[0].toLowerCase();
      if (Object.hasOwn(TEXTS, code)) return code;
      if (code === "be") return "ru"; // as the app's own choice (app/ui/state.py)
    }
    return "uk";
  }

  function browserLanguages() {
    return navigator.languages && navigator.languages.length
      ? navigator.languages
      : [navigator.language];
  }

  // The text of a key (written literally, so that the build and a search find it) in the
  // page's current language.
  function text(key) {
    return TEXTS[pickLanguage([root.lang])][key];
  }

  function say(template, values = {}) {
    return template.replace(/\{(\w+)\}/g, (_, name) => values[name]);
  }

  // The page says it in its own language (the build wrote it); say it in the browser's. The
  // title stays the page's until Python names the app in the app's language.
  function showLoading() {
    root.lang = pickLanguage(browserLanguages());
    bootText(text("shell.loading"), text("shell.hint"));
  }

  // The loading state's two lines (gone once a saved screen is painted over it).
  function bootText(line, hint) {
    const [first, second] = [byId("shell-boot-text"), byId("shell-boot-hint")];
    if (first) first.textContent = line;
    if (second) second.textContent = hint;
  }

  // --- the saved screen -------------------------------------------------------------------
  // app/browser/screen_cache.py keeps it, app/ui/saved_screen.py says what it holds.

  function routeOf(hash) {
    const parts = hash.replace(/^#/, "").split("/").filter(Boolean);
    if (parts.length === 0) return "#/";
    return parts.length === 2 && parts[0] === "game" ? `#/game/${parts[1]}` : null;
  }

  function savedScreen() {
    try {
      const kept = JSON.parse(localStorage.getItem(SCREENS) || "null");
      const screen = kept && kept.version === 1 && kept.screens[routeOf(location.hash)];
      return screen && BUILD && screen.build === BUILD ? screen : null;
    } catch {
      return null; // no storage, or a text this build cannot read
    }
  }

  // The stored records the screen depends on: {games: {id: text}, settings: text}, or null.
  // The games list depends on every game: for it, games holds each stored game's summary
  // (null: none) from the index of summaries, which Python's start reads too (10,000 games:
  // 2.4 MB, not 19 MB of records). A database without the index (one made before it: no
  // screen of this build was kept then) fails the transaction, and nothing is painted.
  function readRecords(screen) {
    return new Promise((resolve) => {
      const open = indexedDB.open("debertz"); // throws where there is no IndexedDB at all
      open.onupgradeneeded = () => open.transaction.abort(); // no database: never make one here
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        const done = (value) => {
          db.close();
          resolve(value);
        };
        try {
          const stores = screen.every_game ? ["games", "app", "summaries"] : ["games", "app"];
          const tx = db.transaction(stores, "readonly");
          const games = tx.objectStore("games");
          const settings = tx.objectStore("app").get("settings");
          const found = {};
          if (screen.every_game) {
            const stored = games.getAllKeys();
            const pages = tx.objectStore("summaries").getAll(); // app/storage.py's index_page
            pages.onsuccess = () => {
              const entries = {};
              for (const page of pages.result) Object.assign(entries, pageOf(page));
              for (const key of stored.result) found[key] = entries[key] ?? null;
            };
          } else {
            for (const id of Object.keys(screen.games)) {
              const request = games.get(id);
              request.onsuccess = () => (found[id] = request.result);
            }
          }
          tx.oncomplete = () => done({ games: found, settings: settings.result });
          tx.onerror = tx.onabort = () => done(null);
        } catch {
          done(null);
        }
      };
    });
  }

  function payload(text, name, schema) {
    try {
      const record = JSON.parse(text);
      const value = record && record.schema === schema ? record[name] : null;
      return value && typeof value === "object" ? value : null;
    } catch {
      return null;
    }
  }

  // A page of the index of summaries: {game id: summary (with the game's rev and updated)}.
  function pageOf(text) {
    try {
      const page = typeof text === "string" ? JSON.parse(text) : null;
      return page && typeof page === "object" ? page : null;
    } catch {
      return null;
    }
  }

  const stamp = (game) => `${game.rev ?? 0}/${game.updated ?? ""}`;

  // A stored value written as app/ui/saved_screen.py's canonical() writes it.
  function canonical(value) {
    if (value === undefined || value === null) return "null";
    if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
    if (typeof value !== "object") return JSON.stringify(value);
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }

  function stillTrue(screen, stored) {
    const settings = stored.settings === undefined ? {} : payload(stored.settings, "settings", screen.schema);
    if (!settings) return false;
    const lang = Object.hasOwn(TEXTS, settings.lang)
      ? settings.lang
      : pickLanguage(browserLanguages());
    if (lang !== screen.lang) return false;
    const ids = Object.keys(stored.games).filter((id) => stored.games[id] !== undefined);
    if (screen.every_game && ids.length !== Object.keys(screen.games).length) return false;
    for (const [id, expected] of Object.entries(screen.games)) {
      const record = stored.games[id]; // a summary (the games list), else a record's text
      const game = screen.every_game ? record : payload(record, "game", screen.schema);
      if (!game || stamp(game) !== expected) return false;
    }
    if (!screen.every_game) return true;
    const trash = settings.trash && typeof settings.trash === "object" ? settings.trash : null;
    if ((trash ? `${trash.id ?? ""}:${stamp(trash)}` : null) !== screen.trash) return false;
    return canonical(settings.backup) === screen.backup;
  }

  // Resolves once the saved screen is on screen (after its first frame), at once when there is
  // none to paint, and after PAINT_WAIT_MS at most (an IndexedDB that does not answer): Python's
  // start waits for it, since compiling the runtime would hold the paint back.
  function paintSavedScreen() {
    const screen = savedScreen();
    if (!screen || !("indexedDB" in self)) return Promise.resolve();
    root.dataset.screen = "checking"; // the spinner stays hidden for the few ms this takes
    const painted = readRecords(screen)
      .then((stored) => stored && stillTrue(screen, stored) && paint(screen))
      .catch(() => false)
      .then((done) => done || forgetChecking());
    const waited = new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MS)).then(forgetChecking);
    return Promise.race([painted, waited]);
  }

  function forgetChecking() {
    if (root.dataset.screen === "checking") delete root.dataset.screen;
  }

  function paint(screen) {
    if (routeOf(location.hash) !== screen.route || root.dataset.app !== "loading") return false;
    const app = byId("app");
    app.innerHTML = screen.html; // the app's own markup (escaped by its views), from this origin
    for (const control of app.querySelectorAll("input, select, textarea")) control.disabled = true;
    root.lang = screen.lang;
    document.title = screen.title;
    document.querySelector(".shell-title").textContent = screen.title;
    root.dataset.screen = "saved";
    note("starting", () => text("shell.starting"));
    return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0, true)));
  }

  // A tap on the saved screen waits: the control is marked, and once Python is up the same control
  // of the live screen (same id, or same action and arguments) is tapped; nothing happens when the
  // live screen has no such control, or more than one.
  let heldTap = null;

  function holdTaps() {
    byId("app").addEventListener("click", (event) => {
      if (!root.dataset.screen) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const control = event.target.closest && event.target.closest("a[href], button, [data-action]");
      if (!control || root.dataset.screen !== "saved") return;
      for (const held of document.querySelectorAll(".shell-held")) held.classList.remove("shell-held");
      control.classList.add("shell-held");
      heldTap = selectorOf(control);
    }, true);
  }

  function selectorOf(control) {
    if (control.id) return `#${CSS.escape(control.id)}`;
    const parts = [control.localName];
    for (const { name, value } of control.attributes) {
      if (name === "href" || name.startsWith("data-")) parts.push(`[${name}="${CSS.escape(value)}"]`);
    }
    return parts.join("");
  }

  function replayHeldTap() {
    const selector = heldTap;
    heldTap = null;
    if (!selector) return;
    const found = byId("app").querySelectorAll(selector);
    if (found.length === 1) found[0].click();
  }

  const onceReady = []; // what waits for the app to be ready (whenAppReady)

  function watchStart() {
    new MutationObserver(() => {
      if (root.dataset.app === "loading") return;
      if (root.dataset.screen) delete root.dataset.screen;
      hideNote("starting");
      if (root.dataset.app === "ready") {
        replayHeldTap();
        if (root.dataset.offlineReady === "new") showOfflineReady();
        for (const then of onceReady.splice(0)) then();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-app"] });
  }

  function whenAppReady(then) {
    if (root.dataset.app === "ready") then();
    else onceReady.push(then);
  }

  // A note is said in the page's language, and said again in the new one when the player picks
  // another while it shows (the app sets <html lang>): `says` gives its text.
  let noteSays = null;

  function note(kind, says) {
    const element = byId("shell-note");
    noteSays = says;
    element.textContent = says();
    element.dataset.kind = kind;
    element.hidden = false;
  }

  function sayNotesAgain() {
    new MutationObserver(() => {
      const element = byId("shell-note");
      if (element && !element.hidden && noteSays) element.textContent = noteSays();
    }).observe(root, { attributes: true, attributeFilter: ["lang"] });
  }

  function hideNote(kind) {
    const element = byId("shell-note");
    if (element.dataset.kind === kind) element.hidden = true;
  }

  // A note or the update prompt at the foot of the screen covers no control: while one shows,
  // the page makes room for it (--note: its height from the bottom edge, read by app.css's
  // sticky bars, toasts and the page's bottom padding), and 0 once it is gone.
  function makeRoomForNotes() {
    const notes = [byId("shell-note"), byId("shell-update")].filter(Boolean);
    const room = () => {
      const heights = notes
        .filter((note) => !note.hidden)
        .map((note) => Math.ceil(innerHeight - note.getBoundingClientRect().top + 4));
      root.style.setProperty("--note", `${Math.max(0, ...heights)}px`);
    };
    if (typeof ResizeObserver === "function") {
      const observer = new ResizeObserver(room);
      for (const note of notes) observer.observe(note);
    }
    addEventListener("resize", room);
  }

  // A control focused under the sticky bar at the screen's foot (the hand form's preview and
  // Save, the new-game form's Start) is scrolled up above it: the browser scrolls a focused
  // control into the screen, not out from under a bar (Tab reached the melds, bella and the
  // target hidden). Measured only at a focus, when the layout is clean, and moved only when hidden.
  function keepFocusAboveBars() {
    addEventListener("focusin", (event) => {
      const bar = document.querySelector("#entry-bar, .actions.sticky");
      const focused = event.target;
      if (!bar || !(focused instanceof Element) || bar.contains(focused)) return;
      const below = focused.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
      if (below > 0) scrollBy(0, below + 8);
    });
  }

  // --- errors --------------------------------------------------------------------------------

  function showError(detail) {
    if (root.dataset.app !== "loading") {
      console.error(detail); // after start-up, or a second report of the same failure
      return;
    }
    root.dataset.app = "error";
    byId("shell-error-title").textContent = text("shell.error_title");
    byId("shell-error-text").textContent = text("shell.error_text");
    byId("shell-error-detail").textContent = String(detail || "").slice(-2000);
    byId("shell-retry").textContent = text("shell.retry");
    const boot = byId("shell-boot");
    if (boot) boot.hidden = true;
    byId("shell-error").hidden = false;
    byId("shell-retry").focus();
  }

  // What went wrong, then where: Chromium's stack starts with "Error: message", Firefox's and
  // WebKit's hold only the frames ("@http://…/python.mjs:19:52"), so the message comes first.
  function errorText(error) {
    if (!error || typeof error !== "object") return String(error);
    const head = String(error);
    const stack = error.stack ? String(error.stack) : "";
    return !stack || stack.startsWith(head) ? stack || head : `${head}\n${stack}`;
  }

  function watchBoot() {
    addEventListener("debertz:boot-error", (event) => showError(event.detail));
    addEventListener("error", (event) => {
      const where = event.filename ? ` (${event.filename}:${event.lineno})` : "";
      showError(`${event.message}${where}`);
    });
    addEventListener("unhandledrejection", (event) => {
      const reason = event.reason;
      showError(errorText(reason));
    });
    byId("shell-retry").addEventListener("click", () => location.reload());
  }

  function watchSlowStart() {
    setTimeout(() => {
      if (root.dataset.app !== "loading") return;
      byId("shell-error-title").textContent = text("shell.slow");
      byId("shell-retry").textContent = text("shell.retry");
      byId("shell-error").hidden = false;
    }, SLOW_AFTER_MS);
  }

  // --- first visit: the service worker downloads the site once -----------------------------

  const megabytes = (bytes) => (bytes / 1e6).toLocaleString(root.lang, { maximumFractionDigits: 1 });

  function showDownload() {
    const values = { done: megabytes(precached.done), total: megabytes(precached.total || 12.5e6) };
    const said = offline ? text("shell.offline") : text("shell.downloading");
    bootText(say(said, values), offline ? "" : text("shell.hint"));
    root.dataset.download = offline ? "offline" : "progress";
  }

  function onPrecacheMessage({ data }) {
    if (!data || data.type !== "precache") return;
    precached = { done: data.done, total: data.total };
    if (!firstVisit || started) return;
    if (data.state === "failed") {
      console.warn("the site could not be saved for offline use:", data.error);
      installFailed();
    } else if (data.state === "done") {
      keptForOffline();
      setTimeout(startPython, CONTROL_WITHIN_MS); // if the worker never takes the page over
    } else if (!offline) {
      showDownload();
    }
  }

  // No connection: say so and go on when it is back. Online, the install is tried again (a
  // connection that broke and came back); after that (the host refuses a file, no storage) the app
  // starts from the network, without offline use.
  let failedInstalls = 0;
  function installFailed() {
    failedInstalls += 1;
    online().then((up) => {
      if (!up) waitForConnection();
      else if (failedInstalls < INSTALL_TRIES) install();
      else startPython();
    });
  }

  function online() {
    if (!navigator.onLine) return Promise.resolve(false);
    const probe = `./precache.js?probe=${Date.now()}`; // never cached, by anyone
    return fetch(probe, { cache: "no-store" }).then((response) => response.ok, () => false);
  }

  function waitForConnection() {
    const waiting = offline;
    offline = true;
    showDownload();
    if (waiting) return;
    const check = () => {
      online().then((up) => {
        if (!up || !offline) return;
        offline = false;
        clearInterval(timer);
        removeEventListener("online", check);
        showDownload();
        install(); // a new install: it downloads only the files still missing
      });
    };
    const timer = setInterval(check, PROBE_EVERY_MS);
    addEventListener("online", check);
  }

  function waitForTheWorker() {
    firstVisit = true;
    loadPython();
    showDownload();
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      keptForOffline(); // a worker takes a page over only once every file is kept
      startPython();
    });
    addEventListener("offline", () => {
      if (!started && !offline) waitForConnection();
    });
    install();
  }

  function install() {
    register().then((registration) => registration || installFailed(), installFailed);
  }

  // Said once the app is ready (boot.js's observer of data-app).
  function keptForOffline() {
    if (!root.dataset.offlineReady) root.dataset.offlineReady = "new";
  }

  function showOfflineReady() {
    root.dataset.offlineReady = "shown";
    note("offline-ready", () => text("shell.offline_ready"));
    setTimeout(() => hideNote("offline-ready"), NOTE_FOR_MS);
  }

  // --- Python ----------------------------------------------------------------------------------

  // PyScript watches the whole document (a MutationObserver of every node and attribute) for
  // <script type="py"> and py-* event attributes added later, and searches each added subtree
  // for them: 5–9 ms of a 60-hand sheet drawn at 4x CPU. Once the app runs, nothing is added
  // that it should act on (our main.py was found at load; the app binds its own listeners), so
  // its observer of `document` is stopped when the app is ready: markup added later is never
  // run by PyScript. <html data-pyscript-watch="stopped N"> says how many were stopped.
  function stopPyScriptWatchOnceReady() {
    const observe = MutationObserver.prototype.observe;
    const watching = [];
    MutationObserver.prototype.observe = function (target, options) {
      if (target === document) watching.push(this); // ours watch <html> or an element
      return observe.call(this, target, options);
    };
    whenAppReady(() => {
      MutationObserver.prototype.observe = observe;
      for (const watch of watching) watch.disconnect();
      root.dataset.pyscriptWatch = `stopped ${watching.length}`;
    });
  }

  // The runtime's files, fetched in parallel from the start. Its scripts (modulepreload) also
  // while the service worker downloads the site on a first visit: the worker's check of each
  // then finds it in the HTTP cache ("not modified"), so nothing is downloaded twice, and
  // Chromium keeps no compiled code of a module script in a page anyway. The others only from
  // the worker's cache: Pyodide's WebAssembly is not preloaded but compiled from here, by a fetch
  // of the page's own (a preload would lose the code Chromium keeps with it; from the network
  // that code would be kept with the HTTP cache's copy, and the next start would compile it all
  // again): the build's Pyodide takes the module over (tools/build.py EARLY_WASM).
  function preloadScripts() {
    if (scriptsPreloaded) return;
    scriptsPreloaded = true;
    addPreloads("link[rel=modulepreload]");
  }

  function preload() {
    preloadScripts();
    addPreloads("link:not([rel=modulepreload])");
    if (!("compileStreaming" in WebAssembly)) return;
    window.debertzWasm = WebAssembly.compileStreaming(fetch(WASM_URL)).then(
      (module) => {
        root.dataset.pythonWasm = "early";
        return module;
      },
      (error) => {
        console.warn("Pyodide's WebAssembly is fetched again:", error);
        root.dataset.pythonWasm = "fetched";
        return null;
      },
    );
  }

  // The page's <template id="shell-preloads"> links that match `selector` (tools/build.py).
  function addPreloads(selector) {
    const links = byId("shell-preloads").content.querySelectorAll(selector);
    document.head.append(...Array.from(links, (link) => link.cloneNode(true)));
  }

  // Python starts (python.mjs) once this resolves: at once on a start from the service worker's
  // cache; on a first visit once the worker keeps the whole site (or has failed to), so that
  // Pyodide's WebAssembly comes from the worker's cache. Its value says whether this is a first
  // visit: no snapshot of Python can be stored yet, so python.mjs does not look for one.
  let letPythonStart = null;
  window.debertzPythonMayStart = new Promise((resolve) => (letPythonStart = resolve));

  function startPython() {
    if (started) return;
    started = true;
    offline = false;
    bootText(text("shell.loading"), firstVisit ? "" : text("shell.hint"));
    delete root.dataset.download;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) preload();
    loadPython();
    letPythonStart({ firstVisit });
    watchSlowStart();
  }

  // The page's JavaScript for Python, loaded and run before Python may start: on a first visit
  // while the worker downloads the site, when the page has nothing else to do (at 4x CPU the
  // first visit was interactive 4.12 s after the navigation when they came after it, 3.78 s
  // now; medians of 6). PyScript is imported from here (not from a <script type="module">) so
  // that a failure to load it is shown, and so that its worker-only hook, which PyScript
  // compiles with Function() (blocked by our CSP, which has no 'unsafe-eval'), is dropped before
  // use: this app runs no PyScript workers. python.mjs is imported first: it starts reading the
  // Python snapshot while PyScript loads.
  function loadPython() {
    if (pythonLoading) return;
    pythonLoading = true;
    preloadScripts();
    const failed = (error) => showError(errorText(error));
    import("./python.mjs").catch(failed);
    stopPyScriptWatchOnceReady();
    import("./vendor/pyscript/core.js")
      .then(({ hooks }) => hooks.worker.onBeforeRunAsync.clear())
      .catch(failed);
  }

  // --- the service worker and updates --------------------------------------------------------

  function offerUpdate(worker) {
    byId("shell-update-text").textContent = text("shell.update");
    const button = byId("shell-update-button");
    button.textContent = text("shell.update_button");
    button.onclick = () => {
      button.disabled = true;
      updateRequested = true;
      switchTo(worker);
    };
    byId("shell-update").hidden = false;
  }

  // The tap on Update: the worker that runs answers with the new version's files from now on
  // ("serve") and the page reloads into it at once; the new worker takes over once that page is
  // up (settleWaiting). Before, the page waited for the new worker, which Chromium activates a
  // second late while the one it replaces runs (README). A worker of a version before this one
  // takes no "serve": the new one takes over first, and the page reloads then (controllerchange).
  function switchTo(worker) {
    const running = navigator.serviceWorker.controller;
    Promise.all([ask(running, "files"), ask(worker, "files")])
      .then(([now, next]) =>
        now && now.serves && next ? ask(running, { type: "serve", keys: next.keys }) : false,
      )
      .then((served) => {
        if (served !== true) return takeOver(worker, "activating");
        root.dataset.update = "served";
        reloading = true;
        location.reload();
      }, () => takeOver(worker, "activating"));
  }

  function takeOver(worker, state) {
    root.dataset.update = state;
    worker.postMessage("skip-waiting");
  }

  // A worker's answer to `message` (with a port), or null when it says nothing in time.
  function ask(worker, message) {
    if (!worker) return Promise.resolve(null);
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(null), ASK_MS);
      channel.port1.onmessage = ({ data }) => {
        clearTimeout(timer);
        resolve(data);
      };
      worker.postMessage(message, [channel.port2]);
    });
  }

  // A version that waits is this page's own when a tap on Update reloaded into it while the worker
  // before it answers ("serve"): it takes over once the page is up (<html data-update>: "taking-over",
  // then "taken-over"). Another is offered.
  function settleWaiting(worker) {
    ask(worker, "files").then((files) => {
      if (!files || files.build !== BUILD) return offerUpdate(worker);
      whenAppReady(() => takeOver(worker, "taking-over"));
    });
  }

  // Taken over once the new worker is activated (the old version's files removed).
  function tookOver(worker) {
    const done = () => worker.state === "activated" && (root.dataset.update = "taken-over");
    if (!done()) worker.addEventListener("statechange", done);
  }

  function watchForUpdates(registration) {
    if (!registration) return registration; // a browser that keeps service workers off
    if (registration.waiting && navigator.serviceWorker.controller) {
      settleWaiting(registration.waiting);
    }
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) {
          offerUpdate(worker);
        }
      });
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
    return registration;
  }

  // updateViaCache "none": the update check fetches precache.js (the one file that changes
  // between versions) past the HTTP cache, so a host's max-age cannot hide a new version.
  let registered = null;
  function register() {
    const registration = navigator.serviceWorker.register("./service-worker.js", {
      updateViaCache: "none",
    });
    if (!registered) registered = registration.then(watchForUpdates, () => (registered = null));
    return registration;
  }

  function start() {
    if (!("serviceWorker" in navigator)) return startPython();
    const workers = navigator.serviceWorker;
    workers.addEventListener("message", onPrecacheMessage);
    if (workers.startMessages) workers.startMessages();
    workers.addEventListener("controllerchange", () => {
      if (root.dataset.update === "taking-over") tookOver(workers.controller);
      if (!updateRequested || reloading) return;
      reloading = true;
      location.reload();
    });
    if (workers.controller) {
      startPython();
      register().catch((error) => console.warn("service worker not registered:", error));
      return;
    }
    workers.getRegistration().then(
      (registration) => {
        if (registration && registration.active) {
          startPython(); // a reload past the service worker: the files come from the network
          register().catch(() => {});
        } else {
          waitForTheWorker();
        }
      },
      () => startPython(),
    );
  }

  // The answer stays in window.debertzStorage: when the browser refuses, the app says once
  // that it may clear the games (app/browser/persistence.py).
  function askForPersistentStorage() {
    if (navigator.storage && navigator.storage.persist) {
      window.debertzStorage = navigator.storage.persist().catch(() => false);
    }
  }

  // The app's screen patched in one call from Python (app/browser/shell.py draws the markup):
  // the page's tree is made equal to it touching only what differs, so that focus, scroll, an
  // open <details> and what is being typed stay. In JavaScript, not walked from Python: there
  // each node costs several calls across Pyodide's bridge (over 100 ms a screen on a slow phone).
  function syncAttributes(old, next) {
    // an open <details> stays as the player left it, unless the state's word on it changed
    // (data-open: a hand's «чому?» that follows its row to another place)
    const keepOpen =
      old.tagName === "DETAILS" && old.getAttribute("data-open") === next.getAttribute("data-open");
    for (const name of old.getAttributeNames()) {
      if (!next.hasAttribute(name) && !(keepOpen && name === "open")) old.removeAttribute(name);
    }
    for (const name of next.getAttributeNames()) {
      const value = next.getAttribute(name);
      if (old.getAttribute(name) !== value && !(keepOpen && name === "open")) {
        old.setAttribute(name, value);
      }
    }
    if (old.tagName === "INPUT") {
      if (old.type === "checkbox" || old.type === "radio") {
        const checked = next.hasAttribute("checked");
        if (old.checked !== checked) old.checked = checked;
      } else {
        const value = next.getAttribute("value") || "";
        if (old.value !== value) old.value = value;
      }
    }
  }

  // Children keyed by id (a hand's row, the game under its form) are kept when they move or
  // others come and go: a saved hand adds its row, not a new sheet.
  function morphChildren(old, next) {
    const oldKids = old.childNodes;
    const newKids = next.childNodes;
    if (oldKids.length !== newKids.length || !sameKeys(oldKids, newKids)) {
      if (keyed(newKids)) morphKeyed(old, Array.from(newKids));
      else old.replaceChildren(...Array.from(newKids)); // moved out of the template, not copied
      return;
    }
    for (let i = 0; i < oldKids.length; i += 1) {
      const a = oldKids[i];
      const b = newKids[i];
      if (!morphNode(a, b)) old.replaceChild(b.cloneNode(true), a); // a copy: i stays right
    }
  }

  // Makes a equal to b where it can (same kind of node, same id); false where it cannot.
  function morphNode(a, b) {
    // a stand-in for a part Python saw unchanged (app/ui/unchanged.py)
    if (b.nodeType === Node.ELEMENT_NODE && b.hasAttribute("data-keep") && b.id && a.id === b.id) {
      return true;
    }
    if (a.isEqualNode(b)) return true;
    const same = a.nodeType === b.nodeType && a.nodeName === b.nodeName;
    if (same && a.nodeType === Node.ELEMENT_NODE && (a.id || "") === (b.id || "")) {
      // read first: a new set of options is moved out of b, which then has no value
      const value = a.tagName === "SELECT" ? b.value : null;
      syncAttributes(a, b);
      morphChildren(a, b);
      if (value !== null) a.value = value;
      return true;
    }
    if (same && a.nodeType === Node.TEXT_NODE) {
      a.data = b.data;
      return true;
    }
    return false;
  }

  const keyOf = (node) => (node.nodeType === Node.ELEMENT_NODE && node.id) || "";

  function keyed(kids) {
    for (const kid of kids) if (keyOf(kid)) return true;
    return false;
  }

  function sameKeys(oldKids, newKids) {
    for (let i = 0; i < oldKids.length; i += 1) {
      if (keyOf(oldKids[i]) !== keyOf(newKids[i])) return false;
    }
    return true;
  }

  // Whether a node from `from` up to `to` (not included) has an id `wanted` asks for.
  function wantedBetween(from, to, wanted) {
    for (let node = from; node && node !== to; node = node.nextSibling) {
      if (keyOf(node) && wanted.has(keyOf(node))) return true;
    }
    return false;
  }

  // old's children become kids (taken out of the template): a child with an id is morphed into
  // the new one of that id wherever it stands, one without into the next one of its kind; what
  // is left over goes.
  function morphKeyed(old, kids) {
    const wanted = new Set(kids.map(keyOf).filter(Boolean));
    const byKey = new Map();
    for (const child of old.childNodes) if (keyOf(child)) byKey.set(keyOf(child), child);
    let cursor = old.firstChild;
    const skipGone = () => {
      while (cursor && keyOf(cursor) && !wanted.has(keyOf(cursor))) {
        const gone = cursor;
        cursor = cursor.nextSibling;
        gone.remove();
      }
    };
    for (const b of kids) {
      skipGone();
      const key = keyOf(b);
      let a = key ? byKey.get(key) : null;
      if (!key && cursor && !keyOf(cursor) && cursor.nodeName === b.nodeName) a = cursor;
      if (a && a !== cursor && !wantedBetween(cursor, a, wanted)) {
        while (cursor !== a) {
          const gone = cursor; // what stood before it and no key asks for: not moving a
          cursor = cursor.nextSibling;
          gone.remove();
        }
      }
      if (a && morphNode(a, b)) {
        if (a === cursor) cursor = cursor.nextSibling;
        else old.insertBefore(a, cursor);
      } else {
        if (a === cursor && a) cursor = cursor.nextSibling;
        if (a) a.remove();
        old.insertBefore(b, cursor);
      }
      if (key) byKey.delete(key);
    }
    while (cursor) {
      const rest = cursor;
      cursor = cursor.nextSibling;
      rest.remove();
    }
  }

  // root's children become html's (parsed in template, an inert <template>, emptied after;
  // parsed: the template holds it already); false when a data-keep stand-in found no element
  // of its id to keep and is on the page now (the caller then sends the whole markup).
  window.debertzPatch = (root, template, html, parsed) => {
    if (!parsed) template.innerHTML = html;
    morphChildren(root, template.content);
    template.innerHTML = "";
    return !html.includes("data-keep") || !root.querySelector("[data-keep]");
  };

  showLoading();
  watchBoot();
  watchStart();
  sayNotesAgain();
  makeRoomForNotes();
  keepFocusAboveBars();
  holdTaps();
  paintSavedScreen().then(start);
  askForPersistentStorage();
})();
