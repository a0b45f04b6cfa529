"""Computer players ("bots") for the Yahtzee family, pure like the rest of the engine.

A strategy looks at a player's sheet and turn and says what to do next: roll
again holding some dice, announce a box (Yam's), or fill a box.  It never rolls
dice itself and keeps no state, so the same sheet and turn always get the same
decision.  ``scoring.strategy.levels`` names the available levels.

>>> from scoring import rulesets
>>> from scoring.dice import scripted
>>> from scoring.strategy import levels
>>> from scoring.turn import Turn
>>> card = rulesets.get("yahtzee").new_scorecard()
>>> turn = Turn().roll(scripted([1, 2, 3, 4, 5]), card=card)
>>> levels.get("beginner").decide(card, turn)
Place(box='large_straight', column='main')
"""
