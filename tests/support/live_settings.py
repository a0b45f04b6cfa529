"""The settings of the browser tests' live server: the site's own, with passwords hashed
by a fast hasher, as Django's testing docs advise and as the test processes do
(``tests/conftest.py``): a sign-up or a sign-in through a page otherwise costs the
server a third of a second of CPU for PBKDF2."""

from yahtzee_site.settings import *  # noqa: F403

# The staff that tests/browser/staff.py writes straight into the database keep PBKDF2.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
