"""The esper world's wrapper keeps its own index and query answers for speed: they must follow
every write, in entity order, and a copy must answer alike and stay independent."""

from __future__ import annotations

import itertools

import esper
from hypothesis import given, settings
from hypothesis import strategies as st

from game.world.components import Carried, Effects, Named, Position
from game.world.ecs import World

KINDS = (Named, Position, Carried, Effects)
MAKE = {Named: lambda: Named("x"), Position: lambda: Position(1, 2, 1), Carried: lambda: Carried(1),
        Effects: lambda: Effects()}


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


def fresh_answers(world: World) -> dict:
    """Every query of one kind and of two, asked of esper itself and sorted (no kept answer)."""
    world._on()
    out = {kind: sorted(esper.get_component(kind)) for kind in KINDS}
    for a, b in itertools.permutations(KINDS, 2):
        out[(a, b)] = sorted(esper.get_components(a, b))
    return out


def kept_answers(world: World) -> dict:
    out: dict = {kind: world.get(kind) for kind in KINDS}
    for a, b in itertools.permutations(KINDS, 2):
        out[(a, b)] = world.get2(a, b)
    return out


WRITES = st.lists(st.tuples(st.sampled_from(("create", "delete", "add", "remove")),
                            st.integers(0, 7), st.sets(st.sampled_from(KINDS))), max_size=40)


@settings(max_examples=150, deadline=None)
@given(WRITES)
def test_kept_answers_are_esper_s_after_any_writes(writes: list) -> None:
    """A kept answer is reused past a write that touched no entity with its types: whatever the
    writes, every query answers as esper does, asked fresh, after each one."""
    world = World("test")
    try:
        kept_answers(world)
        for op, pick, kinds in writes:
            alive = sorted(world._of)
            if op == "create" or not alive:
                world.create(*(MAKE[k]() for k in sorted(kinds, key=lambda k: k.__name__)))
            else:
                entity = alive[pick % len(alive)]
                kind = sorted(kinds or {Named}, key=lambda k: k.__name__)[0]
                if op == "delete":
                    world.delete(entity)
                elif op == "add":
                    world.add(entity, MAKE[kind]())
                else:
                    world.remove(entity, kind)
            assert kept_answers(world) == fresh_answers(world)
    finally:
        world.close()


def test_a_write_elsewhere_keeps_an_answer_the_same_list() -> None:
    """Taking an item (its Position off, Carried on) leaves the answer about creatures' places as
    it was: the very same list, which the game's own kept answers are keyed on."""
    world = World("test")
    try:
        world.create(Named("goblin"), Position(1, 1, 1), Effects())
        item = world.create(Named("sword"), Position(2, 2, 1))
        creatures = world.get2(Effects, Position)
        world.remove(item, Position)
        world.add(item, Carried(1))
        assert world.get2(Effects, Position) is creatures
        assert world.get2(Named, Position) is not creatures and len(world.get2(Named, Position)) == 1
    finally:
        world.close()
