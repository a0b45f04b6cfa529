"""Every change to friends, friend requests, blocks and privacy choices."""
