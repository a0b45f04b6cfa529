"""Every read the pages and sockets make: rooms and members, the state a viewer sees,
the coach's position, reviews."""

from play.selectors.rule_sets import ruleset_of
from rooms.selectors.rooms import (
    is_member,
    member_room,
    room_by_code,
    room_state,
    room_version,
)
from rooms.selectors.your_rooms import YourRoom, rooms_of

__all__ = [
    "YourRoom",
    "is_member",
    "member_room",
    "room_by_code",
    "room_state",
    "room_version",
    "rooms_of",
    "ruleset_of",
]
