"""Every change to groups and their members."""
