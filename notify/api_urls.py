from django.urls import path

from . import api

urlpatterns = [
    path("settings/", api.MailSettingsView.as_view(), name="api-mail-settings"),
    path("settings/verify/", api.VerificationView.as_view(), name="api-mail-verify"),
]
