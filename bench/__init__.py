"""Benchmarks (not tests): each prints the figures it measured (the README says how to run them)."""
