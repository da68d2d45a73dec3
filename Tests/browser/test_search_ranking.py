"""Search results in headless Chromium from file://, on a small site written here: the order of the results
for a word being typed ("ko" among komi, Korean and Kobayashi), and how many results there are, with the
rest a key press or a click away.

The expected order is computed here from the pages' own text, by the rule: an exact word in the result's
title (page title or heading) first, then an exact word in its text, then a longer word starting with what
is typed in its title, then in its text.
"""
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import run_hoshi

# Page file -> (title, text before the first heading, [(heading, text)]). The index lists pages by path,
# which puts pages that only hold words starting with "ko" first, so ranking by site order alone fails.
PAGES = {
    "compensation": ("Komi", "Komi compensates White for moving second.",
             [("Korean komi", "Korean rules give six and a half points."),
              ("Japanese komi", "Six and a half points since 2002.")]),
    "players": ("Players", "Korean professionals and their teachers.",
                [("Kobayashi Koichi", "A champion of the 1980s."), ("Cho Chikun", "Born in Busan.")]),
    "basic-rules": ("Rules", "Captures, suicide and the ko rule in short.",
              [("Repetition", "A ko may not be retaken at once; komi is unrelated.")]),
    "repeated-capture": ("Ko", "A ko is a shape where stones could be captured back and forth.",
           [("Ko threats", "A threat elsewhere, answered before the ko is retaken."),
            ("History", "Old books tell of famous fights.")]),
    "endgame": ("Endgame", "Counting the last points.", [("Gote", "A move that loses the initiative.")]),
}


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def words(text):
    return re.findall(r"[a-z0-9]{2,}", text.lower())


def targets():
    """(url from the site root, title, text) of every page and heading."""
    for name, (title, intro, sections) in PAGES.items():
        yield f"{name}.html", title, intro
        for heading, text in sections:
            yield f"{name}.html#{slug(heading)}", heading, text


def match_class(title, text, query):
    """0 exact in the title, 1 exact in the text, 2 prefix in the title, 3 prefix in the text, None."""
    title_words, text_words = words(title), words(text)
    classes = [rank for rank, found in enumerate((
        query in title_words, query in text_words,
        any(word.startswith(query) for word in title_words), any(word.startswith(query) for word in text_words))) if found]
    return min(classes) if classes else None


@pytest.fixture(scope="module")
def go_site(hoshi, tmp_path_factory):
    source = tmp_path_factory.mktemp("ranking")
    content = source / "content"
    content.mkdir()
    (source / "hoshi.yml").write_text("title: Go terms\n")
    (content / "index.md").write_text("# Go terms\n\nA glossary.\n")
    for order, (name, (title, intro, sections)) in enumerate(PAGES.items(), start=1):
        body = "".join(f"\n## {heading}\n\n{text}\n" for heading, text in sections)
        (content / f"{name}.md").write_text(f"---\ntitle: {title}\norder: {order}\n---\n\n{intro}\n{body}")
    for number in range(1, 26):
        (content / f"liberty-{number}.md").write_text(
            f"---\ntitle: Note {number}\norder: {100 + number}\n---\n\nA liberty count, note {number}.\n")
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    return output


def type_query(browser, text):
    box = browser.find_element(By.ID, "hoshi-search")
    box.clear()
    box.send_keys(text)
    WebDriverWait(browser, 5).until(lambda driver: driver.find_element(By.ID, "hoshi-search-results").is_displayed())
    return box


def result_urls(browser, site):
    """The results' links from the site root, read at once (the list is drawn again as snippet texts arrive)."""
    root = site.resolve().as_uri() + "/"
    hrefs = browser.execute_script(
        "return [...document.querySelectorAll('#hoshi-search-results [role=option] a')].map(link => link.href)")
    return [href.removeprefix(root) for href in hrefs]


@pytest.mark.parametrize("query", ["ko", "kor", "ko "])
def test_exact_words_and_titles_rank_first(browser, go_site, query):
    browser.get((go_site / "index.html").resolve().as_uri())
    type_query(browser, query)
    typed = query.strip()
    expected = {}
    for url, title, text in targets():
        found = match_class(title, text, typed)
        # A whole word (a space typed after it) matches only exactly.
        if found is not None and (query != typed and found <= 1 or query == typed):
            expected[url] = found
    urls = result_urls(browser, go_site)
    assert set(urls) == set(expected), urls
    classes = [expected[url] for url in urls]
    assert classes == sorted(classes), list(zip(urls, classes))


def test_pages_about_ko_come_before_komi_and_korean(browser, go_site):
    browser.get((go_site / "index.html").resolve().as_uri())
    type_query(browser, "ko")
    assert set(result_urls(browser, go_site)[:2]) == {"repeated-capture.html", "repeated-capture.html#ko-threats"}


def options(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#hoshi-search-results [role=option]")


def status(browser):
    return browser.find_element(By.ID, "hoshi-search-status").text


def test_the_count_is_shown_and_the_rest_opens_from_the_keyboard(browser, go_site):
    total = sum(1 for url, title, text in targets() if "liberty" in words(title + " " + text)) + 25
    browser.get((go_site / "index.html").resolve().as_uri())
    box = type_query(browser, "liberty ")
    shown = len(result_urls(browser, go_site))
    assert 0 < shown < total
    assert status(browser) == f"{shown} of {total} results"
    more = options(browser)[-1]
    assert "more" in more.text.lower() and str(total - shown) in more.text
    for _ in range(shown):
        box.send_keys(Keys.ARROW_DOWN)
    assert more.get_attribute("aria-selected") == "true", "the arrow keys reach the Show more entry"
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda driver: len(result_urls(driver, go_site)) > shown)
    urls = result_urls(browser, go_site)
    assert len(urls) == total and len(set(urls)) == total
    assert status(browser) == f"{total} results"
    selected = [item for item in options(browser) if item.get_attribute("aria-selected") == "true"]
    assert [item.get_attribute("id") for item in selected] == [options(browser)[shown].get_attribute("id")], \
        "the first newly shown result is selected"
    assert browser.switch_to.active_element.get_attribute("id") == "hoshi-search", "the focus stays in the box"
    box.send_keys(Keys.ENTER)
    WebDriverWait(browser, 5).until(lambda driver: driver.current_url.endswith(urls[shown]))


def test_show_more_with_the_mouse_keeps_the_list_open(browser, go_site):
    browser.get((go_site / "index.html").resolve().as_uri())
    type_query(browser, "liberty ")
    shown = len(result_urls(browser, go_site))
    options(browser)[-1].click()
    WebDriverWait(browser, 5).until(lambda driver: len(result_urls(driver, go_site)) > shown)
    assert browser.find_element(By.ID, "hoshi-search-results").is_displayed()
    assert browser.switch_to.active_element.get_attribute("id") == "hoshi-search"
