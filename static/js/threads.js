/* The answer page's comment threads across htmx swaps: a draft being written survives a
   decision or a cursor move (both swap the threads), and focus stays in a thread after a post. */
(function () {
  "use strict";

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  // A comment being written is kept across swaps: a decision swaps the review (the answer's
  // thread with it) and moves the panel (a sentence's thread) to another sentence; back on
  // it, the draft is there again. Posting it is what ends a draft.
  var drafts = {};
  document.addEventListener("htmx:beforeSwap", function (event) {
    $all('textarea[name="body"]').forEach(function (box) {
      if (box.id && box.value.trim()) drafts[box.id] = box.value; else delete drafts[box.id];
    });
    var target = event.detail && event.detail.target;
    var posted = event.detail && event.detail.xhr && event.detail.xhr.status < 300;
    if (target && target.classList.contains("thread") && posted) {
      $all('textarea[name="body"]', target).forEach(function (box) { delete drafts[box.id]; });
    }
  });

  function restoreDrafts() {
    $all('textarea[name="body"]').forEach(function (box) {
      if (box.id && drafts[box.id] && !box.value) box.value = drafts[box.id];
    });
  }

  // A posted comment swaps its whole thread, the box and button with it: keep focus in that
  // thread (on its box when the comment was refused, to fix it) rather than the page's top.
  // Other swaps (the claim, the panel, a "more" link) can start while the post settles: they
  // neither forget the thread nor refocus it before its own swap is done.
  var threadFocus = null;
  function threadOf(event) {
    var target = event.detail && event.detail.target;
    return target && target.classList && target.classList.contains("thread") ? target : null;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var thread = threadOf(event);
    if (thread) threadFocus = thread.contains(document.activeElement) ? thread.id : null;
  });

  function refocusThread() {
    var thread = threadFocus && document.getElementById(threadFocus);
    threadFocus = null;
    if (!thread) return;
    var refused = $('textarea[aria-invalid="true"]', thread);
    (refused || thread).focus({ preventScroll: true });
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    restoreDrafts();
    var thread = threadOf(event);
    if (thread && thread.id === threadFocus) refocusThread();
  });
})();
