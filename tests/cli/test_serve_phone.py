"""`tableau serve`'s page on a phone (issue 30, "Friends on phones"): the page carries a
viewport tag, so a phone lays it out at its own width instead of 980 px shrunk to a third, and a
script that gives a narrow page a font size of about 40 columns unless ``?fontsize=`` chose one.
The page's guards are unchanged: no token, no page; the token cookie is still set. (A real
phone-sized browser: tests/browser/test_phone_and_tabs.py.)"""

from __future__ import annotations

import re
from collections.abc import Iterator

import aiohttp
import pytest
from serving import Served
from serving import serving

from tableau.cli.serve_web import PHONE_COLUMNS
from tableau.cli.serve_web import VIEWPORT
from tableau.cli.serve_web import phone_page

FONT_SCRIPT = re.compile(r"<script>\s*\(\(\) => \{.*?fontsize.*?dataset\.fontSize.*?</script>",
                         re.DOTALL)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("serve")) as served:
        yield served


async def test_the_page_has_the_viewport_tag_and_the_phone_font_size(server: Served) -> None:
    async with aiohttp.ClientSession() as client, client.get(server.url) as page:
        assert page.status == 200
        assert page.content_type == "text/html"
        text = await page.text()
        cookie = page.headers["Set-Cookie"]
    head, _, body = text.partition("</head>")
    assert VIEWPORT in head and VIEWPORT not in body and text.count(VIEWPORT) == 1
    assert 'content="width=device-width, initial-scale=1"' in head
    script = FONT_SCRIPT.search(body)
    assert script is not None, "no font-size script in the page's body"
    assert body.index('id="terminal"') < script.start(), "the script runs before the terminal"
    assert f"/ {PHONE_COLUMNS} /" in script[0]
    assert 'data-font-size="16"' in body  # textual-serve's default stays for a wide page
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie


async def test_the_guards_still_hold_for_the_phone_page(server: Served) -> None:
    async with aiohttp.ClientSession() as client:
        for url in (f"{server.origin}/", f"{server.origin}/?token=wrong&fontsize=40"):
            async with client.get(url) as page:
                assert page.status == 403
                text = await page.text()
                assert VIEWPORT not in text and "fontSize" not in text
        async with client.get(f"{server.url}&fontsize=40") as page:
            assert page.status == 200
            assert 'data-font-size="40"' in await page.text()
        async with client.get(server.url, headers={"Host": 'a"><script>'}) as page:
            assert page.status == 400


def test_the_page_is_changed_only_where_it_must_be() -> None:
    page = "<html>\n  <head>\n    <title>t</title>\n  </head>\n  <body>\n    x\n  </body>\n</html>"
    changed = phone_page(page)
    assert changed.replace(f"\n    {VIEWPORT}", "", 1).replace(
        FONT_SCRIPT.search(changed)[0] + "\n", "", 1) == page  # type: ignore[index]
    assert phone_page("no page at all") == "no page at all"
