"""The esper world's wrapper keeps its own index and query answers for speed: they must follow
every write, in entity order, and a copy must answer alike and stay independent."""

from __future__ import annotations

import esper

from game.world.components import Carried, Named, Position
from game.world.ecs import World


def esper_view(world: World, entity: int) -> tuple:
    """What esper itself holds for `entity` (the index must agree)."""
    world._on()
    return esper.components_for_entity(entity)


def test_queries_follow_every_write_in_entity_order() -> None:
    world = World("test")
    try:
        a = world.create(Named("a"), Position(1, 1, 1))
        b = world.create(Named("b"))
        assert world.get2(Named, Position) == [(a, (world.comp(a, Named), world.comp(a, Position)))]
        world.add(b, Position(2, 2, 1))
        assert [e for e, _ in world.get2(Named, Position)] == [a, b]
        world.remove(a, Position)
        assert [e for e, _ in world.get2(Named, Position)] == [b]
        assert world.try_comp(a, Position) is None and not world.has(a, Position)
        c = world.create(Named("c"), Position(3, 3, 1))
        world.delete(b)
        assert [e for e, _ in world.get(Named)] == [a, c]
        assert not world.exists(b) and world.try_comp(b, Named) is None
        for entity in (a, c):
            assert world.components(entity) == esper_view(world, entity)
    finally:
        world.close()


def test_a_copy_answers_alike_and_its_writes_stay_its_own() -> None:
    world = World("test")
    try:
        item = world.create(Named("sword"), Position(4, 5, 1))
        world.delete(world.create(Named("gone")))
        assert world.get(Position)  # the original's answers are cached before the copy
        twin = world.copy("twin")
        try:
            assert twin.get2(Named, Position) == world.get2(Named, Position)
            twin.remove(item, Position)
            twin.add(item, Carried(1))
            twin.comp(item, Named).name = "bent sword"
            assert [e for e, _ in world.get(Position)] == [item]
            assert world.try_comp(item, Carried) is None and world.comp(item, Named).name == "sword"
            assert twin.get(Position) == [] and twin.get(Carried) == [(item, Carried(1))]
            assert twin.components(item) == esper_view(twin, item)
        finally:
            twin.close()
    finally:
        world.close()
