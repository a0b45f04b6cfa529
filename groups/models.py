"""The groups app's models."""
