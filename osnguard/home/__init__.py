"""Home: the signed-in user's overview page and the demo data set (`manage.py load_demo`).

It gathers what other apps own (profile, groups, requests), so it lives apart from core, which
imports no app of ours.
"""
