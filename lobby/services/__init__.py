"""Every change to open tables and to who waits."""
