from django.apps import AppConfig


class ExplorerConfig(AppConfig):
    name = "explorer"
    verbose_name = "Opening explorer"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # explorer listens to games (games.signals); games never imports explorer.
        from django.db import transaction

        from games import signals

        from . import services

        def on_game_ending(sender, game, **kwargs) -> None:
            # Inside the ending transaction the final move is not stored yet (the mating
            # move's row follows the end): count once it has committed. A count lost to a
            # crash between the two is made up by the periodic catch-up (explorer.tasks).
            game_id = game.pk
            transaction.on_commit(lambda: services.explorer_count_game(game_id=game_id),
                                  robust=True)

        signals.game_ending.connect(on_game_ending, weak=False,
                                    dispatch_uid="explorer.explorer_count_game")
