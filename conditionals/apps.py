from django.apps import AppConfig


class ConditionalsConfig(AppConfig):
    name = "conditionals"
    verbose_name = "Conditional moves"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Listens to games (docs/architecture.md): games never imports conditionals.
        from games import signals

        from . import services

        def on_turn_passed(sender, game_id: int, **kwargs) -> None:
            services.conditional_moves_fire(game_id=game_id)

        def on_game_ending(sender, game, **kwargs) -> None:
            services.conditional_lines_discard(game=game)

        def on_moves_taken_back(sender, game, **kwargs) -> None:
            services.conditional_lines_taken_back(game=game)

        signals.moves_taken_back.connect(on_moves_taken_back, weak=False,
                                         dispatch_uid="conditionals.taken_back")
        signals.turn_passed.connect(on_turn_passed, weak=False,
                                    dispatch_uid="conditionals.fire")
        signals.game_ending.connect(on_game_ending, weak=False,
                                    dispatch_uid="conditionals.discard")
