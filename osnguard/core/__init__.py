"""Core: shared web bits (layout, navigation, API errors, pagination, health task, commands)."""
