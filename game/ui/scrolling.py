"""The one scrolling rule of every scrolling screen (help, the Hallway, high scores, lists)."""

from __future__ import annotations


def scrolled(offset: int, action: str | None, key: str, page: int, last: int) -> int:
    """The new first line of a scrolling page after a key: the arrows move a line, PgUp/PgDn a
    page, Home/End to either end; always kept within 0..last."""
    if key == "home":
        offset = 0
    elif key == "end":
        offset = last
    else:
        offset += {"menu_up": -1, "menu_down": 1, "page_up": -page, "page_down": page}.get(action or "", 0)
    return max(0, min(offset, last))
