"""A soak: rooms of every mode played without a break for minutes or hours while faults
come in turn, counted window by window (bench/soak.py runs it; tests/games/test_soak.py
runs two minutes of it).

``servers`` starts the site behind nginx, ``modes`` lists the ways rooms are played,
``players`` plays them, ``faults`` causes the faults, ``windows`` counts the requests,
``memory`` reads the processes' memory, ``logs`` sorts the tracebacks they log, ``report``
makes the table, ``ledgers`` checks the database afterwards and ``run`` puts them
together.
"""

from bench.harness.soak.run import SoakOptions, soak
from bench.harness.soak.servers import STACKS, SoakServers, soak_servers

__all__ = ["STACKS", "SoakOptions", "SoakServers", "soak", "soak_servers"]
