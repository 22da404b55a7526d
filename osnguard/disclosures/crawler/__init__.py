"""The crawler's fetching and extraction layer: pure Python, no Django models.

`guard` decides which addresses may be reached, `http` fetches safely (SSRF guard, timeouts,
size limits, conditional requests), `robots` honours robots.txt, and `extract` turns a response
into candidate documents (feeds, web pages, Mastodon-compatible timelines).
"""
