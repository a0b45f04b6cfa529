"""One module per variant of the family."""
