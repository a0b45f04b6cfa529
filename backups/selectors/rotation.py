"""Which backups to keep: the newest of each of the last days and weeks that have one."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime


def kept(taken: Iterable[datetime], *, daily: int = 7, weekly: int = 4) -> set[datetime]:
    """Of the moments backups were ``taken`` at, those to keep: the newest of each of the
    ``daily`` newest days with a backup, and the newest of each of the ``weekly`` newest
    ISO weeks with one (the newest backup of all is always among them).

    >>> from datetime import datetime as at
    >>> days = [at(2026, 12, d, h) for d in range(1, 21) for h in (4, 12)]
    >>> sorted(f"{t:%d %H}" for t in kept(days, daily=3, weekly=3))
    ['06 12', '13 12', '18 12', '19 12', '20 12']
    """
    newest_of_day: dict[object, datetime] = {}
    newest_of_week: dict[object, datetime] = {}
    for moment in taken:
        day, week = moment.date(), moment.isocalendar()[:2]
        newest_of_day[day] = max(moment, newest_of_day.get(day, moment))
        newest_of_week[week] = max(moment, newest_of_week.get(week, moment))
    days = sorted(newest_of_day.values(), reverse=True)[:daily]
    weeks = sorted(newest_of_week.values(), reverse=True)[:weekly]
    return set(days) | set(weeks)
