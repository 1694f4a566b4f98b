"""The controls layer: pure logic that turns widget messages and keys into engine commands.

Nothing here imports Textual, so it is unit-tested directly.
"""
