"""Friend requests, friendships and blocks, for moderators to read (nothing is edited here)."""

from __future__ import annotations

from django.contrib import admin

from friends.models import Block, FriendRequest, Friendship
from moderation.admin.base import ReadOnlyAdmin


@admin.register(FriendRequest)
class FriendRequestAdmin(ReadOnlyAdmin):
    """Pending friend requests: who asked whom, when."""

    list_display = ["created_at", "sender", "receiver"]
    search_fields = ["sender__name", "receiver__name"]
    date_hierarchy = "created_at"
    list_select_related = ["sender", "receiver"]
    fields = ("created_at", "sender", "receiver")
    readonly_fields = fields


@admin.register(Friendship)
class FriendshipAdmin(ReadOnlyAdmin):
    """Friendships: one row per pair."""

    list_display = ["created_at", "low", "high"]
    search_fields = ["low__name", "high__name"]
    date_hierarchy = "created_at"
    list_select_related = ["low", "high"]
    fields = ("created_at", "low", "high")
    readonly_fields = fields


@admin.register(Block)
class BlockAdmin(ReadOnlyAdmin):
    """Blocks: who blocked whom, when (a pattern of blocks may point at a player to
    look at)."""

    list_display = ["created_at", "blocker", "blocked"]
    search_fields = ["blocker__name", "blocked__name"]
    date_hierarchy = "created_at"
    list_select_related = ["blocker", "blocked"]
    fields = ("created_at", "blocker", "blocked")
    readonly_fields = fields
