"""The harness of the live fuzz tests (tests/games/test_fuzz_live.py): ``oracle`` (what
the protocol promises for a frame), ``frames`` and ``forms`` (hypothesis strategies),
``handpicked`` (the classics), ``live`` (event loop, database, browser, probes) and
``arena`` (the server, its rooms and the victims' game)."""
