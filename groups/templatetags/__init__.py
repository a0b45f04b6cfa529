"""The groups pages' template filters."""
