// Boot shell of Деберц: the loading state, a readable boot error with Retry, the service
// worker with its "new version" prompt, and a request for persistent storage.
// Runs before Python; Python reports back through two window events:
//   debertz:boot-error  (detail: text of the failure)  -> the error panel
//   the app sets document.documentElement.dataset.app = "ready" once interactive.
"use strict";

(() => {
  const TEXTS = {
    uk: {
      loading: "Запускаємо Python у браузері…",
      hint: "Перший запуск завантажує близько 14 МБ, далі застосунок працює без інтернету.",
      slow: "Запуск триває довше, ніж зазвичай. Можна зачекати або спробувати ще раз.",
      errorTitle: "Не вдалося запустити застосунок",
      errorText: "Ваші збережені ігри не зачеплено. Спробуйте ще раз; якщо не допоможе, перезапустіть браузер.",
      retry: "Спробувати ще раз",
      update: "Готова нова версія застосунку.",
      updateButton: "Оновити",
    },
    ru: {
      loading: "Запускаем Python в браузере…",
      hint: "Первый запуск загружает около 14 МБ, дальше приложение работает без интернета.",
      slow: "Запуск идёт дольше обычного. Можно подождать или попробовать ещё раз.",
      errorTitle: "Не удалось запустить приложение",
      errorText: "Ваши сохранённые игры не затронуты. Попробуйте ещё раз; если не поможет, перезапустите браузер.",
      retry: "Попробовать ещё раз",
      update: "Готова новая версия приложения.",
      updateButton: "Обновить",
    },
    en: {
      loading: "Starting Python in the browser…",
      hint: "The first start downloads about 14 MB; after that the app works offline.",
      slow: "Starting is taking longer than usual. You can wait or try again.",
      errorTitle: "The app could not start",
      errorText: "Your saved games are untouched. Try again; if that does not help, restart the browser.",
      retry: "Try again",
      update: "A new version of the app is ready.",
      updateButton: "Update",
    },
  };
  const SLOW_AFTER_MS = 45000;
  const root = document.documentElement;
  const byId = (id) => document.getElementById(id);
  let updateRequested = false; // only a tap on this page's prompt switches it to a new version
  let reloading = false;

  function pickLanguage(candidates) {
    for (const tag of candidates) {
      const code = String(tag || "").slice(0, 2).toLowerCase();
      if (code in TEXTS) return code;
    }
    return "uk";
  }

  function texts() {
    return TEXTS[pickLanguage([root.lang])];
  }

  function showLoading() {
    root.lang = pickLanguage(navigator.languages || [navigator.language]);
    byId("shell-boot-text").textContent = texts().loading;
    byId("shell-boot-hint").textContent = texts().hint;
  }

  function showError(detail) {
    if (root.dataset.app !== "loading") {
      console.error(detail); // after start-up, or a second report of the same failure
      return;
    }
    root.dataset.app = "error";
    const t = texts();
    byId("shell-error-title").textContent = t.errorTitle;
    byId("shell-error-text").textContent = t.errorText;
    byId("shell-error-detail").textContent = String(detail || "").slice(-2000);
    byId("shell-retry").textContent = t.retry;
    const boot = byId("shell-boot");
    if (boot) boot.hidden = true;
    byId("shell-error").hidden = false;
    byId("shell-retry").focus();
  }

  function watchBoot() {
    addEventListener("debertz:boot-error", (event) => showError(event.detail));
    addEventListener("error", (event) => {
      const where = event.filename ? ` (${event.filename}:${event.lineno})` : "";
      showError(`${event.message}${where}`);
    });
    addEventListener("unhandledrejection", (event) => {
      const reason = event.reason;
      showError(reason && reason.stack ? reason.stack : String(reason));
    });
    byId("shell-retry").addEventListener("click", () => location.reload());
    setTimeout(() => {
      if (root.dataset.app !== "loading") return;
      byId("shell-error-title").textContent = texts().slow;
      byId("shell-retry").textContent = texts().retry;
      byId("shell-error").hidden = false;
    }, SLOW_AFTER_MS);
  }

  function offerUpdate(worker) {
    const t = texts();
    byId("shell-update-text").textContent = t.update;
    const button = byId("shell-update-button");
    button.textContent = t.updateButton;
    button.onclick = () => {
      button.disabled = true;
      updateRequested = true;
      worker.postMessage("skip-waiting");
    };
    byId("shell-update").hidden = false;
  }

  function watchForUpdates(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) {
      offerUpdate(registration.waiting);
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
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (!updateRequested || reloading) return;
      reloading = true;
      location.reload();
    });
    // updateViaCache "none": the update check fetches precache.js (the one file that changes
    // between versions) past the HTTP cache, so a host's max-age cannot hide a new version.
    navigator.serviceWorker
      .register("./service-worker.js", { updateViaCache: "none" })
      .then(watchForUpdates)
      .catch((error) => console.warn("service worker not registered:", error));
  }

  // PyScript is imported from here (not from a <script type="module">) so that a failure to
  // load it is shown, and so that its worker-only hook, which PyScript compiles with
  // Function() (blocked by our CSP, which has no 'unsafe-eval'), is dropped before use:
  // this app runs no workers.
  function startPyScript() {
    import("./vendor/pyscript/core.js")
      .then(({ hooks }) => hooks.worker.onBeforeRunAsync.clear())
      .catch((error) => showError(error && error.stack ? error.stack : String(error)));
  }

  // The answer stays in window.debertzStorage: when the browser refuses, the app says once
  // that it may clear the games (app/browser/persistence.py).
  function askForPersistentStorage() {
    if (navigator.storage && navigator.storage.persist) {
      window.debertzStorage = navigator.storage.persist().catch(() => false);
    }
  }

  showLoading();
  watchBoot();
  startPyScript();
  registerServiceWorker();
  askForPersistentStorage();
})();
