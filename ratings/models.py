"""Ratings: each person's rating per variant and its history (decision 0068)."""
