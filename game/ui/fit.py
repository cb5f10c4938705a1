"""Text that fits its cells: a name or a line too long for its place loses words from the middle,
never the end of a word, so "Umbrecht the Forsaken" in 15 cells reads "Umbrecht...", not
"Umbrecht the Fo". One helper for every screen (roll panel, sidebar, inventory, builder, replay)."""

from __future__ import annotations

import textwrap

ELLIPSIS = "..."  # three cells of plain ASCII: U+2026 is of ambiguous width in some terminals


def elide(text: str, width: int) -> str:
    """``text`` if it fits in ``width`` cells, else whole words from its start and its end around
    "...", keeping as much as fits (the start a little preferred: names begin with what matters).
    Only a single word longer than the width is cut inside, at both ends, around the dots."""
    if width <= 0:
        return ""
    if len(text) <= width:
        return text
    if width <= len(ELLIPSIS):
        return text[:width]
    words = text.split()
    best, best_score = "", -1.0
    for head in range(len(words) - 1, -1, -1):
        for tail in range(len(words) - head - 1, -1, -1):
            if head + tail == 0:
                continue
            left, right = " ".join(words[:head]), " ".join(words[len(words) - tail:]) if tail else ""
            candidate = (left + ELLIPSIS if left else ELLIPSIS) + (" " + right if right else "")
            score = len(candidate) + len(left) / 4  # the most text, the start a little preferred
            if len(candidate) <= width and score > best_score:
                best, best_score = candidate, score
    if len(best) >= width // 2:
        return best
    keep = width - len(ELLIPSIS)  # one word longer than the place: its two ends
    front = (keep + 1) // 2
    return text[:front] + ELLIPSIS + (text[len(text) - (keep - front):] if keep > front else "")


def elide_list(names: list[str], width: int) -> str:
    """Names joined by commas, whole from the first while they fit, then "...": four heroes in
    25 cells read "Rook the Patient, ...", never "Rook the... Sootwhistle" (the first hero's name
    run into the last's, as if one)."""
    text = ", ".join(names)
    if len(text) <= width:
        return text
    for kept in range(len(names) - 1, 0, -1):
        shown = ", ".join(names[:kept]) + ", " + ELLIPSIS
        if len(shown) <= width:
            return shown
    return elide(names[0], width) if names else ""


def first_fitting(width: int, *texts: str) -> str:
    """The first of `texts` that fits in `width` cells, else the last: a line of numbers gives way
    in its words, never in its digits (a number cut short is a false one: "Food 1" for 12)."""
    return next((text for text in texts if len(text) <= width), texts[-1])


def fit_rows(text: str, width: int, rows: int) -> list[str]:
    """``text`` word-wrapped into at most ``rows`` rows of ``width``; what does not fit is elided
    in the middle of the last row rather than dropped unseen."""
    wrapped = textwrap.wrap(text, max(1, width), break_on_hyphens=False) or [""]
    if rows <= 0:
        return []
    if len(wrapped) <= rows:
        return wrapped
    return [*wrapped[: rows - 1], elide(" ".join(wrapped[rows - 1:]), width)]
