"""Routes of the account pages."""
from django.urls import path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("language/", views.set_language, name="set_language"),
    path("password/", views.password_change, name="password_change"),
    path("profile/tokens/", views.token_create, name="token_create"),
    path("profile/tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
]
