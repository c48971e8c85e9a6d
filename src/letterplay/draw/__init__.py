"""Pictures of puzzles and results, drawn with matplotlib's object API (no GUI backend needed).

One module per picture kind; each takes a library result and a file name (``.svg`` or ``.png``).
"""
