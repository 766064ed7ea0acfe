"""Start the home page's bot-v-bot showcase game if it is not running."""
from django.core.management.base import BaseCommand

from bots.showcase import showcase_ensure


class Command(BaseCommand):
    help = "Start the showcase bot-v-bot game (SHOWCASE_LEVELS) unless one is running."

    def handle(self, *args, **options) -> None:
        game = showcase_ensure()
        self.stdout.write(f"showcase game: {game.pk if game else 'disabled'}")
