"""Friends and blocks: the relations between people (decision 0068)."""
