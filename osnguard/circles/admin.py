"""Admin for friend groups, friendships, requests and interactions."""

from django.contrib import admin

from .models import FriendGroup, FriendRequest, Friendship, Interaction


@admin.register(FriendGroup)
class FriendGroupAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "level", "created_at")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner",)


@admin.register(Friendship)
class FriendshipAdmin(admin.ModelAdmin):
    list_display = ("owner", "friend", "group", "suggested_level", "interaction_count")
    search_fields = ("owner__username", "friend__username")
    raw_id_fields = ("owner", "friend", "group")


@admin.register(FriendRequest)
class FriendRequestAdmin(admin.ModelAdmin):
    list_display = ("from_user", "to_user", "status", "created_at", "responded_at")
    list_filter = ("status",)
    raw_id_fields = ("from_user", "to_user")


@admin.register(Interaction)
class InteractionAdmin(admin.ModelAdmin):
    list_display = ("owner", "friend", "kind", "occurred_at")
    list_filter = ("kind",)
    raw_id_fields = ("owner", "friend")
