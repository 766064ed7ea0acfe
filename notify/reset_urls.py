"""/password/reset/...: Django's password-reset views with notify's mail and limits."""
from django.urls import path

from . import password_reset as views

urlpatterns = [
    path("", views.ResetView.as_view(), name="password_reset"),
    path("sent/", views.ResetDoneView.as_view(), name="password_reset_done"),
    path("<uidb64>/<token>/", views.ResetConfirmView.as_view(), name="password_reset_confirm"),
    path("done/", views.ResetCompleteView.as_view(), name="password_reset_complete"),
]
