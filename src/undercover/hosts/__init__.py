"""Hosts: the loop shared by the self-host and the Durable Object, and the self-host itself."""
