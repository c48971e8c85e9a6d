"""The local web app of ``letterplay serve``: a JSON API that answers exactly what the command
line's ``--json`` prints, and pages to play and solve every puzzle in a browser.

- :mod:`letterplay.web.api`: the endpoints, one per command (``/api/bee/solve`` …), their query
  parameters read with the command's own option definitions, and the library call each makes.
- :mod:`letterplay.web.app`: the Starlette application (pages, static files, the API).
- :mod:`letterplay.web.server`: running it with uvicorn, in the foreground or in a thread.
- :mod:`letterplay.web.command`: the ``serve`` operation, described for the command line.

Starlette and uvicorn are imported only here, so no other command pays for them.
"""

__all__ = ["api", "app", "command", "server"]
