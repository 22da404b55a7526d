"""Core: shared web bits (layout, navigation, API errors, pagination, limits, inputs, links, form
helpers, highlighting, typed requests, /healthz/, the health task and the doctor). It imports no
other app of ours; the home page and the demo data live in the `home` app."""
