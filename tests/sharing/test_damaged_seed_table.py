"""A run on a chosen seed ends while the score tables per seed cannot be read (a damaged
`seed_scores.json`): the file was moved aside as `seed_scores.json.bad` and the run filed in
tables that start again, without a word at the end of the run (only `scores` said so later). The
end of the run now says it, in one line: the tables were damaged, where the damaged file went,
and that the run was still filed."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "terminal"))
from sharing_tools import run  # noqa: E402
from tmux_helpers import TmuxPane, requires_tmux  # noqa: E402
from tmux_retire import retire  # noqa: E402


@requires_tmux
def test_the_end_of_the_run_says_the_seed_table_was_damaged_where_it_went_and_that_the_run_was_filed(
        tmp_path: Path) -> None:
    env = {"MASTERLESS_HOME": str(tmp_path), "MASTERLESS_CONFIG_DIR": str(tmp_path / "config")}
    table = tmp_path / "data" / "seed_scores.json"
    table.parent.mkdir(parents=True)
    table.write_text('{"9": [{"seed": 9, "score": ')  # cut short mid-write by some other program
    with TmuxPane(width=160, height=40, env=env) as pane:
        said = " ".join(retire(pane, "--seed", "9", until="The run is over").split())
        pane.send_keys("Enter")
        assert pane.wait_for("made of"), pane.capture()
        end = pane.capture()
    bad = tmp_path / "data" / "seed_scores.json.bad"
    assert bad.exists()
    assert "score tables per seed could not be read" in said, said
    assert "".join(f"kept as {bad}".split()) in "".join(said.split()), said  # the path, even wrapped
    assert "this run was still filed, #1 on seed 9" in said, said
    assert "This seed    #1 of the runs on it" in end
    assert "retired" in run(tmp_path, "scores", "--seed", "9").stdout
