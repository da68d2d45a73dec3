"""The search index loads on first use of the search box, not with every page: from file:// through a
script tag, for a reader who types before it arrived (served slowly over HTTP here), and a hit on a game
comment still opens its move."""
import functools
import http.server
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import sgf_replay
from conftest import REPOSITORY

INDEX = "assets/search-index.js"
INDEX_DELAY = 2.0


def index_requested(browser):
    """Whether the page asked for the index: a script element naming it, or the index's global set."""
    return browser.execute_script(
        "return [...document.scripts].some(script => script.src.endsWith(arguments[0]))"
        " || typeof hoshiSearchIndex !== 'undefined'", INDEX)


def result_hrefs(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('#hoshi-search-results [role=option] a')].map(link => link.href)")


def wait_for_results(browser):
    WebDriverWait(browser, 10).until(lambda driver: driver.find_element(By.ID, "hoshi-search-results").is_displayed())


def test_a_page_loads_no_index_until_the_box_is_used(browser, demo_site):
    browser.get((demo_site / "docs/configuration.html").resolve().as_uri())
    box = browser.find_element(By.ID, "hoshi-search")
    assert box.is_displayed(), "the box is offered before the index is loaded"
    time.sleep(0.5)
    assert not index_requested(browser), "the page loaded the search index before anyone searched"
    box.click()
    WebDriverWait(browser, 5).until(index_requested)
    box.send_keys("komi")
    wait_for_results(browser)
    assert result_hrefs(browser)
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


def test_the_slash_key_loads_the_index(browser, demo_site):
    browser.get((demo_site / "docs/index.html").resolve().as_uri())
    time.sleep(0.3)
    assert not index_requested(browser)
    browser.find_element(By.TAG_NAME, "body").send_keys("/")
    WebDriverWait(browser, 5).until(index_requested)


class SlowIndexHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site, holding the search index back for INDEX_DELAY seconds."""

    def do_GET(self):
        if self.path.endswith(INDEX):
            time.sleep(INDEX_DELAY)
        super().do_GET()

    def log_message(self, *arguments):
        pass


@pytest.fixture
def slow_server(demo_site):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SlowIndexHandler, directory=str(demo_site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join()


def test_what_is_typed_before_the_index_arrives_is_searched_when_it_does(browser, slow_server):
    browser.get(slow_server + "docs/games.html")
    box = browser.find_element(By.ID, "hoshi-search")
    box.send_keys("board")
    status = browser.find_element(By.ID, "hoshi-search-status")
    assert browser.execute_script("return typeof hoshiSearchIndex") == "undefined"
    assert status.is_displayed() and "loading" in status.text.lower(), "the reader is told the index is coming"
    assert not browser.find_element(By.ID, "hoshi-search-results").is_displayed()
    wait_for_results(browser)
    early = result_hrefs(browser)
    assert early and box.get_attribute("value") == "board"
    # The same query typed once the index is there gives the same results.
    box.send_keys(Keys.BACKSPACE)
    box.send_keys("d")
    WebDriverWait(browser, 5).until(lambda driver: result_hrefs(driver) == early)
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda driver: driver.current_url == early[0])


def test_a_hit_on_a_game_comment_opens_its_move(browser, demo_site):
    record = REPOSITORY / "content/games/famous-games/1846-ear-reddening-game.sgf"
    root = sgf_replay.parse(record.read_bytes())[0]
    moves = [number for number in range(1, sgf_replay.main_line_moves(root) + 1)
             if "doctor" in (sgf_replay.main_line_move(root, number).get("C") or "").lower()]
    assert len(moves) == 1, "the demo record's comment holding 'doctor' (grep -rli doctor content/ lists this record alone)"
    browser.get((demo_site / "docs/index.html").resolve().as_uri())
    box = browser.find_element(By.ID, "hoshi-search")
    box.send_keys("doctor")
    wait_for_results(browser)
    links = [link for link in browser.find_elements(By.CSS_SELECTOR, "#hoshi-search-results [role=option] a")
             if "1846-ear-reddening-game.html" in link.get_attribute("href")]
    assert links
    links[0].click()
    WebDriverWait(browser, 10).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, "[data-game-viewer][data-move]"))
    WebDriverWait(browser, 5).until(lambda driver: driver.find_element(
        By.CSS_SELECTOR, "[data-game-viewer]").get_attribute("data-move") == str(moves[0]))
