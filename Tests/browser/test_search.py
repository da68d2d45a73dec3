"""The search box on a site holding the real Little Go MANUAL, opened from file://: results, keyboard, landing
on the subsection, the on-page table of contents, a phone-width screen, and escaping of indexed text."""
import pathlib
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPOSITORY, run_hoshi

REAL_MANUAL = REPOSITORY.parent / "shared/corpus/littlego/MANUAL"

# `grep -ci automatism MANUAL` prints 1: the word is on line 609 only, in the subsection titled on line 600,
# "Resuming play after two pass moves", the fifth of six subsections of the "End of the game" section.
UNIQUE_WORD = "automatism"
UNIQUE_TARGET = "manual/end-of-the-game.html#resuming-play-after-two-pass-moves"


@pytest.fixture(scope="module")
def manual_site(hoshi, tmp_path_factory):
    if not REAL_MANUAL.exists():
        pytest.skip("../shared/corpus is absent; the search tests need the real Little Go MANUAL")
    source = tmp_path_factory.mktemp("manual-search")
    (source / "content").mkdir()
    shutil.copy(REAL_MANUAL, source / "content/MANUAL")
    (source / "content/index.md").write_text(
        "# Little Go help\n\nRead the [manual](MANUAL).\n\n## The `<b>bold</b>` tag\n\nShown as text, never as markup.\n")
    (source / "hoshi.yml").write_text("title: Little Go\n")
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    assert "search index" in result.stderr, "the summary line reports the index size"
    return output


def file_url(path: pathlib.Path) -> str:
    return path.resolve().as_uri()


def type_query(browser, text):
    box = browser.find_element(By.ID, "hoshi-search")
    box.clear()
    box.send_keys(text)
    WebDriverWait(browser, 5).until(lambda driver: driver.find_element(By.ID, "hoshi-search-results").is_displayed())
    return box


def result_links(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#hoshi-search-results [role=option] a")


def element_in_view(browser, element_id):
    return browser.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return r.top >= 0 && r.top < window.innerHeight * 0.5 && window.scrollY > 0;", element_id)


def test_unique_word_leads_to_its_subsection_with_enter(browser, manual_site):
    browser.get(file_url(manual_site / "manual/index.html"))
    browser.find_element(By.TAG_NAME, "body").send_keys("/")
    assert browser.switch_to.active_element.get_attribute("id") == "hoshi-search", "/ focuses the search box"
    box = type_query(browser, UNIQUE_WORD)
    links = result_links(browser)
    assert len(links) == 1
    assert links[0].get_attribute("href") == file_url(manual_site / "manual/end-of-the-game.html") + "#resuming-play-after-two-pass-moves"
    assert links[0].get_attribute("href").endswith(UNIQUE_TARGET)
    assert "Resuming play after two pass moves" in links[0].text
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda driver: driver.current_url.endswith(UNIQUE_TARGET))
    WebDriverWait(browser, 5).until(lambda driver: element_in_view(driver, "resuming-play-after-two-pass-moves"))
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


def test_prefix_of_the_word_being_typed_finds_it_and_a_click_opens_it(browser, manual_site):
    browser.get(file_url(manual_site / "index.html"))
    type_query(browser, "automatis")  # "automati" would also match "automatic"; grep finds no other "automatis"
    links = result_links(browser)
    assert len(links) == 1
    assert links[0].get_attribute("href").endswith(UNIQUE_TARGET)
    links[0].click()
    WebDriverWait(browser, 5).until(lambda driver: driver.current_url.endswith(UNIQUE_TARGET))
    WebDriverWait(browser, 5).until(lambda driver: element_in_view(driver, "resuming-play-after-two-pass-moves"))


def test_title_hits_rank_first_and_words_are_and_ed(browser, manual_site):
    browser.get(file_url(manual_site / "index.html"))
    type_query(browser, "komi ")
    first = result_links(browser)[0]
    assert "komi" in first.find_element(By.CSS_SELECTOR, ".search-result-title").text.lower()
    assert first.find_elements(By.CSS_SELECTOR, ".search-result-title mark"), "the matching word is highlighted"
    count_komi = len(result_links(browser))
    type_query(browser, "komi handicap ")
    assert 0 < len(result_links(browser)) <= count_komi


