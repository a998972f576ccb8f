"""The review dashboard's views, one module per page: the triage queue (with claims and
"next"), the answer page, decisions, revisions, exports and the metrics page.

Views stay thin: reads go through `selectors`, writes through `services`, who-may-do-what
through `web.permissions` (checked on every request), page data through `web.presenters`.
Each htmx request gets only the fragment it swaps (a template partial); the same URLs serve
full pages and plain form posts when JavaScript is off.
"""
