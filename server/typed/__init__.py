"""The typed game contract: each game family's view, events, actions, result and legal space as messages.

The engines know none of this (they hold records and views as dataclasses); here each family declares
its messages (:class:`~brelan.server.typed.family.Family`), and :mod:`.records` maps records both ways
by field name. Redaction happens on the engine's records before any mapping, so a typed field shows no
more than the text does.
"""
