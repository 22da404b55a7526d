"""Admin for profile attributes."""

from django.contrib import admin

from .models import ProfileAttribute


@admin.register(ProfileAttribute)
class ProfileAttributeAdmin(admin.ModelAdmin):
    list_display = ("user", "attribute", "value", "position")
    list_filter = ("attribute",)
    search_fields = ("user__username", "value")
    raw_id_fields = ("user",)
