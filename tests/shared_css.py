"""One parse of each stylesheet per test process, shared by every app the tests start.

Textual parses an app's CSS per app, and parses all of it again on each reparse (a screen
with its own CSS, a theme), into a new cache each time. A player's app pays that once; a test
worker starts hundreds of apps, and the parsing took 8% of the UI tests' CPU time. The
result depends only on the arguments and the app's CSS variables (the theme), so it is shared
under exactly that key; the rules are only read after the parse. Textual is pinned exactly in
pyproject.toml: a new version that changes this method fails here loudly, by signature."""

from __future__ import annotations

import inspect
from typing import Any

from textual.css.stylesheet import Stylesheet

_PARSED: dict[tuple[object, ...], Any] = {}
_EXPECTED = ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]


def share_parsed_css() -> None:
    parse_rules = Stylesheet._parse_rules
    if list(inspect.signature(parse_rules).parameters) != _EXPECTED:
        raise RuntimeError("tests/shared_css.py: Textual's Stylesheet._parse_rules changed; "
                           "update the shared parse or drop it.")

    def shared(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
               tie_breaker: int = 0, scope: str = "") -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        rules = _PARSED.get(key)
        if rules is None:
            rules = _PARSED[key] = parse_rules(self, css, read_from, is_default_rules,
                                               tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = shared  # type: ignore[method-assign]
