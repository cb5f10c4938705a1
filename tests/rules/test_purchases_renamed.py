"""`named` and `of_type` on the purchases give what `dataclasses.replace` gives, field for field:
they spell the fields out, so a field added later must be added to them too."""

from __future__ import annotations

from dataclasses import fields, replace

from game.rules.purchases import Ability, Trap, Treasure


def _unusual(cls: type) -> object:
    """An instance with no field at its default, so a field a method forgets shows up."""
    values = {"bool": True, "int": 7, "str": "odd", "tuple[str, ...]": ("fire",)}
    return cls(**{f.name: values[str(f.type)] for f in fields(cls)})


def test_named_is_replace_with_the_name() -> None:
    for cls in (Trap, Ability, Treasure):
        value = _unusual(cls)
        assert value.named("Grim Snare") == replace(value, name="Grim Snare")


def test_trap_of_type_is_replace_with_the_type() -> None:
    trap = _unusual(Trap)
    assert trap.of_type("cold") == replace(trap, type="cold")
