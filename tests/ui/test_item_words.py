"""An item's features in words, in the right number: "heals 1 Hit", "+1 Pain die", "+2 Annoy dice"."""

from __future__ import annotations

from game.rules.purchases import Treasure
from game.ui.screens.words import item_details, item_features


def test_one_of_a_thing_is_said_in_the_singular_and_more_in_the_plural() -> None:
    one = Treasure(fancy=True, heal=1, pain=1, type="arrows", name="Tincture")
    assert item_features(one)[1:] == ["heals 1 Hit (one use)", "+1 Pain die vs arrows"]
    assert "Healing: restores 1 Hit when used, then it is gone." in item_details(one)
    assert any("adds 1 Pain die to" in line for line in item_details(one))
    more = Treasure(fancy=True, heal=3, annoy=2, type="fire", name="Ember Salve")
    assert item_features(more)[1:] == ["heals 3 Hits (one use)", "+2 Annoy dice vs fire"]
