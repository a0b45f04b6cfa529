"""Every read of friends, blocks and privacy choices."""
