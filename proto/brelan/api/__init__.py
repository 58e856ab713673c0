"""The generated wire contract lives in ``brelan.api.v1``."""
