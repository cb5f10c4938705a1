"""Bracketed paste markers as they arrive: split between reads, where the pty cuts the input."""

from __future__ import annotations

import codecs
import os
import threading
from collections import deque

from game.ui.present.paste import PASTE_END, BracketedPaste, next_input_is, read_bracketed_paste


class HeldKeys:
    """What of blessed's Terminal the paste reader uses: its buffer (read from the right) and decoder."""

    def __init__(self, held: str) -> None:
        self._keyboard_buf: deque[str] = deque(reversed(held))
        self._keyboard_decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def ungetch(self, text: str) -> None:
        self._keyboard_buf.extendleft(text)

    def rest(self) -> str:
        return "".join(reversed(self._keyboard_buf))


def test_a_start_marker_split_between_two_reads_is_still_a_paste() -> None:
    """ESC [ 2 0 came, then 0 ~ a moment later: the rest was read as keys ("0", "~", then the text)."""
    read_end, write_end = os.pipe()
    try:
        term = HeldKeys("20")
        later = threading.Timer(0.05, os.write, (write_end, "0~héllo".encode() + PASTE_END.encode() + b"j"))
        later.start()
        assert next_input_is(term, read_end, "200~", wait=5.0)
        later.join()
        for _ in "200~":
            term._keyboard_buf.pop()
        assert read_bracketed_paste(term, read_end) == ("héllo", None)
        assert term.rest() == "j"  # the key after the paste is read as a key
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_key_that_only_begins_like_the_marker_is_not_waited_for() -> None:
    read_end, write_end = os.pipe()
    try:
        assert not next_input_is(HeldKeys("11~"), read_end, "200~", wait=5.0)  # PuTTY's F1: no wait
    finally:
        os.close(read_end)
        os.close(write_end)


def test_an_end_marker_split_between_reads_ends_the_paste_there() -> None:
    paste = BracketedPaste()
    assert paste.feed("abc\x1b[2") is None
    assert paste.feed("01~k") == "k"
    assert paste.text == "abc"
