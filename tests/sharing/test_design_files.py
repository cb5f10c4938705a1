"""Design files (issue 18): the shipped ones keep every rule, a broken one is refused whole with
its rule and reason (exit 3), and `generate` names the design each category was drawn from."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from sharing_tools import SHIPPED, run

from game.designers.design_files import DesignProblem, load_designs, parse_design
from game.designers.design_writing import design_text
from game.rules.costs import monster_cost, trap_cost, treasure_cost


def test_the_shipped_designs_all_load_and_keep_every_rule():
    designs = load_designs(SHIPPED)
    assert len(designs) >= 12
    assert len({d.name for d in designs}) == len(designs)
    for d in designs:
        assert all(d.cost(c) > 0 for c in ("traps", "monsters", "treasure") if d.covers(c))
    # whole rooms and single categories both ship
    assert any(all(d.covers(c) for c in ("traps", "monsters", "treasure")) for d in designs)
    assert sum(1 for d in designs if [d.covers(c) for c in ("traps", "monsters", "treasure")].count(True) == 1) >= 6


def test_a_design_written_out_reads_back_the_same():
    for d in load_designs(SHIPPED):
        assert parse_design(tomllib.loads(design_text(d)), "again") == d


@pytest.mark.parametrize(("body", "rule", "reason"), [
    ('[[traps]]\non = "walk"\ntype = "fire"\nannoy = 3\npain = 1\n', "annoy_pairs", "Annoy dice are bought in pairs"),
    ('[[treasure]]\nheal = 2\n', "mundane_magic", "only a Fancy item may be magic"),
    ('[[monsters]]\nlevel = 2\n[[monsters.abilities]]\ntype = "fire"\nannoy = 2\n', "dud_ability",
     "neither holds nor hurts"),
    ('[[monsters]]\nlevel = 2\n[[monsters.abilities]]\ntype = "fire"\npain = 1\nresist = ["claws"]\n',
     "pointless_resist", "no hero attacks with claws"),
    ('[[traps]]\non = "dance"\ntype = "fire"\n', "spot", "the action that springs it"),
    ('[[traps]]\non = "walk"\ntype = "glitter"\n', "type", "no Type called glitter"),
])
def test_a_design_that_breaks_a_rule_stops_generate_with_exit_3(tmp_path, body, rule, reason):
    folder = tmp_path / "designs"
    folder.mkdir()
    (folder / "fine.toml").write_text((SHIPPED / "wolf-den.toml").read_text())
    bad = folder / "broken.toml"
    bad.write_text(f'name = "Broken"\n\n{body}')
    done = run(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(folder), "--json")
    assert done.returncode == 3, done.stderr
    assert done.stdout == ""  # refused whole: nothing half-used
    line = done.stderr.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    assert str(bad) in line and f"'{rule}'" in line and reason in line


def test_a_folder_that_is_not_there_or_not_toml_is_exit_3(tmp_path):
    assert run(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(tmp_path / "nope")).returncode == 3
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "x.toml").write_text("name = \n")
    done = run(tmp_path, "generate", "--seed", "1", "--party", "2", "--designs", str(tmp_path / "d"))
    assert done.returncode == 3 and "x.toml" in done.stderr


def test_two_designs_with_one_name_are_refused(tmp_path):
    for stem in ("a", "b"):
        (tmp_path / f"{stem}.toml").write_text((SHIPPED / "wolf-den.toml").read_text())
    with pytest.raises(DesignProblem, match="two designs have this name"):
        load_designs(tmp_path)


def _generate(home: Path, *extra: str, party: str = "2,3,5", rooms: int = 4) -> dict:
    done = run(home, "generate", "--seed", "5", "--party", party, "--rooms", str(rooms), "--json", *extra)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_without_designs_every_room_says_it_was_built_at_the_table(tmp_path):
    doc = _generate(tmp_path)
    assert all(r["from_design"] == {"traps": None, "monsters": None, "treasure": None} for r in doc["rooms"])


def test_designs_that_fit_nothing_change_nothing(tmp_path):
    """No design fits a budget of 99: the rooms are exactly the ones built without a folder (the
    draws have their own stream, so nothing else shifts)."""
    folder = tmp_path / "huge"
    folder.mkdir()
    (folder / "huge.toml").write_text('name = "Huge"\n[[monsters]]\nlevel = 99\n')
    assert _generate(tmp_path, "--designs", str(folder)) == _generate(tmp_path)


def test_the_curator_sets_out_a_fitting_design_as_it_was_saved(tmp_path):
    designs = {d.name: d for d in load_designs(SHIPPED)}
    doc = _generate(tmp_path, "--seats", "human,ai:curator,ai:curator", "--designs", str(SHIPPED))
    drawn = 0
    # Bone Throne is priced for exactly this party (2, 3, 5) on its entrance floor
    assert any(room["from_design"]["monsters"] == "Bone Throne" for room in doc["rooms"])
    for room in doc["rooms"]:
        for category, name in room["from_design"].items():
            if name is None:
                continue
            drawn += 1
            saved = designs[name]
            assert sum(p["cost"] for p in room[category]) == room["budgets"][category] == saved.cost(category)
            if category == "monsters":
                bought = [(m["name"], m["level"]) for m in room["monsters"]]
                assert bought == [(m.name, m.level) for m in saved.monsters]
                assert sum(monster_cost(m) for m in saved.monsters) == room["budgets"]["monsters"]
            elif category == "traps":
                assert [t["name"] for t in room["traps"]] == [t.trap.name for t in saved.traps]
                assert sum(trap_cost(t.trap) for t in saved.traps) == room["budgets"]["traps"]
            else:
                assert sum(treasure_cost(i.item) for i in saved.treasure) == room["budgets"]["treasure"]
    assert drawn >= 4


def test_generate_text_says_which_design_a_category_came_from(tmp_path):
    done = run(tmp_path, "generate", "--seed", "5", "--party", "2,3,5", "--rooms", "1", "--seats", "human,ai:curator",
               "--designs", str(SHIPPED))
    assert done.returncode == 0 and 'from the design "Bone Throne"' in done.stdout


def test_a_run_sets_out_every_fitting_design_before_any_twice(tmp_path):
    doc = _generate(tmp_path, "--seats", "human,ai:curator,ai:curator", "--designs", str(SHIPPED), party="2,2",
                    rooms=8)
    fitting = {d.name for d in load_designs(SHIPPED) if d.covers("monsters") and d.cost("monsters") == 6}
    drawn = [r["from_design"]["monsters"] for r in doc["rooms"] if r["from_design"]["monsters"]]
    assert len(fitting) >= 2 and len(drawn) > len(fitting)
    assert set(drawn[:len(fitting)]) == fitting
