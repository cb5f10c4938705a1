"""The room builder's "Design saved" message gives the file's path whole, on a line of its own."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from screen_games import make_kit
from test_builder_screens import step
from test_builder_words import open_builder


def test_the_saved_designs_path_is_never_broken_inside_a_name(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """At 80 columns the path ran on from "as" and broke inside a folder's name
    ("as /root/.l" / "ocal/share/..."), so it could be neither read nor copied."""
    home = Path(tempfile.mkdtemp(prefix="masterless-home-", dir="/tmp"))  # a path as long as ~/.local/share gives
    try:
        monkeypatch.setenv("MASTERLESS_HOME", str(home))
        state = open_builder(make_kit(tmp_path))
        _, text = step(state, "enter", "w", "enter")
        (saved,) = (home / "data" / "designs").glob("*.toml")
        assert len(str(saved)) > 64 and "Design saved" in text
        assert any(str(saved) in row for row in text.splitlines()), text
        assert any(f"--designs {saved.parent}" in row for row in text.splitlines()), text
    finally:
        shutil.rmtree(home)


def test_the_saved_message_says_who_sets_the_design_out_and_for_what_budget(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """"Play with it: --designs DIR" read as if the builder could load it again; only an AI seat
    sets a design out, and only for a room whose budget for its category it costs exactly."""
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    state = open_builder(make_kit(tmp_path))
    _, text = step(state, "enter", "w", "enter")
    cost = state.model.spent
    said = " ".join(text.split())
    assert "Design saved" in said
    assert f"An AI seat may set it out for a room whose {state.category} budget is exactly {cost} point" in said
