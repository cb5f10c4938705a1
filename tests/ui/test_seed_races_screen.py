"""The score tables per seed (`scores`) from the title menu (issue 18): the seeds raced here,
each seed's table with imported lines marked, and the words when there are none."""

from __future__ import annotations

from pathlib import Path

import tcod.console
from screen_games import make_kit

from game.engine.seed_scores import SeedScore, add_entry
from game.ui.events import key
from game.ui.screens.seed_races import SeedRacesScreen
from game.ui.screens.title import TitleScreen, standard_title_entries


def text_of(state: object, size: tuple[int, int] = (100, 30)) -> str:
    console = tcod.console.Console(*size, order="C")
    state.on_draw(console)  # type: ignore[attr-defined]
    return "\n".join("".join(chr(c) for c in row) for row in console.ch)


def test_the_title_menu_opens_the_seed_tables_and_a_seeds_table(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("MASTERLESS_HOME", str(tmp_path / "home"))
    kit = make_kit(tmp_path)
    title = TitleScreen(kit, standard_title_entries(kit))
    assert "Seed races" in text_of(title)
    empty = title.on_event(key("a"))
    assert isinstance(empty, SeedRacesScreen) and "No seeded runs yet" in text_of(empty)
    path = empty.path
    add_entry(path, SeedScore(42, 130, "a" * 16, outcome="retired", floor=4, turns=900, heroes="Ann Reed"))
    add_entry(path, SeedScore(42, 75, "b" * 16, source="import", outcome="wiped", floor=3, turns=400))
    add_entry(path, SeedScore(7, 20, "c" * 16, outcome="retired", floor=2, turns=100, heroes="Bo"))
    seeds = title.on_event(key("a"))
    text = text_of(seeds)
    assert "42 130 2" in " ".join(text.split()) and "7 20 1" in " ".join(text.split())
    seeds.on_event(key("down"))  # seeds in order: 7, then 42
    table = seeds.on_event(key("enter"))
    text = text_of(table)
    assert "Seed 42" in text and "Ann Reed" in text and "[imported, not checked]" in text
    assert text.index("130") < text.index("75")  # best first
    assert table.on_event(key("escape")) is seeds and seeds.on_event(key("escape")) is title


def test_a_long_list_of_seeds_scrolls_with_the_selection(tmp_path: Path) -> None:
    """The list was cut at the screen's foot while Up/Down went on over every seed: the
    selection went off the screen and Enter opened a seed the player could not see."""
    path = tmp_path / "seed_scores.json"
    for seed in range(1, 41):
        add_entry(path, SeedScore(seed, 100 + seed, f"{seed:016x}", outcome="retired", floor=2, turns=50))
    seeds = SeedRacesScreen(make_kit(tmp_path), None, path)
    seeds.on_event(key("up"))  # wraps to the last seed, 40
    text = text_of(seeds, (80, 24))
    assert "40 140 1" in " ".join(text.split())
    table = seeds.on_event(key("enter"))
    assert "Seed 40" in text_of(table, (80, 24))
    seeds.on_event(key("down"))  # wraps to the first again
    assert "1 101 1" in " ".join(text_of(seeds, (80, 24)).split())


def test_a_seeds_long_table_scrolls_and_shows_each_recording_path_whole(tmp_path: Path) -> None:
    """Runs past the screen's foot were not shown at all, and a long recording path was cut."""
    path = tmp_path / "seed_scores.json"
    folder = "/home/player/a-long-folder-name/another-long-folder-name/masterless/data/recordings"
    for n in range(15):
        add_entry(path, SeedScore(9, 500 - n, f"{n:016x}", outcome="retired", floor=2, turns=50, heroes=f"Hero{n}",
                                  recording=f"{folder}/seed-9-turn-{n}.mlrec"))
    table = SeedRacesScreen(make_kit(tmp_path), None, path, seed=9)
    text = text_of(table, (80, 24))
    assert "Hero0" in text and "Hero14" not in text
    table.on_event(key("end"))
    text = text_of(table, (80, 24))
    assert "Hero14" in text and "486" in text
    assert f"{folder}/seed-9-turn-14.mlrec" in text.replace("\n", "").replace(" ", "")


def test_a_damaged_table_is_set_aside_and_said_on_the_screen(tmp_path: Path) -> None:
    """The screen set a damaged table aside and said nothing: the player saw "No seeded runs yet",
    and the next end of a run said nothing either, the file having gone already."""
    path = tmp_path / "seed_scores.json"
    path.write_text("{ not json", encoding="utf-8")
    seeds = SeedRacesScreen(make_kit(tmp_path), None, path)
    text = " ".join(text_of(seeds, (80, 24)).split())
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("seed_scores.json.bad"))
    assert kept and kept[0] in text and "No seeded runs yet" in text, (kept, text)


def test_a_seeds_table_tells_outcomes_in_the_words_of_the_scores_command(tmp_path: Path) -> None:
    """The table said "quest" where `scores --seed` and the high scores said "quest done"."""
    from game.core.outcomes import ending

    path = tmp_path / "seed_scores.json"
    add_entry(path, SeedScore(9, 80, "d" * 16, outcome="quest", floor=3, turns=500, heroes="Ann"))
    text = " ".join(text_of(SeedRacesScreen(make_kit(tmp_path), None, path, seed=9)).split())
    assert f"80 {ending('quest').short} 3 500" in text and ending("quest").short != "quest"
