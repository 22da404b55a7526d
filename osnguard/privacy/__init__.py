"""The osnguard privacy engine: pure Python, no Django.

Stages, one module (or package) each: identification, temporal, anonymization, fingerprinting,
paraphrase, attribution, retrieval. Shared NLP resources load lazily through `resources`.
"""
