"""Every change to ratings."""
