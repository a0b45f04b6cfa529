"""Every read of groups, their members, leagues and records."""
