from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = "Game analysis"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # analysis depends on games and plugs its evaluations into the game's export through
        # games.export_hook; games never imports analysis.
        from games import export_hook

        from . import selectors

        export_hook.register_move_annotations(selectors.export_annotations)
