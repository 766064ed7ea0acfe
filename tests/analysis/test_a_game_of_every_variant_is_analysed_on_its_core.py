"""Every variant the engine plays is analysed by the core that plays it (the native core
when it plays the variant, else the Python core; never another variant's rules), its moves
(placements included) read in its own notation; the analysis task is routed to the `bots`
queue like the bots' searches."""
import pytest
from celery import current_app

import engine
from analysis.runner import Budget, analyse_game
from analysis.review import review_game
from engine import Position
from engine.search import choose_move
from engine.search.levels import core_for
from engine.variants import VARIANTS


def a_game(variant, plies: int = 8) -> list[str]:
    position, coords = Position.start(variant), []
    while len(coords) < plies and position.outcome() is None:
        move = choose_move(position, 1, seed=len(coords)).move
        coords.append(position.coord(move))
        position.push(move)
    return coords


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_every_variant_is_analysed_on_the_core_that_plays_it(key):
    variant = engine.variant_by_key(key)
    coords = a_game(variant)
    found, core = analyse_game(variant, variant.start_fen, coords, Budget(depth=3, nodes=20_000))
    assert core == core_for(variant)
    assert len(found) == len(coords) + 1
    position = Position.start(variant)
    for text, evaluation in zip(coords, found):
        # The engine's move in each position is legal there, and so is its line.
        line = position.copy()
        for step in evaluation.pv:
            move = engine.Move.from_coord(step, variant)
            assert line.is_legal(move), (key, step)
            line.push(move)
        position.push(engine.Move.from_coord(text, variant))
    played = [{"ply": i + 1, "move": c, "san": c} for i, c in enumerate(coords)]
    review = review_game(found, played, white_first=True)
    assert all(side is not None for side in review.accuracy.values())


def test_the_analysis_task_goes_to_its_own_queue():
    route = current_app.amqp.router.route({}, "analysis.tasks.analyse_game")
    assert route["queue"].name == "analysis"


def test_a_variant_on_the_python_core_gets_the_python_budget(settings, monkeypatch):
    from analysis import services

    settings.ANALYSIS_NODES, settings.ANALYSIS_PYTHON_NODES = 1_000_000, 60_000
    raumschach = engine.variant_by_key("raumschach")
    assert services.budget(raumschach).nodes == (
        1_000_000 if core_for(raumschach) == "native" else 60_000)
    monkeypatch.setattr(services, "core_for", lambda variant: "python")
    assert services.budget(raumschach).nodes == 60_000
