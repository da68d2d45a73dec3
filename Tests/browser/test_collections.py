"""Collection tables (issue 20): dates on one line, each player named once per row, an Event column only when
some game has an event, thumbnails large enough to read a position.

The games are written below; what each row must say is worked out from them here (names, dates, events), and
the layout is read from the page as Chromium lays it out (line boxes of a cell's text, rendered widths).
"""
import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver
from written_site import build_written_site

# Folder `plain`: no game has an event; dates with hyphens that a narrow column would break.
PLAIN = {
    "1.sgf": "(;GM[1]FF[4]SZ[19]PB[Honinbo Dosaku]PW[Yasui Chitetsu]DT[1668-08-27,28]RE[B+4];B[pd];W[dp])",
    "2.sgf": "(;GM[1]FF[4]SZ[19]PB[Yasui Chitetsu]PW[Honinbo Dosaku]DT[1668-07-16]RE[W+2];B[dd];W[pp])",
    "3.sgf": "(;GM[1]FF[4]SZ[19]GN[The long game]PB[Inoue Gennan Inseki]PW[Honinbo Shusaku]DT[1846-09-11]RE[B+2]"
             ";B[qd];W[dc])",
}
# Folder `events`: one game of two names its event.
EVENTS = {
    "a.sgf": "(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bob]DT[2024-01-02]EV[Spring Cup]RE[B+R];B[ee])",
    "b.sgf": "(;GM[1]FF[4]SZ[9]PB[Cid]PW[Dee]DT[2024-01-03]RE[W+R];B[cc])",
}


@pytest.fixture(scope="module")
def collection_site(hoshi, tmp_path_factory):
    files = {f"games/{folder}/{name}": text for folder, records in (("plain", PLAIN), ("events", EVENTS))
             for name, text in records.items()}
    return build_written_site(hoshi, tmp_path_factory.mktemp("collections"), "title: Collections\n",
                              {**files, "index.md": "# Collections\n"})


def property_value(text, key):
    start = text.find(f"{key}[")
    return None if start < 0 else text[start + len(key) + 1:text.index("]", start)]


def rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "[data-game-list] tbody tr")


def open_index(driver, site, folder):
    driver.get((site / f"games/{folder}/index.html").resolve().as_uri())
    return rows(driver)


@pytest.mark.parametrize("width", [1280, 390])
def test_dates_stay_on_one_line(collection_site, width):
    driver = make_driver(width, 900)
    try:
        open_index(driver, collection_site, "plain")
        dates = {property_value(text, "DT") for text in PLAIN.values()}
        cells = driver.execute_script("""
            return [...document.querySelectorAll('[data-game-list] tbody td')].map(cell => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              const tops = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
              return [cell.textContent.trim(), tops.size];
            });""")
        shown = {text: lines for text, lines in cells if text in dates}
        assert set(shown) == dates, cells
        assert all(lines == 1 for lines in shown.values()), f"at {width} px: {shown}"
    finally:
        driver.quit()


def test_each_player_is_named_once_per_row(browser, collection_site):
    table_rows = open_index(browser, collection_site, "plain")
    assert len(table_rows) == len(PLAIN)
    for text in PLAIN.values():
        black, white, name = property_value(text, "PB"), property_value(text, "PW"), property_value(text, "GN")
        row = next(row for row in table_rows if row.get_attribute("data-date") == property_value(text, "DT"))
        for player in (black, white):
            assert row.text.count(player) == 1, f"{player!r} in {row.text!r}"
        link = row.find_element(By.CSS_SELECTOR, "td a:not([aria-hidden])").text
        assert link == (name or f"{black} vs {white}"), "a game's own name links; else its players do"


def test_the_event_column_shows_only_when_a_game_has_an_event(browser, collection_site):
    for folder, files in (("plain", PLAIN), ("events", EVENTS)):
        table_rows = open_index(browser, collection_site, folder)
        headers = [header.text.strip(" ↕") for header in browser.find_elements(By.CSS_SELECTOR, "[data-game-list] thead th")]
        events = [property_value(text, "EV") for text in files.values() if property_value(text, "EV")]
        assert ("Event" in headers) == bool(events), (folder, headers)
        for row in table_rows:
            assert len(row.find_elements(By.TAG_NAME, "td")) == len(headers), "every row fills the columns"
        for event in events:
            assert any(event in row.text for row in table_rows)


@pytest.mark.parametrize("width, least", [(1280, 100), (390, 64)])
def test_thumbnails_are_large_enough_to_read(collection_site, width, least):
    driver = make_driver(width, 900)
    try:
        open_index(driver, collection_site, "plain")
        widths = driver.execute_script(
            "return [...document.querySelectorAll('[data-game-list] img')].map(img => img.getBoundingClientRect().width)")
        assert len(widths) == len(PLAIN)
        assert min(widths) >= least, f"at {width} px the thumbnails are {widths}"
    finally:
        driver.quit()
