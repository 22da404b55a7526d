"""Accounts: sign-up, log-in and the user's profile of personal attributes."""
