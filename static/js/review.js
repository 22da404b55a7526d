/* The compose review (templates/posts/_review.html): each re-render keeps the sections the
   user opened and the keyboard focus on the control that changed; "More / Less detail" moves
   every phrase of a group one wording up or down; the panel says it is out of date as soon as the
   message changes, and posting waits for an update. */
(function () {
  "use strict";

  var kept = { open: [], focus: null };

  function inReview(event) {
    var target = event.detail && event.detail.target;
    return target && target.id === "review";
  }

  function selectorFor(element) {
    if (element.id) {
      return "#" + CSS.escape(element.id);
    }
    if (element.name) {
      var selector = "[name=\"" + CSS.escape(element.name) + "\"]";
      if (element.type === "checkbox" || element.type === "radio") {
        selector += "[value=\"" + CSS.escape(element.value) + "\"]";
      }
      return selector;
    }
    if (element.getAttribute("data-detail")) {
      var article = element.closest("article[data-group]");
      return "article[data-group=\"" + CSS.escape(article.getAttribute("data-group")) +
        "\"] [data-detail=\"" + element.getAttribute("data-detail") + "\"]";
    }
    var details = element.closest("details[data-keep]");
    if (element.tagName === "SUMMARY" && details) {
      return "details[data-keep=\"" + CSS.escape(details.getAttribute("data-keep")) + "\"] > summary";
    }
    return null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!inReview(event)) {
      return;
    }
    kept.open = Array.prototype.map.call(
      document.querySelectorAll("#review details[open][data-keep]"),
      function (d) { return d.getAttribute("data-keep"); }
    );
    var active = document.activeElement;
    kept.focus = active && active.closest && active.closest("#review") ? selectorFor(active) : null;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!inReview(event)) {
      return;
    }
    kept.open.forEach(function (key) {
      var details = document.querySelector("#review details[data-keep=\"" + CSS.escape(key) + "\"]");
      if (details) {
        details.open = true;
      }
    });
    if (kept.focus) {
      var again = document.querySelector("#review " + kept.focus);
      if (again) {
        again.focus();
      }
    }
  });

  // More / less detail for a whole group: each phrase's menu moves one wording up or down.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#review [data-detail]");
    if (!button) {
      return;
    }
    var article = button.closest("article[data-group]");
    var step = button.getAttribute("data-detail") === "less" ? 1 : -1;
    var changed = false;
    article.querySelectorAll("select[name^=\"choice__\"]").forEach(function (select) {
      var index = select.selectedIndex + step;
      while (index >= 0 && index < select.options.length && select.options[index].disabled) {
        index += step;
      }
      if (index >= 0 && index < select.options.length && index !== select.selectedIndex) {
        select.selectedIndex = index;
        changed = true;
      }
    });
    var update = document.getElementById("review-update");
    if (changed && update) {
      update.click();
    } else {
      button.setAttribute("aria-disabled", "true");
      button.title = step > 0 ? "Already as vague as it can be" : "Already as written";
    }
  });

  // The panel is out of date as soon as the message changes.
  document.addEventListener("input", function (event) {
    if (event.target.id !== "compose-text") {
      return;
    }
    var panel = document.getElementById("review-panel");
    var stale = document.getElementById("review-stale");
    if (panel && stale && stale.hidden) {
      stale.hidden = false;
      panel.classList.add("stale");
      var post = document.getElementById("post-button");
      if (post) {
        post.disabled = true;
      }
    }
  });
})();
