// Citation Verifier: deciding on the answer page by keyboard and mouse, with app.js's cursor:
// a approves the current flagged sentence, r opens its reasons to reject (1-5 or Enter
// confirm), u takes back your newest decision. Like app.js, an enhancement of plain forms.
(function () {
  "use strict";

  var shared = window.CitationVerifier;
  var $ = shared.$, $all = shared.$all, announce = shared.announce;
  var cursor = shared.cursor, cardFor = shared.cardFor, whenSettled = shared.whenSettled;

  // The card a/r act on: the current sentence's, and only when it is flagged.
  function decidable() {
    var index = cursor();
    var card = cardFor(index);
    if (!card) {
      announce(index === null ? "No sentence is selected." :
        "Sentence " + (index + 1) + " is not flagged: nothing to decide. Press j for the next flagged sentence.");
      return null;
    }
    if (!$("form.decide", card)) { announce("You cannot decide this answer."); return null; }
    return card;
  }

  function approve() {
    whenSettled(function () {
      var card = decidable();
      if (!card) return;
      clearReasons(card);
      $('button[data-action="approve"]', card).click();
    });
  }

  function clearReasons(root) {
    $all('input[name="reject_reason"]', root).forEach(function (radio) { radio.checked = false; });
  }

  // r: open the reasons of the current sentence's card, focused; r again (or Enter) confirms.
  // At once, not after a pending request settles: the reason key typed next must find them.
  function reject() {
    var card = decidable();
    if (!card) return;
    if (card.classList.contains("is-choosing") && $('input[name="reject_reason"]:checked', card)) {
      confirmReject(card);
      return;
    }
    openReasons(card);
  }

  function openReasons(holder) {
    holder.classList.add("is-choosing");
    var first = $('input[name="reject_reason"]:checked', holder) || $('input[name="reject_reason"]', holder);
    if (first) first.focus({ preventScroll: true });
    announce("Reject: choose a reason, 1 to 5; Escape cancels.");
  }

  function closeReasons(holder) {
    holder.classList.remove("is-choosing");
    clearReasons(holder);
    if (holder.classList.contains("card")) holder.focus({ preventScroll: true });
  }

  function confirmReject(holder) {
    var checked = $('input[name="reject_reason"]:checked', holder);
    var note = $("textarea", holder);
    if (checked && checked.value === "other" && note && !note.value.trim()) {
      note.focus();
      announce("Other: say in the note what is wrong, then press Enter.");
      return;
    }
    whenSettled(function () { $('button[value="reject"]', holder).click(); });
  }

  // Keys while a card's reasons are open: 1-5 choose and confirm ("other" first asks for a
  // note), Enter confirms, Escape closes them. In the whole-answer form a key only chooses:
  // rejecting a whole answer takes Enter or the button. Enter on a reason never falls through
  // to the form's first button (Approve).
  function reasonKey(event) {
    var holder = event.target.closest && event.target.closest(".card.is-choosing, .decide-whole");
    if (!holder || !$("[data-reasons]", holder)) return false;
    var whole = !holder.classList.contains("card");
    var inNote = event.target.tagName === "TEXTAREA";
    if (event.key === "Escape" && !whole) { closeReasons(holder); return true; }
    var onReason = event.target.name === "reject_reason";
    if (event.key === "Enter" && !event.shiftKey && (onReason || (inNote && !whole))) {
      if (!$('input[name="reject_reason"]:checked', holder)) return false;
      confirmReject(holder);
      return true;
    }
    if (inNote || !/^[1-9]$/.test(event.key)) return false;
    var radio = $('input[name="reject_reason"][data-key="' + event.key + '"]', holder);
    if (!radio || (whole && !onReason)) return false;
    radio.checked = true;
    radio.focus({ preventScroll: true });
    if (!whole) confirmReject(holder);
    return true;
  }

  function undo() {
    whenSettled(function () {
      var form = $("form[data-undo-form]");
      if (!form) { announce("Nothing of yours to undo on this answer."); return; }
      form.requestSubmit();
    });
  }

  // "Other" needs a note: its box says so as soon as Other is chosen, not only after a refused
  // post. Not `required`: that would block the same form's Approve button too.
  document.addEventListener("change", function (event) {
    var radio = event.target;
    if (!radio || radio.name !== "reject_reason") return;
    var note = $("textarea[name=note]", radio.form);
    if (!note) return;
    var other = radio.value === "other" && radio.checked;
    if (!note.dataset.optional) note.dataset.optional = note.placeholder;
    note.placeholder = other ? "Note (required)" : note.dataset.optional;
    if (other) note.setAttribute("aria-required", "true");
    else note.removeAttribute("aria-required");
  });

  shared.decisions = {
    approve: approve, reject: reject, undo: undo, reasonKey: reasonKey,
    openReasons: openReasons, clearReasons: clearReasons
  };
})();
