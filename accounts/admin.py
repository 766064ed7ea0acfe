from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm
from django.core.exceptions import ValidationError

from core.errors import RateLimited

from .errors import InvalidCredentials, SignupRefused
from .http import client_ip, known_device_keys
from .models import ApiToken
from .services import user_authenticate, username_check_free


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("prefix", "user", "name", "created_at", "last_used_at")
    search_fields = ("user__username", "name", "prefix")
    # Deleting a token here revokes it; the hash itself is never shown or editable.
    fields = ("user", "name", "prefix", "created_at", "last_used_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False


class RateLimitedAdminLoginForm(AdminAuthenticationForm):
    """The admin's log-in checks passwords through the same limited service as the site's log-in
    page (per address and per account; accounts.services), instead of calling authenticate()
    unguarded."""

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            try:
                self.user_cache = user_authenticate(
                    username=username, password=password, client_ip=client_ip(self.request),
                    scope="login", known_device_keys=known_device_keys(self.request))
            except RateLimited as exc:
                raise ValidationError(exc.detail, code="rate_limited") from None
            except InvalidCredentials:
                raise self.get_invalid_login_error() from None
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


admin.site.login_form = RateLimitedAdminLoginForm


class NormalisedUserCreationForm(AdminUserCreationForm):
    """An admin adding an account meets the same name rules as sign-up: no second `rluser6` in
    full-width, no look-alike of a bot or staff name (accounts.usernames)."""

    def clean_username(self):
        username = super().clean_username()
        try:
            username_check_free(username=username)
        except SignupRefused as exc:
            raise ValidationError(exc.detail, code=exc.code) from None
        return username


class AccountUserAdmin(UserAdmin):
    add_form = NormalisedUserCreationForm


User = get_user_model()
if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, AccountUserAdmin)
