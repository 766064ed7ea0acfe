"""The serializers of the answer to every move build their fields once per class
(core.serializers.FieldsOnceSerializer) instead of deep-copying them per answer: the answer is
the one a plain DRF serializer gives, and a field that would read the serializer or the request
through its shared parent is refused."""
import pytest
from rest_framework import serializers

from core.serializers import FieldsOnceSerializer
from games.api.serializers import GameStateOut, MovePlayedOut
from games.selectors import game_state
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def _plain(serializer_class: type) -> type:
    """The same declared fields on DRF's own Serializer (fields copied per instance)."""
    declared = {}
    for name, field in serializer_class._declared_fields.items():
        if isinstance(field, FieldsOnceSerializer):
            field = _plain(type(field))()
        elif isinstance(field, serializers.ListSerializer) and isinstance(field.child,
                                                                         FieldsOnceSerializer):
            field = _plain(type(field.child))(many=True)
        declared[name] = field
    return type(f"Plain{serializer_class.__name__}", (serializers.Serializer,), declared)


def test_a_move_answer_is_the_one_drf_would_build(alice, bob):
    game = play(make_game(alice, bob), "Bb2Bb3", "Db4Db3")
    body = {"ply": 2, "move": "Db4Db3", "san": "Db4-Db3", "fen": game.fen,
            "game": game_state(game, alice, since_ply=1)}
    for _ in range(2):  # the second answer uses the fields the first built
        assert MovePlayedOut(body).data == _plain(MovePlayedOut)(body).data
    assert GameStateOut(body["game"]).data == _plain(GameStateOut)(body["game"]).data
    assert MovePlayedOut(body).fields is MovePlayedOut(body).fields


def test_a_field_that_reads_its_serializer_cannot_be_shared():
    class Leaky(FieldsOnceSerializer):
        url = serializers.SerializerMethodField()

        def get_url(self, obj) -> str:
            return self.context["request"].path

    with pytest.raises(TypeError, match="Leaky.url"):
        Leaky({}).data
