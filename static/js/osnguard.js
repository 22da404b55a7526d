/* osnguard's page behaviour, kept out of the HTML so the Content-Security-Policy can forbid inline
   script and inline styles: progress bar widths (data-width), confirmations (data-confirm), a
   banner when a background request fails (an ended session offers to log in again), and the
   compose draft kept in this tab until it is posted. */
(function () {
  "use strict";

  function applyWidths(root) {
    root.querySelectorAll("[data-width]").forEach(function (el) {
      var value = parseFloat(el.getAttribute("data-width"));
      if (!isNaN(value)) {
        el.style.width = Math.max(0, Math.min(100, value)) + "%";
      }
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form && form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  }, true);

  // A form is sent once: a second click while the page is leaving does nothing (the server also
  // ignores repeats of actions such as "move this friend"). htmx forms manage their own requests.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.getAttribute || form.hasAttribute("hx-post")) {
      return;
    }
    if (form.getAttribute("data-submitting")) {
      event.preventDefault();
      return;
    }
    form.setAttribute("data-submitting", "1");
    window.setTimeout(function () {  // after the clicked button's value has been sent
      form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    }, 0);
  });
  window.addEventListener("pageshow", function () {  // back to a page kept in the cache
    document.querySelectorAll("form[data-submitting]").forEach(function (form) {
      form.removeAttribute("data-submitting");
      form.querySelectorAll("button").forEach(function (button) { button.disabled = false; });
    });
  });

  function showBanner(kind, text, link) {
    var banner = document.getElementById("request-banner");
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "request-banner";
      banner.setAttribute("role", "alert");
      var main = document.getElementById("main");
      main.insertBefore(banner, main.firstChild);
    }
    banner.className = "message " + kind;
    banner.textContent = text + " ";
    if (link) {
      var a = document.createElement("a");
      a.href = link.href;
      a.textContent = link.text;
      banner.appendChild(a);
    }
  }

  function loginLink() {
    var next = window.location.pathname + window.location.search;
    return { href: "/accounts/login/?next=" + encodeURIComponent(next), text: "Log in again" };
  }

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 401 || status === 403) {
      showBanner("error", "Your session has ended (you logged out, or logged in again elsewhere), " +
        "so this could not be done. What you typed is kept.", loginLink());
    } else if (status === 429) {
      showBanner("warning", "Too many requests in a short time: wait a moment and try again.");
    } else {
      showBanner("error", "Something went wrong on our side (error " + status + "). Nothing was " +
        "lost; try again in a moment.");
    }
  });
  document.addEventListener("htmx:sendError", function () {
    showBanner("error", "osnguard could not be reached: check your connection and try again.");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var banner = document.getElementById("request-banner");
    if (banner && event.detail.successful) {
      banner.remove();
    }
  });

  // Live analysis while typing: an "analyse" event (the htmx trigger of [data-live-analyse]) at
  // most once a second during steady typing, and once more when typing pauses; hx-sync="replace"
  // cancels a request a newer one supersedes.
  var LIVE_EVERY_MS = 1000;
  var LIVE_PAUSE_MS = 400;
  function liveAnalyse(box) {
    var last = 0;
    var pause = null;
    var sent = null;
    function fire() {
      last = Date.now();
      if (box.value === sent) {
        return;
      }
      sent = box.value;
      box.dispatchEvent(new CustomEvent("analyse", { bubbles: true }));
    }
    box.addEventListener("input", function () {
      clearTimeout(pause);
      if (Date.now() - last >= LIVE_EVERY_MS) {
        fire();
      }
      pause = setTimeout(fire, LIVE_PAUSE_MS);
    });
  }

  // The compose draft survives a reload or a log-in in this tab, until it is posted.
  var DRAFT_KEY = "osnguard-compose-draft";
  function keepDraft() {
    var box = document.getElementById("compose-text");
    if (!box || !window.sessionStorage) {
      return;
    }
    if (!box.value && sessionStorage.getItem(DRAFT_KEY)) {
      box.value = sessionStorage.getItem(DRAFT_KEY);
      box.dispatchEvent(new Event("input", { bubbles: true }));  // analyse the restored draft
    }
    box.addEventListener("input", function () {
      sessionStorage.setItem(DRAFT_KEY, box.value);
    });
    if (box.form) {
      box.form.addEventListener("submit", function () {
        sessionStorage.removeItem(DRAFT_KEY);
      });
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    applyWidths(document);
    document.querySelectorAll("[data-live-analyse]").forEach(liveAnalyse);
    keepDraft();
  });
  // Content htmx swaps in gets the same treatment.
  document.addEventListener("htmx:load", function (event) {
    applyWidths(event.target.parentNode || document);
  });
})();
