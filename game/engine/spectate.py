"""Following a recording as it grows (issue 18, `watch`): a spectator's own copy of the game,
brought up to date with whatever the player's game has written since the last look.

The player's game never knows it is watched: it writes its recording (the autosave) as always,
atomically, so a spectator reads either the file before a write or the file after it, never a
mix, and any number of spectators can read it at once. Each look costs a stat of the file; only
a changed file is read again, and only the actions not yet seen are applied (each checked
against the recording, as a replay checks them). A file that now begins differently (a new run
over the autosave) starts the spectator's copy again; a file that is gone leaves the last
state on screen (it was moved away), unless it was the autosave of a run that ended: that one is
filed under Replays at once, often before a spectator's next look, so the filed recording that
goes on from what was seen is followed to the run's end ("filed")."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.core.errors import FileProblem, ReplayDesync
from game.core.paths import RECORDINGS
from game.engine.recording import SUFFIX, Recording
from game.engine.recording_read import read_recording
from game.engine.replay import Replay


class Follower:
    """`poll()` brings `game` up to date with the file at `path`; `status` says where it stands:
    "waiting" (no game yet), "following", "left" (the player abandoned the run: its trailer says
    so, and no action will come), "filed" (the run ended and its recording, `filed_as`, was
    followed to its end), "gone" (the file went away), or "stuck" (it cannot be read or played;
    `problem` says why)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.replay: Replay | None = None
        self.status = "waiting"
        self.problem = ""
        self.restarts = 0  # how many times a new run replaced the one being watched
        self._seen: tuple[int, int, int] | None = None
        self._header: dict[str, Any] | None = None
        self.filed_as: Path | None = None

    @property
    def game(self) -> Any:
        return self.replay.game if self.replay is not None else None

    @property
    def actions(self) -> int:
        return self.replay.index if self.replay is not None else 0

    def poll(self) -> bool:
        """Look at the file once; True when anything changed (the game or the status)."""
        try:
            st = os.stat(self.path)
        except OSError:
            if self.replay is None:
                return self._set("waiting", "")
            if self.status == "filed":
                return False
            filed = self._filed_recording() if self.status in ("following", "left") else None
            if filed is None:
                return self._set("gone", "")
            self.filed_as = filed[0]
            try:
                self._follow(filed[1])
            except ReplayDesync as exc:
                return self._set("stuck", f"{filed[0]}: {exc}")
            self._set("filed", "")
            return True
        seen = (st.st_ino, st.st_mtime_ns, st.st_size)
        if seen == self._seen:
            return False
        self._seen = seen
        try:
            recording = read_recording(self.path)
        except FileProblem as exc:
            return self._set("stuck", str(exc))
        try:
            return self._follow(recording)
        except ReplayDesync as exc:
            return self._set("stuck", f"{self.path}: {exc}")

    def _follow(self, recording: Recording) -> bool:
        header = recording.header.to_json()
        replay = self.replay
        same_run = self._goes_on(recording)
        if not same_run:
            if replay is not None:
                replay.close()
                self.restarts += 1
            replay = self.replay = Replay(recording, keyframe_every=0, verify=True)
            self._header = header
        else:
            assert replay is not None
            replay.recording = recording  # the grown file: its new actions and its new trailer
            replay.steps = recording.steps
            replay.turn_before = [s.turn for s in recording.steps]
        before = replay.index
        replay.run()
        changed = self._set("left" if recording.left else "following", "")
        return replay.index != before or not same_run or changed

    def _filed_recording(self) -> tuple[Path, Recording] | None:
        """The recording the followed file was filed as when its run ended (under Replays beside
        it, written no earlier than the last look): the same run, going on from the actions seen."""
        assert self._seen is not None
        try:
            candidates = [p for p in (self.path.parent / RECORDINGS).glob(f"*{SUFFIX}")
                          if p.stat().st_mtime_ns >= self._seen[1]]
        except OSError:
            return None
        for path in sorted(candidates):
            try:
                recording = read_recording(path)
            except FileProblem:
                continue
            if self._goes_on(recording):
                return path, recording
        return None

    def _goes_on(self, recording: Recording) -> bool:
        """Whether `recording` is the run followed so far, as far as it was seen or further."""
        replay = self.replay
        return (replay is not None and recording.header.to_json() == self._header
                and len(recording.steps) >= replay.index
                and (replay.index == 0 or recording.steps[replay.index - 1] == replay.steps[replay.index - 1]))

    def _set(self, status: str, problem: str) -> bool:
        changed = (status, problem) != (self.status, self.problem)
        self.status, self.problem = status, problem
        return changed

    def close(self) -> None:
        if self.replay is not None:
            self.replay.close()
            self.replay = None
