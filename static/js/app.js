// Citation Verifier: keyboard shortcuts and small niceties on top of htmx.
// Everything here is an enhancement: every action is also a plain link or form.
(function () {
  "use strict";

  var currentIndex = null; // sentence index of the current flagged card
  var liveTimer = null;

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  function cards() { return $all(".cards .card"); }

  function announce(message) {
    var live = document.getElementById("live");
    if (!live) return;
    live.classList.remove("is-fading");
    live.textContent = message;
    scheduleFade();
  }

  function scheduleFade() {
    var live = document.getElementById("live");
    if (!live || !live.textContent.trim()) return;
    if (liveTimer) clearTimeout(liveTimer);
    liveTimer = setTimeout(function () {
      live.classList.add("is-fading");
      liveTimer = setTimeout(function () {
        live.textContent = "";
        live.classList.remove("is-fading");
      }, 450);
    }, 6000);
  }

  function markSentence(index, className) {
    $all(".answer-text ." + className).forEach(function (el) { el.classList.remove(className); });
    if (index === null || index === undefined) return;
    $all('.answer-text .s[data-s="' + index + '"]').forEach(function (el) { el.classList.add(className); });
  }

  function setCurrent(card, focus) {
    cards().forEach(function (c) { c.classList.remove("is-current"); });
    if (!card) { currentIndex = null; return; }
    card.classList.add("is-current");
    currentIndex = card.getAttribute("data-s");
    markSentence(currentIndex, "is-selected");
    if (focus) {
      card.focus({ preventScroll: true });
      card.scrollIntoView({ block: "nearest", behavior: "auto" });
    }
  }

  function currentCard() {
    if (currentIndex === null) return null;
    return document.getElementById("card-" + currentIndex);
  }

  function move(step) {
    var list = cards();
    if (!list.length) { announce("This answer has no flagged sentences."); return; }
    var at = list.indexOf(currentCard());
    var next = at === -1 ? (step > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, at + step));
    setCurrent(list[next], true);
    var title = $(".card-title", list[next]);
    var pill = $(".pill", list[next]);
    announce((title ? title.textContent : "Sentence") + ", " + (pill ? pill.textContent.trim() : "") + " (" + (next + 1) + " of " + list.length + ")");
  }

  // While htmx is still swapping or settling new content, its forms may not be wired up yet,
  // and a click would submit them as plain forms (a full page load). Act once it has settled.
  function whenSettled(fn) {
    if (!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")) { fn(); return; }
    document.addEventListener("htmx:afterSettle", function once() {
      document.removeEventListener("htmx:afterSettle", once);
      whenSettled(fn);
    });
  }

  function decide(action) {
    whenSettled(function () { decideNow(action); });
  }

  function decideNow(action) {
    var card = currentCard() || cards()[0];
    if (!card) { announce("This answer has no flagged sentences."); return; }
    var button = $('button[data-action="' + action + '"]', card);
    if (!button) { announce("You cannot decide this answer."); return; }
    setCurrent(card, false);
    button.click();
  }

  function openEvidence() {
    var card = currentCard() || cards()[0];
    var link = card ? $(".link-evidence", card) : null;
    if (!link) { announce("Select a flagged sentence first (j / k)."); return; }
    setCurrent(card, false);
    link.click();
  }

  function nextAnswer() {
    // After the page's own claim request: "next" releases the claim, so it must come second.
    whenSettled(function () {
      var form = $("form[data-next-form]");
      if (!form) return;
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
    });
  }

  function showShortcuts() {
    var dialog = document.getElementById("shortcuts");
    if (dialog && !dialog.open && dialog.showModal) dialog.showModal();
  }

  function isTyping(target) {
    if (!target || !target.tagName) return false;
    var tag = target.tagName.toLowerCase();
    return tag === "input" || tag === "textarea" || tag === "select" || target.isContentEditable;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
    var dialog = document.getElementById("shortcuts");
    if (dialog && dialog.open) return;
    var handlers = { j: function () { move(1); }, k: function () { move(-1); }, a: function () { decide("approve"); },
      r: function () { decide("reject"); }, e: openEvidence, n: nextAnswer, "?": showShortcuts };
    var handler = handlers[event.key];
    if (!handler) return;
    // Only j/k/a/r/e make sense on an answer page; n and ? work everywhere.
    if ("jkare".indexOf(event.key) !== -1 && !$(".answer-text")) return;
    event.preventDefault();
    handler();
  });

  // A click on a sentence's text opens its evidence, like a click on its marker.
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    if (target.closest("[data-shortcuts-open]")) { showShortcuts(); return; }
    if (target.closest("a, button, input, textarea, select, summary")) {
      var evidenceLink = target.closest("[data-evidence]");
      var card = target.closest(".card");
      if (card) setCurrent(card, false);
      else if (evidenceLink) {
        var s = evidenceLink.closest(".s");
        var match = s ? document.getElementById("card-" + s.getAttribute("data-s")) : null;
        if (match) setCurrent(match, false);
      }
      return;
    }
    var sentence = target.closest(".answer-text .s");
    if (!sentence) {
      var clicked = target.closest(".card");
      if (clicked) setCurrent(clicked, false);
      return;
    }
    var index = sentence.getAttribute("data-s");
    var marker = $('#s-' + index + ' .s-mark');
    var flaggedCard = document.getElementById("card-" + index);
    if (flaggedCard) setCurrent(flaggedCard, false);
    if (marker) marker.click();
  });

  function syncSelection(root) {
    var panel = $(".ev[data-selected]", root || document);
    if (!panel) return;
    var index = panel.getAttribute("data-selected");
    markSentence(index, "is-selected");
    return index;
  }

  function init() {
    $all("[data-shortcuts-open]").forEach(function (b) { b.hidden = false; });
    var selected = syncSelection();
    var fromHash = /^#card-(\d+)$/.exec(window.location.hash || "");
    var start = fromHash ? document.getElementById("card-" + fromHash[1]) : null;
    if (!start && selected !== undefined) start = document.getElementById("card-" + selected);
    if (!start) start = cards()[0] || null;
    if (start) setCurrent(start, Boolean(fromHash));
    var live = document.getElementById("live");
    if (live && live.textContent.trim()) scheduleFade();
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!target) return;
    if (target.id === "evidence-body") {
      var index = syncSelection(target);
      announce("Evidence for sentence " + (Number(index) + 1) + " is shown beside the text.");
      if (window.matchMedia("(max-width: 1100px)").matches) {
        document.getElementById("evidence").scrollIntoView({ block: "start" });
      }
      return;
    }
    if (target.id === "review") {
      var review = document.getElementById("review");
      if (!review) return;
      var card = currentCard() || cards()[0] || null;
      var hadFocus = document.activeElement === document.body || !document.activeElement;
      setCurrent(card, hadFocus);
      var panel = $(".ev[data-selected]");
      if (panel) markSentence(panel.getAttribute("data-selected"), "is-selected");
      if (card) markSentence(card.getAttribute("data-s"), "is-selected");
    }
  });

  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "live") scheduleFade();
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
