"""The options file: defaults, round trips, atomic writes, and what happens to a bad file."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.ui.kit import Kit
from game.ui.options import Options, config_dir, load_options, options_path, options_to_toml, save_options


def test_missing_file_means_defaults_and_no_complaint(tmp_path: Path) -> None:
    loaded = load_options(tmp_path / "options.toml")
    assert loaded.options == Options()
    assert loaded.problem is None


def test_options_round_trip_with_rebinding_and_unknown_keys(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "options.toml"
    options = Options(
        color_mode="256",
        palette="colorblind",
        glyphs="ascii",
        key_layout="arrows+vi",
        esc_delay_ms=25,
        hide_seed=True,
        keys={"search": ("s", "F")},
        extra={"design": "ask", "dials": {"die": 8, "seriousness": "grim"}},
    )
    save_options(options, path)
    loaded = load_options(path)
    assert loaded.problem is None
    assert loaded.options == options
    assert list(tmp_path.glob("deep/.*tmp")) == []  # no temp file left behind


def test_the_written_file_is_plain_toml_with_a_keys_table(tmp_path: Path) -> None:
    text = options_to_toml(Options(keys={"quit": ("Q",)}, extra={"name": 'say "hi"\\'}))
    data = tomllib.loads(text)
    assert data["keys"] == {"quit": ["Q"]}
    assert data["name"] == 'say "hi"\\'
    assert text.startswith("#")


def test_a_corrupt_file_is_kept_as_bad_and_defaults_are_used(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    path.write_text("palette = [unclosed\n")
    loaded = load_options(path)
    assert loaded.options == Options()
    assert loaded.problem is not None and "\n" not in loaded.problem
    assert "corrupt" in loaded.problem and str(path) in loaded.problem
    assert not path.exists()
    assert (tmp_path / "options.toml.bad").read_text() == "palette = [unclosed\n"


def test_one_bad_value_falls_back_alone(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    path.write_text('palette = "pink"\nglyphs = "ascii"\nesc_delay_ms = true\n[keys]\nsearch = 5\n')
    loaded = load_options(path)
    assert loaded.options.palette == "default"
    assert loaded.options.glyphs == "ascii"
    assert loaded.options.esc_delay_ms == 10
    assert loaded.options.keys == {}
    problem = loaded.problem or ""
    assert "pink" in problem and "esc_delay_ms" in problem and "keys.search" in problem
    assert "\n" not in problem
    assert path.exists()  # a readable file is not moved


def test_config_dir_can_be_pointed_elsewhere(tmp_path: Path) -> None:
    env = {"MASTERLESS_CONFIG_DIR": str(tmp_path)}
    assert config_dir(env) == tmp_path
    assert options_path(env) == tmp_path / "options.toml"
    assert "masterless" in str(config_dir({})).lower()


def test_kit_notices_a_bad_file_and_still_works(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    path.write_text("not toml at all = = =")
    kit = Kit.load(path)
    assert kit.notices and "corrupt" in kit.notices[0]
    assert kit.palette.name == "default"


def test_kit_saves_what_it_applies(tmp_path: Path) -> None:
    path = tmp_path / "options.toml"
    kit = Kit.load(path)
    version = kit.version
    kit.apply(kit.options.with_changes(palette="high_contrast"))
    assert kit.version == version + 1
    assert kit.palette.name == "high_contrast"
    assert kit.save() is None
    assert load_options(path).options.palette == "high_contrast"


def test_saving_into_an_unwritable_place_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    kit = Kit.load(blocker / "options.toml")
    problem = kit.save()
    assert problem is not None and "\n" not in problem and "could not save" in problem


def test_the_glyphs_option_shows_the_characters_the_map_draws() -> None:
    """Its help showed the glyph sets' own floor, locked door, water and chest ("⋅ # ⊞ ≋ ░ ⊡"),
    which the map never draws: the map's tiles come from the theme ("∙ # + ~ ░ =")."""
    from game.core.dials import Dials
    from game.mapgen.tiles import Tile
    from game.ui.map_view import tile_tables
    from game.ui.palette import load_palette
    from game.ui.screens.options_screen import builtin_specs

    sample = (Tile.FLOOR, Tile.WALL, Tile.DOOR, Tile.WATER, Tile.CHASM, Tile.CHEST)  # as the help names them

    help_text = next(spec.help for spec in builtin_specs() if spec.name == "glyphs")
    for glyph_set, label in (("unicode", "Unicode: "), ("ascii", "ASCII: ")):
        drawn = tile_tables(Dials().theme, glyph_set, load_palette("default")).ch
        shown = help_text.split(label, 1)[1].split()[: len(sample)]
        assert shown == [chr(drawn[tile]) for tile in sample]


