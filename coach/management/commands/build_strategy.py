"""``python manage.py build_strategy``: build the exact solver's tables ahead of time."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from scoring.strategy import solver


class Command(BaseCommand):
    help = (
        "Build (or check) the exact solver's tables for Yahtzee and Yatzy and keep them "
        "in STRATEGY_CACHE_DIR, so servers start with the coach and expert bots ready."
    )

    def __init__(self, *args: Any, tables: solver.Tables | None = None, **kwargs: Any) -> None:
        """``tables``: whose store to fill and how to build (the process's by default;
        tests pass ``call_command`` an instance with a temporary store and a fake build)."""
        super().__init__(*args, **kwargs)
        self.tables = tables if tables is not None else solver.process_tables()

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force", action="store_true", help="rebuild even the tables that are up to date"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"solver tables in {settings.STRATEGY_CACHE_DIR}")
        for ruleset in solver.solvable_rulesets():
            started = time.perf_counter()
            found = None if options["force"] else self.tables.load_stored(ruleset)
            if found is not None:
                elapsed = time.perf_counter() - started
                self.stdout.write(f"{ruleset!r}: up to date (read in {elapsed:.2f} s)")
                continue
            built = self.tables.build(ruleset)
            self.tables.save(built)
            elapsed = time.perf_counter() - started
            value = built.state_value(ruleset.new_scorecard())
            self.stdout.write(
                f"{ruleset!r}: built in {elapsed:.1f} s, optimal expected score {value:.7f}"
            )
