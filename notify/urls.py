from django.urls import path

from . import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notify-unsubscribe"),
    path("verify/<str:token>/", views.verify, name="notify-verify"),
    path("settings/", views.mail_settings, name="notify-settings"),
    path("settings/vacation/", views.vacation, name="notify-vacation"),
    path("settings/verify/", views.resend_verification, name="notify-resend-verification"),
]
