from django.apps import AppConfig


class NotifyConfig(AppConfig):
    name = "notify"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save, pre_save

        from games import signals
        from games.models import Challenge

        from . import receivers

        signals.turn_passed.connect(receivers.on_turn_passed, weak=False,
                                    dispatch_uid="notify.your_turn")
        signals.game_ending.connect(receivers.on_game_ending, weak=False,
                                    dispatch_uid="notify.game_over")
        from tournaments import signals as tournament_signals

        tournament_signals.round_started.connect(receivers.on_round_started, weak=False,
                                                 dispatch_uid="notify.tournament_round")
        post_save.connect(receivers.on_challenge_saved, sender=Challenge, weak=False,
                          dispatch_uid="notify.challenge")
        user_model = get_user_model()
        pre_save.connect(receivers.on_user_pre_save, sender=user_model, weak=False,
                         dispatch_uid="notify.user_email_before")
        post_save.connect(receivers.on_user_saved, sender=user_model, weak=False,
                          dispatch_uid="notify.user_email_after")
