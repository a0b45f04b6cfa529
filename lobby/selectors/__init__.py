"""Every read of open tables and of who waits."""
