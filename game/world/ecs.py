"""One named esper world per game (DESIGN.md §5). esper keeps its worlds in module state, so
every call into esper first makes this game's world the current one; queries come back sorted by
entity id so that nothing that touches game state depends on set order. Reads of one entity and
repeated queries are answered from the wrapper's own index, kept in step by its writers."""

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
        self._last_id = 0  # the highest entity id handed out (esper numbers them 1, 2, ... per world)
        # Kept for speed, in step with esper by the writers below (every change goes through them):
        # each entity's components by type, as esper holds them (reads need no world switch), and
        # the sorted query answers, each with the `version` (count of writes) it was made at; the
        # count is public so that answers derived from queries can be kept against it too. An
        # answer older than the count still holds if no write since touched an entity with its
        # component types (`_written`: the last write to an entity with each type): it is stamped
        # with the count again, not made anew (most writes are to treasure; most queries are not).
        self._of: dict[int, dict[type[Any], Any]] = {}
        self.version = 0
        self._written: dict[type[Any], int] = {}
        self._order: dict[Any, tuple[int, list[Any]]] = {}
        esper.switch_world(self.name)

    def _on(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def create(self, *components: Any) -> int:
        self._on()
        entity = esper.create_entity(*components)
        comps = self._of[entity] = {type(c): c for c in components}
        self._wrote(comps)
        self._last_id = max(self._last_id, entity)
        return entity

    def delete(self, entity: int) -> None:
        self._on()
        esper.delete_entity(entity, immediate=True)
        comps = self._of.pop(entity)
        self._wrote(comps)

    def exists(self, entity: int) -> bool:
        return entity in self._of

    def _wrote(self, kinds: Any) -> None:
        """A write to an entity with components of these `kinds` (all its types, before and after
        the write). A query that the write changed asks for types the entity has (or had), so it
        finds all of them written since; one of them not written since tells that none changed it."""
        self.version += 1
        version = self.version
        written = self._written
        for kind in kinds:
            written[kind] = version

    def get(self, kind: type[C]) -> list[tuple[int, C]]:
        """The entities with a `kind`, in entity order (the same list until a write touches a `kind`)."""
        cached = self._order.get(kind)
        if cached is not None:
            if cached[0] == self.version:
                return cached[1]
            if self._written.get(kind, 0) <= cached[0]:
                self._order[kind] = (self.version, cached[1])
                return cached[1]
        self._on()
        return self._sorted(kind, esper.get_component(kind))

    def get2(self, a: type[Any], b: type[Any]) -> list[tuple[int, tuple[Any, Any]]]:
        """The entities with both an `a` and a `b`, in entity order (as `get`)."""
        key = (a, b)
        cached = self._order.get(key)
        if cached is not None:
            if cached[0] == self.version:
                return cached[1]
            then, written = cached[0], self._written
            if written.get(a, 0) <= then or written.get(b, 0) <= then:
                self._order[key] = (self.version, cached[1])
                return cached[1]
        self._on()
        return self._sorted(key, esper.get_components(a, b))

    def _sorted(self, key: Any, found: list[Any]) -> list[Any]:
        ordered = sorted(found, key=lambda pair: pair[0])
        self._order[key] = (self.version, ordered)
        return ordered

    def comp(self, entity: int, kind: type[C]) -> C:
        return self._of[entity][kind]  # type: ignore[no-any-return]

    def try_comp(self, entity: int, kind: type[C]) -> C | None:
        comps = self._of.get(entity)
        return comps.get(kind) if comps else None

    def has(self, entity: int, kind: type[Any]) -> bool:
        return kind in self._of[entity]

    def add(self, entity: int, component: Any) -> None:
        self._on()
        esper.add_component(entity, component)
        comps = self._of[entity]
        comps[type(component)] = component
        self._wrote(comps)

    def remove(self, entity: int, kind: type[Any]) -> None:
        self._on()
        esper.try_remove_component(entity, kind)
        comps = self._of.get(entity)
        if comps is not None:
            self._wrote(comps)  # its types before the removal
            comps.pop(kind, None)
        else:
            self.version += 1

    def components(self, entity: int) -> tuple[Any, ...]:
        return tuple(self._of[entity].values())

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
        self._of.clear()  # a closed world holds nothing, as esper's deleted one
        self._order.clear()
        self._written.clear()
        if self.name in esper.list_worlds():
            if esper.current_world == self.name:
                esper.switch_world("default")
            esper.delete_world(self.name)