def test_two_problems_with_the_options_file_read_as_two_sentences(tmp_path: Path) -> None:
    """A bad value and a bad key name in one file: `play` showed "... should be a list of key
    names; using the default there key bindings ignored: 'F13' ...", two warnings run together."""
    from game.ui.run_guard import with_notices
    from game.ui.state import Exit

    path = tmp_path / "options.toml"
    path.write_text('[keys]\nautoexplore = ["x", "F13"]\nmove_n = 5\n')
    kit = Kit.load(path)
    assert len(kit.notices) == 2, kit.notices
    text = with_notices(kit, Exit("map")).text
    assert "using the default there. Key bindings ignored: 'F13'" in text, text
    assert text.endswith(".") and text[0].isupper()


def test_a_binding_that_cannot_stand_is_left_out_alone_and_a_save_drops_it(tmp_path: Path) -> None:
    """One key that is no key ('F13') threw out every rebinding of the file, an unknown action was
    never mentioned, and saving from the options screen ("Saved.") wrote the ignored bindings
    back, so the warning came again at every start. Now the bad ones are left out, each said;
    the good ones stay; a save writes the keys in use, and the next start has nothing to say."""
    path = tmp_path / "options.toml"
    path.write_text('[keys]\nautoexplore = ["x", "x", "F13"]\nbogus_action = ["z"]\nsearch = ["s", "f8"]\n')
    kit = Kit.load(path)
    [notice] = kit.notices
    assert "'F13' (for 'Explore automatically')" in notice and "no action called 'bogus_action'" in notice
    assert kit.keymap.keys_for("search") == ("s", "f8") and kit.keymap.keys_for("autoexplore") == ("x",)
    assert kit.save() is None
    assert tomllib.loads(path.read_text())["keys"] == {"search": ["s", "f8"]}
    again = Kit.load(path)
    assert again.notices == [] and again.keymap.keys_for("search") == ("s", "f8")


def test_the_title_shows_a_bad_options_files_every_complaint_in_the_files_order(tmp_path: Path) -> None:
    """Four bad values and two bad bindings: the title gave each notice two rows, so the list
    stopped mid-word ("esc_delay_ms = -5 is not one of 0,"), color_mode was never named and the
    "using the default there" was lost; and the values came in another order at each start.
    Now they come in the options' own order, and the title shows every line it has room for."""
    import re

    from game.ui.app import title_screen
    from game.ui.present.headless import run_headless

    path = tmp_path / "options.toml"
    path.write_text('color_mode = "purple"\npalette = 3\nesc_delay_ms = -5\nhide_seed = "yes"\n'
                    '[keys]\nmove_w = ["s"]\nfly = ["f"]\n')
    kit = Kit.load(path)
    names = re.findall(r"(\w+) = ", kit.notices[0])
    order = [name for name in Options.__dataclass_fields__ if name in names]
    assert names == order and set(names) == {"color_mode", "palette", "esc_delay_ms", "hide_seed"}
    _, screen = run_headless(title_screen(kit), [], size=(100, 32), kit=kit)
    said = " ".join(screen.text().split())
    for name in names:
        assert f"{name} = " in said, said
    assert "using the default there" in said and "there is no action called 'fly'" in said, said
    _, screen = run_headless(title_screen(kit), [], size=(80, 24), kit=kit)  # the art gives way to them
    said = " ".join(screen.text().split())
    assert "M A S T E R L E S S" in said and all(f"{name} = " in said for name in names), said
    assert "called 'fly'" in said or said.endswith("... Up/Down choose Enter select ? help Esc quit"), said
