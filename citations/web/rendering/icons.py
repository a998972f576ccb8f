"""The dashboard's icons as inline SVG, drawn with the text's colour.

Not emoji or symbol characters: a glyph the reader's fonts lack renders as an empty box (the
comment bubble did, on a machine without an emoji font). Constant markup, so safe to mark safe;
presentation attributes only (no `style`), so the Content-Security-Policy allows them.
"""

from django.utils.safestring import SafeString, mark_safe

# 16 x 16 stroke paths.
PATHS = {
    "check": "M3 8.5l3 3 7-7",
    "cross": "M4 4l8 8M12 4l-8 8",
    "question": "M5.8 5.8a2.2 2.2 0 1 1 3.2 2c-.7.4-1 .9-1 1.6M8 12.2v.3",
    "comment": "M2.5 3h11a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1H7l-3.5 2.5v-2.5h-1a1 1 0 0 1-1-1V4"
    "a1 1 0 0 1 1-1z",
    "undo": "M5.5 3L2.5 6l3 3M2.5 6h7.5a3.5 3.5 0 0 1 0 7H7",
    "return": "M6.5 3l-3 3 3 3M3.5 6h6.5a3 3 0 0 1 3 3v4",
    "edit": "M10.5 2.5l3 3-8 8h-3v-3z",
    "superseded": "M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2v3h-3",
}
# What a status or decision word is drawn as.
FOR_STATUS = {
    "verified": "check",
    "approved": "check",
    "approve": "check",
    "unsupported": "cross",
    "rejected": "cross",
    "reject": "cross",
    "uncited": "question",
    "returned": "return",
    "return": "return",
}


def icon(name: str) -> SafeString:
    """The icon `name` (a key of PATHS, or a status word), hidden from assistive technology:
    every icon sits beside a word that says the same. Empty for a name with no icon."""
    path = PATHS.get(FOR_STATUS.get(name, name))
    if path is None:
        return mark_safe("")
    # Only names found in PATHS reach here: the markup holds no input.
    return mark_safe(
        f'<svg class="icon icon-{FOR_STATUS.get(name, name)}" viewBox="0 0 16 16" width="16" '
        'height="16" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" '
        f'stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round"><path d="{path}"/>'
        "</svg>"
    )
