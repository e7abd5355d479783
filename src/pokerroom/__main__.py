"""``python -m pokerroom ...``: the commands of the ``pokerroom`` script (:mod:`pokerroom.cli`)."""

from __future__ import annotations

import sys

from pokerroom.cli import main

if __name__ == "__main__":
    sys.exit(main())
