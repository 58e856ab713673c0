"""Where words come from: each source yields normalised :class:`Entry` records."""
