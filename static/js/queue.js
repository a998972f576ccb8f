/* The queue page's niceties over its bulk form (which works without them): "all on this
   page", shift-click to tick a range, and a count of the ticked answers. htmx swaps #queue, so
   everything is delegated from the document and nothing holds on to old rows. */
(function () {
  "use strict";
  var lastPicked = null;

  function picks() {
    return Array.prototype.slice.call(document.querySelectorAll("#queue input[data-pick]"));
  }

  function refresh() {
    var all = picks();
    var ticked = all.filter(function (box) { return box.checked; }).length;
    var count = document.querySelector("#queue [data-selected-count]");
    if (count) count.textContent = ticked ? ticked + " selected" : "";
    var master = document.querySelector("#queue input[data-select-all]");
    if (master) {
      master.checked = all.length > 0 && ticked === all.length;
      master.indeterminate = ticked > 0 && ticked < all.length;
    }
    all.forEach(function (box) {
      var row = box.closest(".row");
      if (row) row.classList.toggle("is-picked", box.checked);
    });
  }

  function reveal() {
    var label = document.querySelector("#queue .bulk-all");
    if (label) label.hidden = false;
    lastPicked = null;
    refresh();
  }

  document.addEventListener("click", function (event) {
    var box = event.target.closest && event.target.closest("input[data-pick]");
    if (!box) return;
    var all = picks();
    if (event.shiftKey && lastPicked && all.indexOf(lastPicked) !== -1) {
      var from = all.indexOf(lastPicked);
      var to = all.indexOf(box);
      var lo = Math.min(from, to);
      var hi = Math.max(from, to);
      for (var i = lo; i <= hi; i++) all[i].checked = box.checked;
    }
    lastPicked = box;
    refresh();
  });

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("input[data-select-all]")) {
      var on = event.target.checked;
      picks().forEach(function (box) { box.checked = on; });
      refresh();
    }
  });

  // The answer page's "← Queue" link comes back to this list as it was left: tab, scope, sort,
  // filters and page (app.js reads this). Only this tab's session, and nothing if storage is off.
  function remember() {
    try { window.sessionStorage.setItem("queue-query", window.location.search); } catch (e) { /* off */ }
  }

  function ready() { reveal(); remember(); }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
  document.addEventListener("htmx:afterSettle", reveal);
  document.addEventListener("htmx:pushedIntoHistory", remember);

  // A tab, scope, sort, page link or bulk button swaps the whole list, itself included: focus
  // would fall back to the page's top. Put it on the same control in the new list.
  var refocus = null;

  function sameControl(el) {
    if (el.matches(".tab, .scope, .sort")) return "." + el.className.split(" ")[0] + ".is-current";
    if (el.matches(".pager a[rel]")) return '.pager a[rel="' + el.getAttribute("rel") + '"]';
    if (el.matches("button[name=action]")) return 'button[name=action][value="' + el.value + '"]';
    return null;
  }

  // Only the list's own swaps set or use it: another swap settling meanwhile leaves it be.
  function isQueue(event) {
    var target = event.detail && event.detail.target;
    return !!target && target.id === "queue";
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!isQueue(event)) return;
    var focused = document.activeElement;
    refocus = focused && event.detail.target.contains(focused) ? sameControl(focused) || "#queue" : null;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!refocus || !isQueue(event)) return;
    var active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) { refocus = null; return; }
    var el = document.querySelector("#queue " + refocus) || document.querySelector(refocus) ||
      document.getElementById("queue");
    refocus = null;
    if (el) el.focus({ preventScroll: true });
  });
})();
