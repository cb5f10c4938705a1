"""One named esper world per game (DESIGN.md §5). esper keeps its worlds in module state, so
every call here first makes this game's world the current one; queries come back sorted by
entity id so that nothing that touches game state depends on set order."""

from __future__ import annotations

import copy
import itertools
from typing import Any, TypeVar

import esper

C = TypeVar("C")
_names = itertools.count(1)


class World:
    def __init__(self, label: str = "game") -> None:
        self.name = f"{label}-{next(_names)}"
        self._order: dict[Any, tuple[list[Any], list[Any]]] = {}
        self._last_id = 0  # the highest entity id handed out (esper numbers them 1, 2, ... per world)
        esper.switch_world(self.name)

    def _on(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def create(self, *components: Any) -> int:
        self._on()
        entity = esper.create_entity(*components)
        self._last_id = max(self._last_id, entity)
        return entity

    def delete(self, entity: int) -> None:
        self._on()
        esper.delete_entity(entity, immediate=True)

    def exists(self, entity: int) -> bool:
        self._on()
        return esper.entity_exists(entity)

    def get(self, kind: type[C]) -> list[tuple[int, C]]:
        if esper.current_world != self.name:  # `_on`, inlined: the queries below are the hot path
            esper.switch_world(self.name)
        return self._sorted(kind, esper.get_component(kind))

    def get2(self, a: type[Any], b: type[Any]) -> list[tuple[int, tuple[Any, Any]]]:
        if esper.current_world != self.name:
            esper.switch_world(self.name)
        return self._sorted((a, b), esper.get_components(a, b))

    def _sorted(self, key: Any, found: list[Any]) -> list[Any]:
        """`found` in entity order. esper hands back the same cached list until an entity or
        component is added or removed, so the sorted copy is kept as long as that list lives."""
        cached = self._order.get(key)
        if cached is not None and cached[0] is found:
            return cached[1]
        ordered = sorted(found, key=lambda pair: pair[0])
        self._order[key] = (found, ordered)
        return ordered

    def comp(self, entity: int, kind: type[C]) -> C:
        if esper.current_world != self.name:
            esper.switch_world(self.name)
        return esper.component_for_entity(entity, kind)

    def try_comp(self, entity: int, kind: type[C]) -> C | None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)
        return esper.try_component(entity, kind)

    def has(self, entity: int, kind: type[Any]) -> bool:
        self._on()
        return esper.has_component(entity, kind)

    def add(self, entity: int, component: Any) -> None:
        self._on()
        esper.add_component(entity, component)

    def remove(self, entity: int, kind: type[Any]) -> None:
        self._on()
        esper.try_remove_component(entity, kind)

    def components(self, entity: int) -> tuple[Any, ...]:
        self._on()
        return esper.components_for_entity(entity)

    def copy(self, label: str) -> World:
        """An independent copy with the same entities under the same ids, made through esper's
        public API: ids 1..last are created again in order, each with a deep copy of its
        components, and the ones deleted here are deleted there too (ids are never reused)."""
        self._on()
        alive = {e: copy.deepcopy(esper.components_for_entity(e)) for e in esper.get_entities()}
        twin = World(label)
        for entity in range(1, self._last_id + 1):
            made = twin.create(*alive.get(entity, ()))
            assert made == entity, "esper numbered a copied entity differently"
            if entity not in alive:
                twin.delete(entity)
        return twin

    def close(self) -> None:
        if self.name in esper.list_worlds():
            if esper.current_world == self.name:
                esper.switch_world("default")
            esper.delete_world(self.name)
