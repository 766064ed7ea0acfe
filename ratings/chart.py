"""The rating history as a chart drawn on the server: plain numbers for an SVG template, so the
page needs no script and no chart library (and nothing user-written reaches the SVG)."""
from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 640, 220
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 48, 12, 12, 28


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str  # the polyline's "x,y x,y ..."
    dots: list[dict]  # {x, y, rating, game_id (public id), label} per rated game
    ticks: list[dict]  # {y, label} on the rating axis
    plot_left: int
    plot_right: int
    plot_bottom: int
    low: int
    high: int


def _nice_bounds(values: list[float]) -> tuple[int, int]:
    low, high = min(values), max(values)
    low, high = int(low // 50 * 50), int(-(-high // 50) * 50)
    if high - low < 100:  # a flat line still gets a readable scale
        middle = (high + low) // 2
        low, high = middle - 50, middle + 50
    return low, high


def rating_chart(history: list[tuple[str | None, float]]) -> Chart | None:
    """`history`: (game's public id, rating after) in order, starting with the rating before
    the first game as game id None. None with fewer than two points (nothing to draw)."""
    if len(history) < 2:
        return None
    ratings = [rating for _, rating in history]
    low, high = _nice_bounds(ratings)
    plot_w = WIDTH - PAD_LEFT - PAD_RIGHT
    plot_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    step = plot_w / (len(history) - 1)

    def y_of(rating: float) -> float:
        return PAD_TOP + (high - rating) / (high - low) * plot_h

    dots = []
    for index, (game_id, rating) in enumerate(history):
        x, y = PAD_LEFT + index * step, y_of(rating)
        dots.append({"x": round(x, 1), "y": round(y, 1), "rating": round(rating),
                     "game_id": game_id,
                     "label": f"{round(rating)} after game {game_id}" if game_id else
                     f"{round(rating)} before the first rated game"})
    span = high - low
    tick_step = 50 if span <= 300 else 100 if span <= 700 else 250
    first_tick = -(-low // tick_step) * tick_step
    ticks = [{"y": round(y_of(value), 1), "label": value}
             for value in range(first_tick, high + 1, tick_step)]
    return Chart(WIDTH, HEIGHT, " ".join(f"{d['x']},{d['y']}" for d in dots), dots, ticks,
                 PAD_LEFT, WIDTH - PAD_RIGHT, HEIGHT - PAD_BOTTOM, low, high)
