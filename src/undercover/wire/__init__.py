"""The wire: what crosses a socket. Protocol messages and codes, the codec, and the frames.

Depends on the engine (its commands and `view_for`), never on a host: both hosts and the
tools speak to clients only through this package.
"""
