"""The site names no cube global of the engine (engine.geometry's CELL_NAMES, parse_cell,
cell_level...; engine.CELLS, engine.START_FEN...): cells, their names and the start position
come from the game's variant (games.variants), so a new variant needs no site edit."""
import ast
from pathlib import Path

from tests.architecture.imports import imported_modules

ROOT = Path(__file__).resolve().parents[2]
SITE_APPS = ("accounts", "analysis", "botapi", "bots", "chat", "conditionals", "games", "notify", "ratings",
             "tournaments", "raumschach_site")
# The engine's package-level names that belong to the cube or to Raumschach alone.
CUBE_GLOBALS = {"CELLS", "CELL_NAMES", "cell_file", "cell_level", "cell_name", "cell_rank",
                "parse_cell", "START_FEN", "PIECE_SYMBOLS"}


def site_sources():
    for app in SITE_APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def engine_globals_named(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "engine":
            found.update(alias.name for alias in node.names if alias.name in CUBE_GLOBALS)
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "engine" and node.attr in CUBE_GLOBALS):
            found.add(node.attr)
    return found


def test_no_site_module_imports_the_cubes_geometry_module():
    offenders = [str(p.relative_to(ROOT)) for p in site_sources()
                 if {"engine.geometry", "engine.fen"} & imported_modules(p)]
    assert offenders == []


def test_no_site_module_names_a_cube_global_of_the_engine():
    offenders = {str(p.relative_to(ROOT)): names for p in site_sources()
                 if (names := engine_globals_named(p))}
    # games.models keeps Raumschach's start string only as the column default of old rows.
    assert offenders == {"games/models.py": {"START_FEN"}}
