"""What the log says as the light burns out: with the light dial off, sight does not follow it."""

from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine.light import burn_light
from game.engine.start import new_game


def burnt_out(dials: Dials) -> list[str]:
    game = new_game(7, parse_seats("human"), 2, dials)
    game.time.oil, game.time.torches = 1, 0
    said = len(game.log)
    burn_light(game)
    return [line.text for line in game.log[said:]]


def test_a_lantern_out_with_no_torch_left_lights_none():
    """With no torch in the packs the log said "the party lights a torch." and, in the next line,
    "The last torch dies.": a torch it never had."""
    assert burnt_out(Dials()) == ["The lantern gutters out, and no torch is left. Darkness closes in."]


def test_a_lantern_out_with_torches_left_lights_one():
    game = new_game(7, parse_seats("human"), 2, Dials())
    game.time.oil, game.time.torches = 1, 2
    said = len(game.log)
    burn_light(game)
    assert [line.text for line in game.log[said:]] == ["The lantern gutters out: the party lights a torch."]
    assert game.time.torches == 1


def test_with_the_light_dial_off_the_log_does_not_say_the_dark_closes_in():
    """With --dial light=off the party sees as far as ever once the last torch dies; the log said
    "Darkness closes in." and the party lit a torch it did not have."""
    said = burnt_out(Dials(light=False))
    assert said == ["The lantern gutters out, and no torch is left; with the light dial off, "
                    "the party sees as far as ever."]
    game = new_game(7, parse_seats("human"), 2, Dials(light=False))
    game.time.oil, game.time.torches, game.time.torch_left = 0, 0, 1
    burn_light(game)
    assert game.log[-1].text == "The last torch dies; with the light dial off, the party sees as far as ever."
