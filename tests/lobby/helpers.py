"""Helpers for the lobby tests."""
from __future__ import annotations

from games.models import Challenge
from ratings.models import Rating, RatingChange
from tests.site_fixtures import db_snapshot


def post_seek(client, **fields):
    return client.post("/api/v1/challenges/", {"public": True, "days_per_move": 3, **fields},
                       format="json")


def snapshot() -> dict:
    return {**db_snapshot(), "ratings": list(Rating.objects.order_by("pk").values()),
            "changes": list(RatingChange.objects.order_by("pk").values())}


def seek_ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [seek["id"] for seek in response.json()]


def open_seeks() -> int:
    return Challenge.objects.filter(public=True, status="pending").count()
