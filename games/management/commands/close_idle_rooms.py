"""``python manage.py close_idle_rooms``: close rooms with no activity for 24 hours
(rooms by the day: 30 days), and forget the notices sent over 30 days ago."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from common.publish import publish_on_commit
from games.services import rooms_close_idle
from notices.services.notices import notices_prune


class Command(BaseCommand):
    help = (
        "Close open rooms with no activity for 24 hours, or 30 days for rooms by the "
        "day (a game in them ends), and forget the notices sent over 30 days ago."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--hours",
            type=float,
            default=24.0,
            help="idle time before a live room closes (default 24)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        changes = rooms_close_idle(idle=timedelta(hours=options["hours"]))
        publish_on_commit(changes)
        closed = len(changes)
        forgotten = notices_prune()
        self.stdout.write(
            f"closed {closed} idle room{'s' if closed != 1 else ''}, "
            f"forgot {forgotten} sent notice{'s' if forgotten != 1 else ''}"
        )
