"""Chat lines of a game: one room for its two players, one for everybody else (spectators).

Changed only through `chat.services`; staff delete lines in the admin."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game


class ChatMessage(models.Model):
    class Room(models.TextChoices):
        PLAYERS = "players"
        SPECTATORS = "spectators"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    room = models.CharField(max_length=10, choices=Room.choices)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="chat_messages")
    # Plain text, shown as text (never HTML); the length limit is settings.CHAT_MAX_LENGTH.
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["game", "room", "id"], name="chat_game_room_idx")]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.room} {self.author_id}: {self.text[:40]}"


class ChatMute(models.Model):
    """`user` does not want to read the other player's lines in `game`."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_mutes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="chat_mutes")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="chat_mute_once")]

    def __str__(self) -> str:
        return f"{self.user_id} mutes the opponent in {self.game_id}"
