"""HTML pages for sign-up and the profile (log-in, log-out and password change are Django's)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from osnguard.core.forms import add_service_errors
from osnguard.core.limits import client_ip, rate_limit_hit
from osnguard.core.requests import AuthenticatedHttpRequest

from .attributes import ATTRIBUTE_SPECS
from .forms import ProfileForm, SignUpForm
from .selectors import profile_get, profile_settings_get
from .services import profile_settings_update, profile_update, user_sign_up


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account, sign in, and go to the profile page to fill it in."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and rate_limit_hit(
        scope="signup", key=client_ip(request), rate=settings.SIGNUP_RATE
    ):
        form.is_valid()  # show the entered values again, without creating anything
        form.errors.clear()
        form.add_error(None, "Too many sign-ups from your address; please try again later.")
        return render(request, "accounts/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_sign_up(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data.get("email", ""),
                first_name=form.cleaned_data.get("first_name", ""),
                last_name=form.cleaned_data.get("last_name", ""),
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                "Welcome to osnguard! Your five friend groups are ready; tell us about you.",
            )
            return redirect("accounts:profile")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/signup.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    """View and edit one's own profile attributes."""
    stored = profile_get(user=request.user)
    if request.method == "POST":
        form = ProfileForm(request.POST)
        if form.is_valid():
            try:
                profile_update(user=request.user, attributes=form.attributes(), names=form.names())
                profile_settings_update(
                    user=request.user,
                    fingerprint_all=form.cleaned_data["fingerprint_all"],
                    invisible_fingerprint=form.cleaned_data["invisible_fingerprint"],
                    typographic_fingerprint=form.cleaned_data["typographic_fingerprint"],
                    warn_typical_writing=form.cleaned_data["warn_typical_writing"],
                )
            except ValidationError as exc:
                add_service_errors(form, exc)
            else:
                messages.success(request, "Profile saved.")
                return redirect("accounts:profile")
    else:
        posting = profile_settings_get(user=request.user)
        form = ProfileForm(
            initial=ProfileForm.initial_from(
                user=request.user,
                profile=stored,
                fingerprint_all=posting.fingerprint_all,
                invisible_fingerprint=posting.invisible_fingerprint,
                typographic_fingerprint=posting.typographic_fingerprint,
                warn_typical_writing=posting.warn_typical_writing,
            )
        )
    filled = sum(1 for values in stored.values() if values)
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form,
            "specs": ATTRIBUTE_SPECS,
            "filled": filled,
            "total": len(ATTRIBUTE_SPECS),
        },
        status=400 if form.errors else 200,
    )
