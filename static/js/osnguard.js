/* osnguard's page behaviour, kept out of the HTML so the Content-Security-Policy can forbid inline
   script and inline styles: progress bar widths (data-width) and confirmations (data-confirm). */
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

  document.addEventListener("DOMContentLoaded", function () {
    applyWidths(document);
  });
  // Content htmx swaps in gets the same treatment.
  document.addEventListener("htmx:load", function (event) {
    applyWidths(event.target.parentNode || document);
  });
})();
