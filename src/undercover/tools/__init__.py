"""Tools: the `undercover` command, simulators, benches, load test, bot tournaments, leak checks.

Nothing in the product imports this package (the Worker bundle holds only what `src/entry.py`
imports, and a test checks no `undercover.tools` module is in it). Tools may import every other
layer: rules <- themes <- engine <- wire <- hosts <- tools.
"""
