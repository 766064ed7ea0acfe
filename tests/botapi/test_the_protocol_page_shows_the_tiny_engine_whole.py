"""docs/engine-protocol.md shows the complete engine the bridge's tests play with,
scripts/tiny_engine.py, whole and as it is (the page cannot drift from the program that the
tests prove plays every game)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_s_python_block_is_the_tiny_engine():
    page = (ROOT / "docs" / "engine-protocol.md").read_text()
    block = page.split("```python\n", 1)[1].split("```", 1)[0]
    program = (ROOT / "scripts" / "tiny_engine.py").read_text()
    assert block == program
    assert len(program.splitlines()) <= 40
