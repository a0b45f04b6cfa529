"""The groups pages (their URLs are spliced into the site's map by ``games.web.urls``)."""
