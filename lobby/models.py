"""The lobby app's models."""
