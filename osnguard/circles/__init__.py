"""Circles: friendships, friend requests, friend groups with privacy levels, interactions."""
