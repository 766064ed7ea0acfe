"""RAUMSCHACH_CORE / --core choose the core (default native); without a built native core the
engine runs on the pure-Python core after one warning line."""
import subprocess
import sys

import pytest

from engine import Position
from engine import core as cores


def test_the_default_core_is_native_when_it_is_built(native, monkeypatch):
    monkeypatch.delenv("RAUMSCHACH_CORE", raising=False)
    assert cores.core_name() == "native"


def test_the_environment_and_the_argument_choose_the_core(monkeypatch):
    monkeypatch.setenv("RAUMSCHACH_CORE", "python")
    assert cores.core_name() == "python"
    assert cores.core_name("python") == "python"
    with pytest.raises(ValueError, match="unknown core"):
        cores.core_name("fortran")


def test_without_the_native_core_everything_runs_on_python_after_one_warning_line():
    script = (
        "import sys; sys.modules['engine._rs_native'] = None\n"  # as if it had never been built
        "from engine import Position\n"
        "from engine import core\n"
        "from engine.search import choose_move\n"
        "print(core.perft(Position.start(), 2), core.core_name())\n"
        "print(choose_move(Position.start(), 2, seed=1).depth)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env={"RAUMSCHACH_CORE": "native", "PATH": ""})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3615", "python", "3"]
    warnings = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(warnings) == 1 and warnings[0].startswith("warning: native Raumschach core not built")


def test_the_command_line_takes_a_core(capsys, monkeypatch):
    from engine.cli import main

    monkeypatch.setenv("RAUMSCHACH_CORE", "native")  # main() sets it from --core: restored after

    assert main(["perft", "2", "--core", "python"]) == 0
    assert capsys.readouterr().out.split()[-1] == "3615"
    assert cores.perft(Position.start(), 0, core="python") == 1
