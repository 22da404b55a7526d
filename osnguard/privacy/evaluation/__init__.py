"""Evaluations behind `osnguard evaluate TARGET`: one module per target, each with `evaluate()`."""
