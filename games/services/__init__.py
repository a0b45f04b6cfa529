"""Every change to rooms and games: plain synchronous functions, one transaction each.

Each locks the room row (then its game), checks who is acting from the player
the caller resolved from the session, asks the ``scoring`` engine about every
rule, writes the move log and scorecards, bumps the versions and records an
event, and returns what it committed (``common.news.Change`` and ``Ban``) for
the caller to publish (``common.publish``).  A refusal raises
``common.errors.ServiceError`` and changes nothing.
"""

from accounts.services.accounts import (
    account_create,
    account_delete,
    account_language_adopt,
    account_language_set,
    account_sign_in,
)
from accounts.services.emails import email_change, email_confirm
from coach.services.reviews import review_for, review_of, reviews_precompute
from lobby.services.tables import table_publish
from moderation.services.moderation import (
    mod_ban,
    mod_close_room,
    mod_end_game,
    mod_kick,
    mod_remove_chat,
    mod_unban,
)
from moderation.services.reports import report_handle, report_send
from play.services.holidays import seat_holiday, seat_holiday_end
from play.services.placements import game_place, placement_take_back
from play.services.play import (
    game_announce,
    game_hold,
    game_roll,
    game_skip,
)
from rooms.services.absence import game_hand_to_bot, game_take_back, rooms_pass_host
from rooms.services.chat import chat_post
from rooms.services.clock import games_run_due, rooms_close_idle
from rooms.services.mutes import member_mute
from rooms.services.presence import presence_connect, presence_disconnect, presence_ping
from rooms.services.public_tables import member_strangers_chat, room_fill_with_bots
from rooms.services.reactions import reaction_send
from rooms.services.room_hosting import room_add_bot, room_kick, room_mute, room_remove_bot
from rooms.services.rooms import (
    room_configure,
    room_create,
    room_join,
    room_leave,
    room_rematch,
    room_start,
    room_take_seat,
)

__all__ = [
    "account_create",
    "account_delete",
    "account_language_adopt",
    "account_language_set",
    "account_sign_in",
    "chat_post",
    "email_change",
    "email_confirm",
    "game_announce",
    "game_hand_to_bot",
    "game_hold",
    "game_place",
    "game_roll",
    "game_skip",
    "game_take_back",
    "games_run_due",
    "member_mute",
    "member_strangers_chat",
    "mod_ban",
    "mod_close_room",
    "mod_end_game",
    "mod_kick",
    "mod_remove_chat",
    "mod_unban",
    "placement_take_back",
    "presence_connect",
    "presence_disconnect",
    "presence_ping",
    "reaction_send",
    "report_handle",
    "report_send",
    "review_for",
    "review_of",
    "reviews_precompute",
    "room_add_bot",
    "room_configure",
    "room_create",
    "room_fill_with_bots",
    "room_join",
    "room_kick",
    "room_leave",
    "room_mute",
    "room_rematch",
    "room_remove_bot",
    "room_start",
    "room_take_seat",
    "rooms_close_idle",
    "rooms_pass_host",
    "seat_holiday",
    "seat_holiday_end",
    "table_publish",
]
