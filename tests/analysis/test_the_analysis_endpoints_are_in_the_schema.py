"""The analysis endpoints are documented in the OpenAPI schema with their declared answers."""
import pytest
import yaml

pytestmark = pytest.mark.django_db


def test_the_schema_documents_get_and_post(anon):
    schema = yaml.safe_load(anon.get("/api/schema/").content)
    path = schema["paths"]["/api/v1/games/{game_id}/analysis/"]
    assert set(path["get"]["responses"]) >= {"200", "403", "404"}
    assert set(path["post"]["responses"]) >= {"200", "202", "401", "403", "404", "409", "429"}
    out = schema["components"]["schemas"]["AnalysisOut"]["properties"]
    assert {"status", "moves", "players", "progress", "total"} <= set(out)
    move = schema["components"]["schemas"]["AnalysedMoveOut"]["properties"]
    assert {"eval_cp", "mate", "best", "pv", "judgement"} <= set(move)
