"""Driver for test_saves_kill.py: a hot-seat game recorded to the autosave after every action,
until it is killed (SIGKILL). It prints "applied <n>" as soon as its nth action is applied (as a
player's key would be, before the save) and "saved <n> <state hash>" once the autosave holds it."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.agents.scripted import scripted_action  # noqa: E402
from game.engine.dispatch import apply_action
from game.engine.saves import new_autosave  # noqa: E402


def main() -> None:
    seed = int(sys.argv[1])
    game, recorder = new_autosave(seed, "human,human,ai")
    counts: dict[int, int] = {}
    while game.phase != "over":
        seat = game.next_seat()
        if seat is None:
            break
        n = counts.get(seat, 0)
        counts[seat] = n + 1
        action = scripted_action(game, seat, n)
        apply_action(game, action)
        print("applied", recorder.count + 1, flush=True)
        recorder.add(game, action)
        print("saved", recorder.count, game.state_hash(), flush=True)
    print("over", flush=True)
    time.sleep(60)  # wait to be killed


if __name__ == "__main__":
    main()
