"""``python manage.py run_game_clock``: play due bot moves, finish expired turns,
pass on the host role of hosts gone a minute, and send the notices due in the outbox
(what a server process's clock and notifier do when ``GAMES_CLOCK_IN_PROCESS`` is off).

Any number of these may run next to the web processes: each piece of work is
claimed under the game's row lock, so it is done once.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from common.publish import publish_on_commit
from games.services import games_run_due, rooms_pass_host
from notices.services.notices import notices_send


class Command(BaseCommand):
    help = (
        "Do due bot moves and expired turns, pass on the host role of hosts gone a "
        "minute and send the notices due, every --interval seconds."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--interval", type=float, default=0.25)
        parser.add_argument("--once", action="store_true", help="one pass, then exit")

    def handle(self, *args: Any, **options: Any) -> None:
        while True:
            changes = games_run_due() + rooms_pass_host()
            publish_on_commit(changes)
            sent = notices_send()
            done = len(changes) + sent
            if options["once"]:
                self.stdout.write(
                    f"did {len(changes)} due action"
                    f"{'s' if len(changes) != 1 else ''}, sent {sent} notice"
                    f"{'s' if sent != 1 else ''}"
                )
                return
            if not done:
                time.sleep(options["interval"])
