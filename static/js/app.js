// Citation Verifier: the answer page's review loop by keyboard and mouse, on top of htmx: the
// cursor, the evidence panel, a long answer's parts, the keys (deciding itself: decisions.js).
// Everything here is an enhancement: every action is also a plain link or form.
//
// One cursor: the current sentence, kept in #review's data-cursor (the server sets it; a
// decision moves it to the next undecided flagged sentence). j/k, a click on a sentence or a
// citation chip all move it, the evidence panel always shows it, and a/r decide it only.
(function () {
  "use strict";

  var liveTimer = null;
  var anchor = null; // {id, top}: an element kept in place across a review swap

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  function review() { return document.getElementById("review"); }
  function cards() { return $all(".cards .card"); }
  function cardFor(index) { return index === null ? null : document.getElementById("card-" + index); }

  function cursor() {
    var r = review();
    var value = r ? r.getAttribute("data-cursor") : "";
    return value === "" || value === null ? null : Number(value);
  }

  // What decisions.js (deciding: a, r, u and the reasons) shares with this file, and what it
  // gives back as `decisions`; looked up when a key or click comes, after both have loaded.
  var shared = window.CitationVerifier = {
    $: $, $all: $all, cursor: cursor, cardFor: cardFor, announce: announce,
    whenSettled: whenSettled
  };

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

  // While htmx is still swapping or settling new content, its forms may not be wired up yet,
  // and a click would submit them as plain forms (a full page load). Act once it has settled.
  // A request whose swap is dropped (a stale panel answer, below) ends without a settle: its
  // afterRequest is the last word on it.
  function whenSettled(fn) {
    if (!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")) { fn(); return; }
    function once() {
      document.removeEventListener("htmx:afterSettle", once);
      document.removeEventListener("htmx:afterRequest", once);
      whenSettled(fn);
    }
    document.addEventListener("htmx:afterSettle", once);
    document.addEventListener("htmx:afterRequest", once);
  }

  // The panel shows the answer to the newest panel request, whatever order answers arrive in:
  // two quick j presses, then a click on the suggested passage, must not see a plain panel
  // requested earlier land last and replace the suggestion.
  var panelRequests = 0;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "evidence-body") event.detail.xhr.panelRequest = ++panelRequests;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "evidence-body") return;
    if (event.detail.xhr.panelRequest !== panelRequests) event.detail.shouldSwap = false;
  });

  function paint(index) {
    $all(".answer-text .s.is-selected").forEach(function (el) { el.classList.remove("is-selected"); });
    if (index !== null) {
      $all('.answer-text .s[data-s="' + index + '"]').forEach(function (el) { el.classList.add("is-selected"); });
    }
    cards().forEach(function (card) {
      var on = card.getAttribute("data-s") === String(index);
      card.classList.toggle("is-current", on);
      if (on) card.setAttribute("aria-current", "true"); else card.removeAttribute("aria-current");
      if (!on) card.classList.remove("is-choosing");
    });
  }

  function panelIndex() {
    var panel = $("#evidence-body .ev");
    return panel ? panel.getAttribute("data-selected") : null;
  }

  function loadPanel(index) {
    var r = review();
    if (!r || !window.htmx || panelIndex() === String(index)) return;
    window.htmx.ajax("GET", r.getAttribute("data-evidence-url") + "?s=" + index,
      { target: "#evidence-body", swap: "innerHTML" });
  }

  // The one way the cursor moves. `panel: false` when htmx already loads the evidence (a
  // chip or marker link was clicked); `focus` for keyboard moves.
  function setCursor(index, options) {
    var r = review();
    if (!r || index === null || index === undefined || isNaN(index)) return;
    options = options || {};
    r.setAttribute("data-cursor", String(index));
    paint(index);
    if (options.panel !== false) loadPanel(index);
    var card = cardFor(index);
    if (options.focus && card) {
      card.focus({ preventScroll: true });
      card.scrollIntoView({ block: "nearest", behavior: "auto" });
    }
  }

  function flaggedIndexes() { return cards().map(function (c) { return Number(c.getAttribute("data-s")); }); }

  // A long answer comes in parts: the next one loads when j goes past the last card.
  function loadMore(then) {
    var more = $("#cards-more [data-more]") || $("#text-more [data-more]");
    if (!more || !window.htmx) return false;
    announce("Loading the next sentences…");
    var end = loadedEnd();
    function done() {
      if (loadedEnd() === end) return; // another request settled, not the part
      document.removeEventListener("htmx:afterSettle", done);
      then();
    }
    document.addEventListener("htmx:afterSettle", done);
    more.click();
    return true;
  }

  // What the reader has loaded: a decision re-renders the review with as much.
  function loadedEnd() {
    var shown = $all(".answer-text .s[data-s]");
    return shown.length ? Number(shown[shown.length - 1].getAttribute("data-s")) + 1 : 0;
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "review") event.detail.parameters.upto = String(loadedEnd());
  });

  function move(step) {
    var list = flaggedIndexes();
    var at = cursor();
    var next;
    if (at === null) next = step > 0 ? list[0] : list[list.length - 1];
    else if (step > 0) next = list.filter(function (i) { return i > at; })[0];
    else next = list.filter(function (i) { return i < at; }).pop();
    if (next === undefined && step > 0 && loadMore(function () { move(step); })) return;
    if (!list.length) { announce("This answer has no flagged sentences."); return; }
    if (next === undefined) { announce(step > 0 ? "That was the last flagged sentence." : "That was the first flagged sentence."); return; }
    setCursor(next, { focus: true });
    var card = cardFor(next);
    var pill = $(".pill", card);
    announce("Sentence " + (next + 1) + ", " + (pill ? pill.textContent.trim() : "") +
      " (" + (list.indexOf(next) + 1) + " of " + list.length + ")");
  }

  // Below 1100 px the panel sits under the text. It is scrolled to only when the reader asked
  // for the evidence (e, a Show evidence link or a chip), not when j/k move the cursor: that
  // would carry them away from the sentence they are reading.
  var revealPanel = false;

  function showEvidence() {
    var index = cursor();
    if (index === null) { announce("Select a sentence first (j / k)."); return; }
    revealPanel = true;
    loadPanel(index);
    var panel = document.getElementById("evidence");
    if (panel) { panel.focus({ preventScroll: true }); panel.scrollIntoView({ block: "nearest" }); }
  }

  function nextAnswer() {
    // After the page's own claim request: "next" releases the claim, so it must come second.
    whenSettled(function () {
      var form = $("form[data-next-form]");
      if (form) form.requestSubmit();
    });
  }

  function showShortcuts() {
    var dialog = document.getElementById("shortcuts");
    if (dialog && !dialog.open && dialog.showModal) dialog.showModal();
  }

  function isTyping(target) {
    if (!target || !target.tagName) return false;
    var tag = target.tagName.toLowerCase();
    // A ticked row's box keeps focus on the queue: no text goes into it, so n and ? still work.
    if (tag === "input" && target.type === "checkbox") return false;
    return tag === "input" || tag === "textarea" || tag === "select" || target.isContentEditable;
  }

  function isControl(target) {
    return target && target.closest && target.closest("a, button, input, textarea, select, summary");
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    var dialog = document.getElementById("shortcuts");
    if (dialog && dialog.open) return;
    var decisions = shared.decisions;
    if (decisions.reasonKey(event)) { event.preventDefault(); return; }
    if (isTyping(event.target)) return;
    if (event.key === "Enter") {
      // Once the review is done, Enter goes on to the next answer (a focused control keeps it).
      if ($("[data-outcome]") && !isControl(event.target)) { event.preventDefault(); nextAnswer(); }
      return;
    }
    var handlers = { j: function () { move(1); }, k: function () { move(-1); },
      a: decisions.approve, r: decisions.reject, u: decisions.undo, e: showEvidence,
      n: nextAnswer, "?": showShortcuts };
    var handler = handlers[event.key];
    if (!handler) return;
    // Only n and ? work everywhere; the others need an answer page.
    if ("jkarue".indexOf(event.key) !== -1 && !review()) return;
    event.preventDefault();
    handler();
  });

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    if (target.closest("[data-shortcuts-open]")) { showShortcuts(); return; }
    var button = target.closest("button[type=submit]");
    if (button && button.value === "reject") {
      // A rejection needs its reason: the first click opens the list instead of submitting.
      var holder = button.closest(".card") || button.closest(".decide-whole");
      var checked = holder && $('input[name="reject_reason"]:checked', holder);
      if (holder && !checked) {
        event.preventDefault();
        if (holder.classList.contains("card")) setCursor(Number(holder.getAttribute("data-s")));
        shared.decisions.openReasons(holder);
        return;
      }
      if (holder && checked.value === "other" && !$("textarea", holder).value.trim()) {
        event.preventDefault();  // the server would refuse it: ask for the note here
        $("textarea", holder).focus();
        announce("Other: say in the note what is wrong, then press Enter.");
        return;
      }
    }
    // Approving or sending back carries no reason (the server would refuse one).
    if (button && button.value !== "reject" && button.form) shared.decisions.clearReasons(button.form);
    if (target.closest("[data-evidence]")) revealPanel = true;
    var card = target.closest(".card");
    if (card) {
      // A link in the card (Show evidence) loads the panel itself.
      setCursor(Number(card.getAttribute("data-s")), { panel: !target.closest("[data-evidence]") });
      return;
    }
    var sentence = target.closest(".answer-text .s");
    if (!sentence) return;
    setCursor(Number(sentence.getAttribute("data-s")), { panel: !target.closest("[data-evidence]") });
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "review") return;
    // Keep the card that was decided where it is on screen: the page must not jump.
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    var kept = (elt && elt.closest && elt.closest(".card")) || cardFor(cursor());
    anchor = kept && kept.id ? { id: kept.id, top: kept.getBoundingClientRect().top } : null;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "review" || !anchor) return;
    var kept = document.getElementById(anchor.id);
    if (kept) window.scrollBy(0, kept.getBoundingClientRect().top - anchor.top);
    anchor = null;
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (!target) return;
    if (target.id === "evidence-body") {
      // An answer for a sentence the cursor has since left (j pressed twice quickly): load
      // the current one's. The panel follows the cursor, never the other way round.
      var index = panelIndex();
      if (cursor() !== null && String(cursor()) !== index) loadPanel(cursor());
      if (revealPanel && window.matchMedia("(max-width: 1100px)").matches) {
        document.getElementById("evidence").scrollIntoView({ block: "start" });
      }
      revealPanel = false;
      return;
    }
    if (target.id === "review") afterDecision();
    else if (event.detail.requestConfig && event.detail.requestConfig.elt &&
             event.detail.requestConfig.elt.hasAttribute("data-more")) paint(cursor());
  });

  function afterDecision() {
    var index = cursor();
    paint(index);
    var outcome = $("[data-outcome]");
    var choosing = $(".card.is-choosing");
    // A 409: somebody else decided meanwhile; the question's "Replace" is one key away.
    var focus = $("[data-confirm-form] button[type=submit]");
    if (!focus && choosing) focus = $('input[name="reject_reason"]:checked', choosing) || $("textarea", choosing);
    if (!focus && outcome) focus = $("[data-outcome] button[type=submit]");
    if (!focus) focus = cardFor(index);
    if (!focus) return;
    focus.focus({ preventScroll: true });
    var box = focus.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) focus.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "live") scheduleFade();
  });

  // Back to the queue as the reader left it (queue.js remembers its query string).
  function backToQueue() {
    var link = $("a[data-queue-link]");
    var query = null;
    try { query = window.sessionStorage.getItem("queue-query"); } catch (e) { return; }
    if (link && query && query.charAt(0) === "?") link.search = query;
  }

  function init() {
    document.documentElement.classList.add("js");
    $all("[data-shortcuts-open]").forEach(function (b) { b.hidden = false; });
    paint(cursor());
    backToQueue();
    var fromHash = /^#card-(\d+)$/.exec(window.location.hash || "");
    if (fromHash) setCursor(Number(fromHash[1]), { focus: true });
    var live = document.getElementById("live");
    if (live && live.textContent.trim()) scheduleFade();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
