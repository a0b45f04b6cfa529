"""What the account pages share: the site's look for a form's inputs, the password that
confirms a change to an account, and the request of a signed-in person."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils.translation import gettext, gettext_lazy


class SignedInRequest(HttpRequest):
    """The request of a view behind ``login_required``: its ``user`` is an account."""

    user: User


class SiteFields:
    """Draws a form's inputs in the site's look (the ``input`` class)."""

    fields: dict[str, forms.Field]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.widget.attrs["class"] = "input"


class DeleteForm(SiteFields, forms.Form):
    """The account's password, to confirm that its owner is deleting it."""

    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(
                gettext("That is not your password."), code="password_incorrect"
            )
        return password
