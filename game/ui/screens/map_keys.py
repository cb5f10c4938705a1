"""The map screen's keys turned into the game's actions: a step or a blow, search, disarm, open
or use (asking where when there is a choice), the stairs, heading back, quitting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.sentences import plural
from game.mapgen.tiles import ACTIONABLE, Tile
from game.ui.describe import tile_words, trap_afar, treasure_beside, worked_already
from game.ui.keymap import DIRECTIONS
from game.ui.map_layout import Prompt
from game.ui.screens.dialog import ConfirmDialog
from game.ui.state import State

if TYPE_CHECKING:
    from game.engine.game import Game

FAR_BEHIND = 10  # tiles: a friend further than this is "left behind" when going down


class MapKeys:
    """Keys to actions for MapScreen (which holds the session, the travel and the notice line)."""

    def game_action(self, action: str, seat: int, eid: int) -> State | None:
        from game.engine import actions as A  # start-up: loaded with the first action

        game = self.game
        if action in DIRECTIONS:
            return self.move(seat, eid, *DIRECTIONS[action])
        if action == "wait":
            return self.act(A.Wait(seat))
        if action == "search":
            return self.act(A.Search(seat))
        if action == "pick_up":
            from game.engine.loot import reachable_treasure  # start-up: loaded with the first pick-up

            if not reachable_treasure(game, eid) and (where := treasure_beside(game, eid, self.keys("pick_up"))):
                self.notice = where  # the engine would only say "nothing here": say where to stand
                return None
            return self.act(A.PickUp(seat))
        if action == "spend_story":
            return self.act(A.SpendStory(seat))
        if action == "disarm":
            from game.ui.auto_travel import trap_known_near, trapped_doors_near  # loaded with the first disarm

            traps = trap_known_near(game, eid)
            spots = sorted(set(traps) | set(trapped_doors_near(game, eid)))
            if not spots:
                self.notice = (trap_afar(game, eid)
                               or f"You know of no trap within reach ({self.keys('search')} searches for traps).")
                return None
            if len(spots) == 1:
                return self.risking(eid, *spots[0], disarm_at(seat, spots[0], traps))
            self.prompt = Prompt("disarm", "Disarm which trap? A direction,", spots)
            return None
        if action == "use":
            spots = self.use_spots(eid)
            if not spots:
                self.notice = "There is nothing here to open or use."
                return None
            if len(spots) == 1:
                return self.risking(eid, *spots[0], A.Interact(seat, *spots[0]))
            self.prompt = Prompt("use", "Open or use which way? A direction,", spots)
            return None
        if action == "autoexplore":
            return self.start_travel("explore")
        if action == "travel_stairs":
            return self.start_travel("stairs")
        if action == "travel_entrance":
            return self.start_travel("entrance")
        if action == "descend":
            return self.descend(seat, eid)
        if action == "head_back":
            return self.head_back(seat, eid)
        self.notice = f"{action.replace('_', ' ')} is not possible here."
        return None

    def move(self, seat: int, eid: int, dx: int, dy: int) -> State | None:
        """A step; bumping known furniture uses it, bumping a known wall or furniture already
        gone through is refused here (it would cost the turn for nothing)."""
        from game.engine import actions as A  # start-up: loaded with the first action

        game = self.game
        pos = game.position(eid)
        if pos is not None:
            x, y = pos.x + dx, pos.y + dy
            floor = game.floor
            inside = 0 <= x < floor.width and 0 <= y < floor.height
            if inside and floor.explored[y, x] and not floor.walkable[y, x] and game.creature_at(x, y) is None:
                tile = int(floor.tile[y, x])
                if ACTIONABLE[tile]:
                    done = worked_already(game, x, y, self.keys("pick_up"), self.keys("use"))
                    if done:
                        self.notice = done  # as a wall: no turn for nothing (`o` still works it)
                        return None
                    return self.act(A.Interact(seat, x, y))
                self.notice = f"The way is blocked: {tile_words(game, x, y)}."
                return None
            if inside:
                return self.risking(eid, x, y, A.Move(seat, dx, dy))
        return self.act(A.Move(seat, dx, dy))

    def risking(self, eid: int, x: int, y: int, action: object) -> State | None:
        """`action` at (x, y); first asked when it is a try at a door whose failure could slay the
        hero (autoexplore will not try one; a key pressed there may not know it: D, a step, o)."""
        question = deadly_door_question(self.game, eid, x, y)
        if question is None:
            return self.act(action)
        return ConfirmDialog(self.kit, self, question, on_yes=lambda: self.act(action), title="Risk it?",
                             yes_label="Try it")

    def use_spots(self, eid: int) -> list[tuple[int, int]]:
        """Adjacent tiles (and the hero's own) holding something to open or use."""
        pos = self.game.position(eid)
        if pos is None:
            return []
        floor = self.game.floor
        out = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                x, y = pos.x + dx, pos.y + dy
                if not (0 <= x < floor.width and 0 <= y < floor.height) or not floor.explored[y, x]:
                    continue
                tile = int(floor.tile[y, x])
                if ACTIONABLE[tile] and tile not in (Tile.STAIR_DOWN, Tile.STAIR_UP):
                    if tile == Tile.DOOR_OPEN and (dx, dy) == (0, 0):
                        continue
                    out.append((x, y))
        return out

    def answer(self, key: str) -> State | None:
        from game.engine import actions as A  # start-up: loaded with the first action

        prompt = self.prompt
        assert prompt is not None
        action = self.kit.keymap.action_for(key, "game")
        seat, eid = self.seat(), self.hero()
        if action == "back" or seat is None or eid is None:
            self.prompt = None
            self.notice = "Never mind."
            return None
        pos = self.game.position(eid)
        if action in DIRECTIONS and pos is not None:
            dx, dy = DIRECTIONS[action]
            target = (pos.x + dx, pos.y + dy)
        elif action == "wait" and pos is not None:
            target = (pos.x, pos.y)
        else:
            self.notice = f"{prompt.question} or Esc."
            return None
        self.prompt = None
        if target not in prompt.candidates:
            self.notice = "Nothing to disarm there." if prompt.verb == "disarm" else "Nothing to open or use there."
            return None
        if prompt.verb == "disarm":
            from game.ui.auto_travel import trap_known_near  # start-up: loaded with the first disarm

            return self.risking(eid, *target, disarm_at(seat, target, trap_known_near(self.game, eid)))
        return self.risking(eid, *target, A.Interact(seat, *target))

    def descend(self, seat: int, eid: int) -> State | None:
        from game.engine import actions as A  # start-up: loaded with the first action

        game = self.game
        pos = game.position(eid)
        if pos is None or int(game.floor.tile[pos.y, pos.x]) != Tile.STAIR_DOWN:
            self.notice = f"There is no stair down here ({self.keys('travel_stairs')} travels to a known one)."
            return None
        far = []
        for other, _ in game.heroes():
            opos = game.position(other)
            if other != eid and opos is not None and max(abs(opos.x - pos.x), abs(opos.y - pos.y)) > FAR_BEHIND:
                far.append(game.name(other))
        if far:
            who = " and ".join(far)
            return ConfirmDialog(self.kit, self, f"{who} {'is' if len(far) == 1 else 'are'} far behind. The whole "
                                 "party goes down together, whatever it is doing. Go down now?",
                                 on_yes=lambda: self.act(A.Descend(seat)), title="Go down?", yes_label="Go down")
        return self.act(A.Descend(seat))

    def head_back(self, seat: int, eid: int) -> State | None:
        from game.engine import actions as A  # start-up: loaded with the first action

        game = self.game
        pos = game.position(eid)
        on_stair_up = pos is not None and int(game.floor.tile[pos.y, pos.x]) == Tile.STAIR_UP
        if on_stair_up:
            if game.dungeon.floor_no == game.dungeon.entrance_floor:
                return ConfirmDialog(self.kit, self, "Climb out of the dungeon and go to town? In town you can "
                                     "sell treasure, buy healing, retire or go back down.",
                                     on_yes=lambda: self.act(A.Ascend(seat)), title="Leave the dungeon?",
                                     yes_label="To town")
            return self.act(A.Ascend(seat))
        if game.party.returning:
            self.notice = (f"The party is heading home: {self.keys('travel_entrance')} travels to the stair up, "
                           f"{self.keys('head_back')} on it climbs.")
            return None

        def turn_back() -> State | None:
            nxt = self.act(A.HeadBack(seat))
            self.notice = f"{self.keys('travel_entrance')} travels to the stair up."
            return nxt

        return ConfirmDialog(self.kit, self, "Head back to town? The party retraces its steps to the entrance; "
                             "wandering monsters may meet it on the way.", on_yes=turn_back,
                             title="Head back?", yes_label="Head back")

    def ask_quit(self) -> State:
        from game.ui.screens.quit import QuitDialog  # start-up: opened on demand

        def save() -> State:
            self.host.save(self.session)
            return self.host.leave(self.session, abandon=False)

        return QuitDialog(self.kit, self, on_save=save, on_abandon=lambda: self.host.leave(self.session, True))


def disarm_at(seat: int, spot: tuple[int, int], traps: list[tuple[int, int]]) -> object:
    """Disarm at `spot`: a known trap there is disarmed; else it is a door known to be trapped,
    and trying it again is its Traps test (the engine's door try)."""
    from game.engine import actions as A  # start-up: loaded with the first action

    return A.Disarm(seat, *spot) if spot in traps else A.Interact(seat, *spot)


def deadly_door_question(game: Game, eid: int, x: int, y: int) -> str | None:
    """The question before a try at a closed door the party knows a failure of could slay this
    hero (as `routes.perilous` judges it), or None."""
    from game.engine.routes import perilous  # start-up: loaded with the first door
    from game.mapgen.tables import door_kinds  # start-up: loaded with the first door
    from game.world.components import DoorState, HeroState  # start-up: loaded with the first door

    door_eid = game.entity_at(x, y, DoorState)
    if door_eid is None or int(game.floor.tile[y, x]) != Tile.DOOR:
        return None
    door = game.world.comp(door_eid, DoorState)
    pain = door_kinds()[door.now].pain_at(door.tier) if door.locked else 0
    hits = game.world.comp(eid, HeroState).hits
    if not pain or not perilous(door, pain, hits):
        return None
    return (f"A failed try at this door deals up to {pain} Pain dice, and {game.name(eid)} has "
            f"{plural(hits, 'Hit')} left: it could be the end of them. Try it anyway?")
