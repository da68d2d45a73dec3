"""Incremental rebuilds in `hoshi serve`: after every kind of edit, the folder the server writes must hold
exactly the bytes a clean `hoshi build` of the same sources writes, and open pages reload only when they
changed. The dependency rules being tested are written down in
Sources/HoshiSite/Building/Incremental/BuildMemory.swift."""
import functools
import re
import shutil
import time

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPOSITORY, Server, assert_same_as_clean_build, edit, rebuild_after, wait_for_live_reload


@pytest.fixture
def site(hoshi, tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(REPOSITORY / "hoshi.yml", source / "hoshi.yml")
    shutil.copytree(REPOSITORY / "content", source / "content")
    server = Server(hoshi, source, tmp_path / "served")
    yield source, tmp_path / "served", server
    server.stop()


def test_every_kind_of_edit_gives_the_clean_build_byte_for_byte(hoshi, site, tmp_path):
    source, served, server = site
    content = source / "content"
    assert_same_as_clean_build(hoshi, source, served, tmp_path, "the first build")

    step = functools.partial(rebuild_after, hoshi, server, source, served, tmp_path)

    guide = content / "docs/getting-started.md"
    themes = content / "docs/themes.md"
    line = step("a body edit", lambda: edit(guide, "hoshi", "Hoshi (the tool)"))
    assert "(1 rendered" in line, f"a body edit renders one page: {line}"
    line = step("a title edit", lambda: edit(guide, "title: Getting started", "title: Getting going"))
    built, rendered = map(int, re.search(r"built (\d+) pages .*\((\d+) rendered", line).groups())
    assert 1 < rendered < built, f"a title edit renders the pages showing the title, not all: {line}"
    step("a new heading", lambda: guide.write_text(guide.read_text() + "\n## Fresh section\n\nNew text.\n"))
    step("a link to the new heading", lambda: themes.write_text(
        themes.read_text() + "\nSee [the fresh section](getting-started.md#fresh-section).\n"))
    # Renaming the heading breaks that link: the build fails and the last good site stays.
    before = {path: path.read_bytes() for path in served.rglob("*") if path.is_file()}
    step("a heading change breaking a link", lambda: edit(guide, "## Fresh section", "## Other section"), "build failed")
    assert {path: path.read_bytes() for path in served.rglob("*") if path.is_file()} == before
    step("the link following the heading", lambda: edit(themes, "#fresh-section", "#other-section"))
    step("a front matter order", lambda: edit(themes, "---\n", "---\norder: 1\n") if "order:" not in themes.read_text()
         else edit(themes, "order:", "order: 1 #"))
    step("a MANUAL section", lambda: edit(content / "MANUAL", "\n\n", "\n\nAn added paragraph of the manual.\n\n"))
    step("a Lights Off set", lambda: edit(content / "puzzles/starter.lights", "# Plus", "# Plus sign"))
    game = next((content / "games").rglob("*.sgf"))
    step("an SGF game", lambda: edit(game, "C[", "C[An added comment. "))
    step("a problem", lambda: edit(content / "problems/01-straight-three.sgf", "C[", "C[Edited. "))
    step("an added page", lambda: (content / "docs/added.md").write_text("---\ntitle: Added page\n---\n\nNew page.\n"))
    step("a deleted page", lambda: (content / "docs/added.md").unlink())
    templates = source / "templates/layouts"
    templates.mkdir(parents=True)
    page_template = (REPOSITORY / "templates/layouts/page.mustache").read_text()
    step("a template", lambda: (templates / "page.mustache").write_text("<!-- edited -->\n" + page_template))
    step("hoshi.yml", lambda: edit(source / "hoshi.yml", "title: Hoshi", "title: Hoshi edited"))


def test_only_changed_pages_reload(hoshi, site, browser):
    source, _, server = site
    browser.get(f"http://127.0.0.1:{server.port}/docs/themes.html")
    browser.execute_script("window.hoshiMarker = 'kept'")
    wait_for_live_reload(browser)
    edit(source / "content/docs/getting-started.md", "hoshi", "Hoshi (the tool)")
    assert "hoshi: built" in server.rebuilt()
    time.sleep(1)
    assert browser.execute_script("return window.hoshiMarker") == "kept", "an unchanged page reloaded"
    edit(source / "content/docs/themes.md", "\n\n", "\n\nA changed paragraph.\n\n")
    assert "hoshi: built" in server.rebuilt()
    WebDriverWait(browser, 10).until(lambda driver: driver.execute_script("return window.hoshiMarker") is None)
    assert "A changed paragraph." in browser.page_source
