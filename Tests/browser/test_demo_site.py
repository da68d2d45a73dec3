"""The built demo site opened from file://, as a reader would: pages, links, phone navigation, dark mode."""
import pathlib

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from site_links import broken_links, read_page


def file_url(path: pathlib.Path) -> str:
    return path.resolve().as_uri()


def test_home_page_opens_from_file_url(browser, demo_site):
    browser.get(file_url(demo_site / "index.html"))
    assert browser.find_element(By.CSS_SELECTOR, ".site-title").text == "Hoshi"
    assert browser.find_element(By.CSS_SELECTOR, "main h1").text == "Hoshi"
    assert "Hoshi" in browser.title


# The classical problem set the demo mounts from the shared corpus: 183 pages of one kind, which
# test_problems.py opens in its own site; here its index and a few of its pages stand for the rest.
CLASSICAL_SET = pathlib.Path("problems/classical/hatsuyoron")
CLASSICAL_SOURCE = pathlib.Path(__file__).resolve().parents[2].parent / "shared/corpus/sgf/problems-classical/hatsuyoron.sgf"


def test_every_page_loads_without_console_errors(browser, demo_site):
    pages = [page for page in sorted(demo_site.rglob("*.html"))
             if page.parent.relative_to(demo_site) != CLASSICAL_SET or page.name in ("index.html", "1.html", "183.html")]
    assert len(pages) >= 8
    for page in pages:
        browser.get(file_url(page))
        errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert errors == [], f"{page.relative_to(demo_site)}: {errors}"
        # The stylesheet applied: the sidebar is laid out by the theme.
        assert browser.execute_script("return getComputedStyle(document.body).marginTop") == "0px"


def test_every_link_resolves_in_a_moved_copy(moved_demo_site):
    assert broken_links(moved_demo_site) == []


def test_links_work_when_clicked_in_a_moved_copy(browser, moved_demo_site):
    browser.get(file_url(moved_demo_site / "index.html"))
    browser.find_element(By.LINK_TEXT, "Configuration").click()
    WebDriverWait(browser, 5).until(expected_conditions.title_contains("Configuration"))
    assert browser.current_url.startswith(moved_demo_site.resolve().as_uri())
    browser.find_element(By.CSS_SELECTOR, ".site-title").click()
    WebDriverWait(browser, 5).until(lambda driver: driver.current_url.endswith("/help/index.html"))


def test_navigation_on_a_phone(phone_browser, demo_site):
    phone_browser.get(file_url(demo_site / "docs/index.html"))
    sidebar = phone_browser.find_element(By.ID, "hoshi-navigation")
    toggle = phone_browser.find_element(By.ID, "hoshi-menu-toggle")
    assert toggle.is_displayed()
    assert not sidebar.is_displayed(), "the sidebar starts collapsed on a phone"
    toggle.click()
    WebDriverWait(phone_browser, 5).until(lambda driver: sidebar.is_displayed())
    assert toggle.get_attribute("aria-expanded") == "true"
    link = sidebar.find_element(By.LINK_TEXT, "Themes")
    WebDriverWait(phone_browser, 5).until(lambda driver: link.is_displayed() and link.rect["x"] >= 0)
    link.click()
    WebDriverWait(phone_browser, 5).until(expected_conditions.title_contains("Themes"))


def test_dark_mode_choice_persists_across_pages(browser, demo_site):
    browser.get(file_url(demo_site / "index.html"))
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    background = lambda: browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    light_background = background()
    browser.find_element(By.ID, "hoshi-theme-toggle").click()
    assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
    dark_background = background()
    assert dark_background != light_background
    browser.get(file_url(demo_site / "docs/themes.html"))
    assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
    assert background() == dark_background
    browser.find_element(By.ID, "hoshi-theme-toggle").click()
    browser.get(file_url(demo_site / "index.html"))
    assert browser.execute_script("return document.documentElement.dataset.theme") == "light"


def test_on_page_table_of_contents_targets_exist(demo_site):
    page = read_page(demo_site / "docs/content.html")
    toc_links = [link for link in page.links if link.startswith("#") and link != "#hoshi-main"]
    assert len(toc_links) >= 4
    assert all(link[1:] in page.ids for link in toc_links)


def test_classical_collection_is_published_from_the_corpus(browser, demo_site):
    """hoshi.yml mounts a classical collection from ../shared: a browsable set saying it has no solutions."""
    if not CLASSICAL_SOURCE.exists():
        pytest.skip(f"{CLASSICAL_SOURCE} is absent, so the demo leaves the set out")
    index = demo_site / CLASSICAL_SET / "index.html"
    browser.get(file_url(index))
    assert "This set has no solutions yet." in browser.find_element(By.TAG_NAME, "main").text
    cards = browser.find_elements(By.CSS_SELECTOR, ".problem-card")
    assert len(cards) == CLASSICAL_SOURCE.read_text(encoding="utf-8", errors="replace").count("(;") - 1
    problems = browser.find_element(By.LINK_TEXT, "Classical")
    assert problems.get_attribute("href").endswith("/problems/classical/hatsuyoron/index.html")
