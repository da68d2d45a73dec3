"""Docs pages in headless Chromium: the site title on a 375-pixel phone, the cue on tables that scroll
sideways, and a home page that describes what the demo site publishes."""
import re

import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver, run_hoshi

PHONE_WIDTH = 375


@pytest.fixture
def phone():
    """A phone-sized viewport: Chromium's window cannot be narrower than 500 pixels, so the page is given a
    375-pixel screen by device emulation, as the developer tools' device mode does."""
    driver = make_driver(500, 800)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE_WIDTH, "height": 740, "deviceScaleFactor": 2, "mobile": True})
    yield driver
    driver.quit()


def build(hoshi, folder, title, pages):
    (folder / "content").mkdir(parents=True)
    (folder / "hoshi.yml").write_text(f"title: {title}\n")
    for name, text in pages.items():
        (folder / "content" / name).write_text(text)
    result = run_hoshi(hoshi, "build", folder, "--output", folder / "site")
    assert result.returncode == 0, result.stderr
    return folder / "site"


def title_and_page_widths(driver):
    return driver.execute_script(
        "const title = document.querySelector('.site-title');"
        "return {title: title.textContent, full: title.scrollWidth, shown: title.clientWidth,"
        " viewport: document.documentElement.clientWidth, page: document.documentElement.scrollWidth,"
        " search: document.querySelector('.search').getBoundingClientRect().width};")


def test_the_demo_title_is_whole_on_a_phone(phone, demo_site):
    phone.get((demo_site / "docs/configuration.html").resolve().as_uri())
    widths = title_and_page_widths(phone)
    assert widths["viewport"] == PHONE_WIDTH
    assert widths["full"] <= widths["shown"], f"the title {widths['title']!r} is cut: {widths}"
    assert widths["page"] <= widths["viewport"], "the page scrolls sideways"
    assert phone.find_element(By.ID, "hoshi-search").is_displayed() and widths["search"] >= 80


def test_a_longer_title_is_whole_on_a_phone_too(phone, hoshi, tmp_path):
    site = build(hoshi, tmp_path, "Little Go Help", {"index.md": "# Help\n\nHow to play.\n"})
    phone.get((site / "index.html").resolve().as_uri())
    widths = title_and_page_widths(phone)
    assert widths["full"] <= widths["shown"], f"the title {widths['title']!r} is cut: {widths}"
    assert widths["page"] <= widths["viewport"]


WIDE = ("| " + " | ".join(f"Column {n}" for n in range(1, 13)) + " |\n| " + " | ".join("---" for _ in range(12))
        + " |\n| " + " | ".join(f"territory{n} and influence" for n in range(1, 13)) + " |\n")
NARROW = "| Term | Meaning |\n| --- | --- |\n| ko | a repeating capture |\n"


def fades(driver, table_id):
    """(start, end) opacity of the table's scrolling edges as the style computes them now (1: no fade)."""
    values = driver.execute_script(
        "const style = getComputedStyle(document.querySelectorAll('.content table')[arguments[0]]);"
        "return [style.getPropertyValue('--hoshi-fade-start'), style.getPropertyValue('--hoshi-fade-end'),"
        " style.maskImage || style.webkitMaskImage];", table_id)
    assert "gradient" in values[2], f"no mask on the table: {values}"
    return float(values[0]), float(values[1])


def next_frames(driver):
    driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")


def test_a_wide_table_shows_it_scrolls(browser, hoshi, tmp_path):
    site = build(hoshi, tmp_path, "Tables", {"index.md": f"# Tables\n\nWide:\n\n{WIDE}\nNarrow:\n\n{NARROW}"})
    browser.get((site / "index.html").resolve().as_uri())
    sizes = browser.execute_script(
        "return [...document.querySelectorAll('.content table')].map(t => [t.scrollWidth, t.clientWidth]);")
    assert sizes[0][0] > sizes[0][1] and sizes[1][0] <= sizes[1][1], sizes
    start, end = fades(browser, 0)
    assert start == 1 and end < 0.5, "at the start only the right edge fades"
    browser.execute_script("const t = document.querySelectorAll('.content table')[0]; t.scrollLeft = (t.scrollWidth - t.clientWidth) / 2;")
    next_frames(browser)
    start, end = fades(browser, 0)
    assert start < 0.5 and end < 0.5, "in the middle both edges fade"
    browser.execute_script("const t = document.querySelectorAll('.content table')[0]; t.scrollLeft = t.scrollWidth;")
    next_frames(browser)
    start, end = fades(browser, 0)
    assert start < 0.5 and end == 1, "at the end only the left edge fades"
    assert fades(browser, 1) == (1, 1), "a table that fits does not fade"


def test_the_demo_docs_tables_that_scroll_on_a_phone_show_it(phone, demo_site):
    phone.get((demo_site / "docs/configuration.html").resolve().as_uri())
    tables = phone.execute_script(
        "return [...document.querySelectorAll('.content table')].map((t, i) => [i, t.scrollWidth > t.clientWidth]);")
    scrolling = [index for index, scrolls in tables if scrolls]
    assert scrolling, "the configuration tables are wider than a phone"
    for index in scrolling:
        assert fades(phone, index)[1] < 0.5


def test_the_home_page_says_what_the_demo_publishes(browser, demo_site):
    browser.get((demo_site / "index.html").resolve().as_uri())
    main = browser.find_element(By.TAG_NAME, "main")
    text = main.text
    assert not re.search(r"in progress|coming soon|\bTODO\b", text, re.I), "the home page announces unfinished work"
    links = {link.get_attribute("href").removeprefix((demo_site.resolve().as_uri()) + "/")
             for link in main.find_elements(By.TAG_NAME, "a")}
    # Each kind of content the demo publishes, shown and documented from the home page.
    for shown, documented in (("games/index.html", "docs/games.html"), ("problems/index.html", "docs/problems.html"),
                              ("games/analysed/hoshi-self-play-9x9.html", "docs/hints.html"),
                              ("puzzles/index.html", "docs/puzzles.html")):
        assert shown in links and documented in links, (shown, documented, sorted(links))
    for words in ("problem", "hint", "puzzle", "game"):
        assert words in text.lower()
