"""Build, serve and asset tools of the shell (standard library only)."""
