"""Hand-history notations: :mod:`pokerroom.notation.phh` reads and writes PHH files."""
