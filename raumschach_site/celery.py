"""The Celery app: workers run bot searches (queue `bots`), beat runs the deadline sweep."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")

app = Celery("raumschach_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
