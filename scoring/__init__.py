"""Pure rules engine for the Yahtzee family of dice games.

Nothing here touches Django, the database, the network or a random number
generator: dice values always come from the caller.

>>> from scoring import rulesets
>>> rulesets.get("yahtzee").score([3, 3, 3, 5, 5], "full_house")
25
"""
