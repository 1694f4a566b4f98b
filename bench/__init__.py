"""Benchmarks, run with `make bench`. Not part of the test suite."""
