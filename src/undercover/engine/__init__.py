"""Room engine: the host-agnostic room state machine, views, protocol and persistence format."""
