"""The friends pages: friends, requests, people played with, the friend link, blocks and
privacy choices (URLs under ``/friends/``, wired by ``games.web.urls``)."""
