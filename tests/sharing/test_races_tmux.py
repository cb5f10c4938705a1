"""A race on the day's seed in a real terminal (tmux): `play --daily` ends at once (home to town,
retire), the end screen gives the run's place on its seed, and then through the command line
the seed's table shows it, its line is exported and imported by a friend with the recording, and
its morgue file replays. A run on a random seed is not filed."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "terminal"))
from sharing_tools import run  # noqa: E402
from tmux_helpers import TmuxPane, python_command, requires_tmux  # noqa: E402
from tmux_retire import retire  # noqa: E402

DAY, SEED = "2026-11-22", "20261122"


def retire_at_once(pane: TmuxPane, *args: str) -> str:
    """`tmux_retire.retire`, then the game left: the end-of-run screen's text."""
    screen = retire(pane, *args)
    pane.send_keys("Enter")
    assert pane.wait_until_gone("made of"), pane.capture()
    return screen


@requires_tmux
def test_a_daily_race_from_the_terminal_to_a_friends_table(tmp_path: Path) -> None:
    home = tmp_path / "me"
    env = {"MASTERLESS_HOME": str(home), "MASTERLESS_CONFIG_DIR": str(home / "config")}
    with TmuxPane(width=100, height=30, env=env) as pane:
        screen = retire_at_once(pane, "--daily", DAY)
    assert "This seed    #1 of the runs on it" in screen

    table = run(home, "scores", "--seed", SEED)
    assert table.returncode == 0 and "retired" in table.stdout and "replay " in table.stdout
    line = run(home, "scores", "export").stdout.strip()
    assert line.startswith(f"masterless:1:{SEED}:0:")
    recording = next(r.split("replay ", 1)[1] for r in table.stdout.splitlines() if "replay " in r)
    friend = tmp_path / "friend"
    done = run(friend, "scores", "import", line, "--recording", recording.strip())
    assert done.returncode == 0 and "verified" in done.stdout, done.stderr
    assert "[imported, replayed here]" in run(friend, "scores", "--seed", SEED).stdout

    (morgue,) = (home / "data" / "morgue").glob("*.txt")
    done = run(home, "replay", str(morgue), "--headless", "--verify")
    assert done.returncode == 0 and "verified" in done.stdout, done.stderr


@requires_tmux
def test_a_run_on_a_random_seed_goes_in_no_seed_table(tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    with TmuxPane(width=100, height=30, env=env) as pane:
        screen = retire_at_once(pane)
    assert "This seed" not in screen
    assert not (tmp_path / "data" / "seed_scores.json").exists()
    assert "No seeded runs yet" in run(tmp_path, "scores").stdout


@requires_tmux
def test_a_seeded_run_saved_and_continued_still_goes_in_its_seeds_table(tmp_path: Path) -> None:
    """`play --seed 9`, save and quit, `continue`, retire: the run went into no table (only `play`
    knew the seed was chosen), so a race saved halfway was lost to it."""
    env = {"MASTERLESS_HOME": str(tmp_path), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    with TmuxPane(width=100, height=30, env=env) as pane:
        pane.run(python_command("main.py", "play", "--seed", "9"))
        assert pane.wait_for("Turn 0"), pane.capture()
        pane.send_keys("S")
        assert pane.wait_for("Save and quit"), pane.capture()
        pane.send_keys("s")
        assert pane.wait_for("picks the run up"), pane.capture()
        screen = retire_at_once(pane, "continue")
    assert "This seed    #1 of the runs on it" in screen
    table = run(tmp_path, "scores", "--seed", "9")
    assert table.returncode == 0 and "retired" in table.stdout, table.stdout
