"""Signal receivers: revoke API tokens on log-out and rotate them when a password changes."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from .tokens import token_revoke, token_rotate

User = get_user_model()


@receiver(user_logged_out)
def revoke_token_on_logout(sender, request, user, **kwargs) -> None:
    if user is not None:
        token_revoke(user=user)


@receiver(pre_save, sender=User)
def note_password_change(sender, instance, **kwargs) -> None:
    """Remember whether this save changes the stored password (any path: form, admin, command)."""
    update_fields = kwargs.get("update_fields")
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        instance._password_changed = False
        return
    stored = User.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._password_changed = stored is not None and stored != instance.password


@receiver(post_save, sender=User)
def rotate_token_on_password_change(sender, instance, created, **kwargs) -> None:
    if not created and getattr(instance, "_password_changed", False):
        instance._password_changed = False
        token_rotate(user=instance)
