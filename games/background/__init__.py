"""Threads and child processes of a server process: the game clock (``clock``), SQLite
checkpoints (``checkpoints``), the coach's worker (``jobs``, ``review_jobs``) and the
review child process (``reviews``). ``runtime`` starts and stops them, once per
process. (Nothing is imported here: the review child runs ``games.background.reviews``
before Django is set up.)"""
