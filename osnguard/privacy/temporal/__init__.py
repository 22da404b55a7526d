"""Temporal stage: recognise, normalise, generalize (NCP*) and suppress time expressions."""
