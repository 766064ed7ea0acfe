"""Routes of the account endpoints, under /api/v1/accounts/."""
from django.urls import path

from . import api

urlpatterns = [
    path("signup/", api.SignupView.as_view(), name="api-signup"),
    path("token/", api.TokenObtainView.as_view(), name="api-token"),
    path("password/", api.PasswordChangeView.as_view(), name="api-password"),
    path("tokens/", api.TokenListView.as_view(), name="api-tokens"),
    path("tokens/<int:token_id>/", api.TokenDetailView.as_view(), name="api-token-detail"),
]