def test_arrow_keys_and_escape(browser, manual_site):
    browser.get(file_url(manual_site / "index.html"))
    box = type_query(browser, "board ")
    options = browser.find_elements(By.CSS_SELECTOR, "#hoshi-search-results [role=option]")
    assert len(options) > 2
    assert options[0].get_attribute("aria-selected") == "true"
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ARROW_DOWN)
    assert options[2].get_attribute("aria-selected") == "true"
    assert box.get_attribute("aria-activedescendant") == options[2].get_attribute("id")
    box.send_keys(Keys.ARROW_UP)
    target = options[1].find_element(By.TAG_NAME, "a").get_attribute("href")
    box.send_keys(Keys.ESCAPE)
    assert not browser.find_element(By.ID, "hoshi-search-results").is_displayed()
    box.send_keys(Keys.ARROW_DOWN)  # reopens on the first result
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda driver: driver.current_url == target)


def test_table_of_contents_links_scroll_to_their_subsections(browser, manual_site):
    browser.get(file_url(manual_site / "manual/end-of-the-game.html"))
    links = browser.find_elements(By.CSS_SELECTOR, "#hoshi-toc a")
    assert len(links) == 6
    for link in reversed(links):
        browser.execute_script("window.scrollTo(0, 0)")
        target = link.get_attribute("href").split("#", 1)[1]
        link.click()
        WebDriverWait(browser, 5).until(lambda driver: driver.current_url.endswith("#" + target))
        WebDriverWait(browser, 5).until(lambda driver: element_in_view(driver, target))


def test_indexed_text_is_shown_as_text(browser, manual_site):
    browser.get(file_url(manual_site / "manual/faq.html"))
    type_query(browser, "bold")
    link = result_links(browser)[0]
    assert link.get_attribute("href").endswith("index.html#the-bbold-b-tag") or "<b>bold</b>" in link.text
    assert "<b>bold</b>" in link.text
    assert browser.find_elements(By.CSS_SELECTOR, "#hoshi-search-results b") == []


def test_search_on_a_phone(phone_browser, manual_site):
    phone_browser.get(file_url(manual_site / "manual/faq.html"))
    box = phone_browser.find_element(By.ID, "hoshi-search")
    assert box.is_displayed()
    assert phone_browser.find_element(By.ID, "hoshi-menu-toggle").is_displayed()
    type_query(phone_browser, UNIQUE_WORD)
    results = phone_browser.find_element(By.ID, "hoshi-search-results")
    width = phone_browser.execute_script("return document.documentElement.clientWidth")
    assert results.rect["x"] >= 0 and results.rect["x"] + results.rect["width"] <= width
    assert phone_browser.execute_script("return document.documentElement.scrollWidth") <= width, "no sideways scrolling"
    result_links(phone_browser)[0].click()
    WebDriverWait(phone_browser, 5).until(lambda driver: driver.current_url.endswith(UNIQUE_TARGET))
    WebDriverWait(phone_browser, 5).until(lambda driver: element_in_view(driver, "resuming-play-after-two-pass-moves"))


def test_snippet_shows_the_match_deep_in_its_section(browser, manual_site):
    # "automatism" sits far past the start of its subsection's text (line 609, nine lines below the
    # title), beyond the index's short excerpt: the snippet comes from the page's text file, loaded on demand.
    browser.get(file_url(manual_site / "index.html"))
    type_query(browser, UNIQUE_WORD)
    WebDriverWait(browser, 5).until(lambda driver: driver.find_elements(
        By.CSS_SELECTOR, "#hoshi-search-results .search-result-snippet mark"))
    marks = browser.find_elements(By.CSS_SELECTOR, "#hoshi-search-results .search-result-snippet mark")
    assert [mark.text.lower() for mark in marks] == [UNIQUE_WORD]
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []
