"""``python -m letterplay``: the same as the ``letterplay`` command."""

from letterplay.cli import main

main()
