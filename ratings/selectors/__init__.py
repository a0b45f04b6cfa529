"""Every read of ratings and leaderboards."""
