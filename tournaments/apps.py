from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # tournaments listens to games (signals); games never imports tournaments.
        from games import signals

        from . import receivers

        signals.game_ending.connect(receivers.on_game_ending, weak=False,
                                    dispatch_uid="tournaments.game_ending")
