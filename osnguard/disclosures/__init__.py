"""Disclosure detection: public sources, crawls, candidate documents, detected leaks,
notifications and the dashboards that show who leaked what."""
