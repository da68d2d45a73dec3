"""Problem boards as Go players expect them (issue 20): the real board's coordinates around the cropped board,
with the game viewer's toggle; Retry and Show the solution only once the reader has moved; a breadcrumb that
names the problem once.

Expectations are computed here: column letters skip I and rows count from the bottom of the whole board (the
convention written out in `board_name` below), checked against where the page draws each intersection.
"""
import pathlib

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY

DEMO = REPOSITORY / "content/problems"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def board_name(point, rows=19):
    """"aa" -> "A19" on 19 lines: letters without I, rows counted from the bottom."""
    column = ord(point[0]) - ord("a")
    return LETTERS[column] + str(rows - (ord(point[1]) - ord("a")))


def open_page(driver, page):
    driver.get(pathlib.Path(page).resolve().as_uri())
    driver.find_element(By.CSS_SELECTOR, '[data-board="problem"] .problem-points')


def click_point(driver, point):
    driver.find_element(By.CSS_SELECTOR, f'[data-board="problem"] [data-point="{point}"]:not([data-stone])').click()


def centres(driver, selector):
    """(centre x, centre y, text or data-point) of the elements that match, as the page lays them out."""
    return driver.execute_script("""
        return [...document.querySelectorAll(arguments[0])].map(e => {
          const b = e.getBoundingClientRect();
          return [b.left + b.width / 2, b.top + b.height / 2, e.getAttribute('data-point') || e.textContent,
                  b.width > 0 && getComputedStyle(e).display !== 'none' && getComputedStyle(e.closest('g')).display !== 'none'];
        });""", selector)


def shown_labels(driver):
    return [item for item in centres(driver, '[data-board="problem"] .go-coordinates text') if item[3]]


@pytest.mark.parametrize("stem", ["04-bent-three-kill", "08-bent-three-bottom-right", "07-straight-three-on-the-side"])
def test_the_cropped_board_has_the_real_boards_coordinates(browser, demo_site, stem):
    open_page(browser, demo_site / f"problems/{stem}.html")
    points = centres(browser, '[data-board="problem"] [data-point]')
    assert points
    columns = {point[0]: x for x, _, point, _ in points}
    rows = {point[1]: y for _, y, point, _ in points}
    labels = shown_labels(browser)
    assert labels, "the board shows coordinates"
    letters_shown = {text for _, _, text, _ in labels if text.isalpha()}
    numbers_shown = {text for _, _, text, _ in labels if text.isdigit()}
    assert letters_shown == {board_name(column + "a")[0] for column in columns}
    assert numbers_shown == {board_name("a" + row)[1:] for row in rows}
    # Each label stands in line with its column or row.
    for x, y, text, _ in labels:
        if text.isalpha():
            column = next(c for c in columns if board_name(c + "a")[0] == text)
            assert abs(x - columns[column]) < 2, f"{text} is above its column"
        else:
            row = next(r for r in rows if board_name("a" + r)[1:] == text)
            assert abs(y - rows[row]) < 2, f"{text} is beside its row"


def test_a_verdicts_point_can_be_found_by_its_coordinates(browser, demo_site):
    open_page(browser, demo_site / "problems/04-bent-three-kill.html")
    click_point(browser, "ba")  # wrong: White answers at A19 (the tree's reply W[aa])
    answer = browser.find_element(By.CSS_SELECTOR, ".problem-answer").text
    assert f"answers at {board_name('aa')}" in answer
    texts = {text for _, _, text, _ in shown_labels(browser)}
    assert {"A", "19"} <= texts


def test_coordinates_toggle_is_the_game_viewers(browser, demo_site):
    open_page(browser, demo_site / "problems/04-bent-three-kill.html")
    browser.execute_script("localStorage.clear()")
    open_page(browser, demo_site / "problems/04-bent-three-kill.html")
    toggle = browser.find_element(By.CSS_SELECTOR, '[data-action="coordinates"]')
    assert toggle.get_attribute("aria-pressed") == "true" and shown_labels(browser)
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert shown_labels(browser) == []
    # Without the labels the picture keeps no empty margin for them: the board fills its box.
    open_page(browser, demo_site / "problems/04-bent-three-kill.html")
    assert shown_labels(browser) == [], "the choice is remembered"
    # The game viewer reads the same choice, and its toggle turns them back on for problems too.
    browser.get((demo_site / "games/famous-games/1846-ear-reddening-game.html").resolve().as_uri())
    viewer_toggle = browser.find_element(By.CSS_SELECTOR, '[data-game-viewer] [data-action="coordinates"]')
    assert viewer_toggle.get_attribute("aria-pressed") == "false"
    viewer_toggle.click()
    open_page(browser, demo_site / "problems/04-bent-three-kill.html")
    assert shown_labels(browser)


def controls_shown(driver):
    return {action: driver.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]').is_displayed()
            for action in ("retry", "solution")}


def test_retry_and_the_solution_wait_for_a_move(browser, demo_site):
    open_page(browser, demo_site / "problems/03-capture-the-cutter.html")
    assert controls_shown(browser) == {"retry": False, "solution": False}
    assert not any(element.is_displayed() for element in browser.find_elements(By.CSS_SELECTOR, ".problem-solution-text"))
    click_point(browser, "ab")  # a right first move, answered by the tree: the problem is still open
    assert controls_shown(browser) == {"retry": True, "solution": True}
    browser.find_element(By.CSS_SELECTOR, '[data-action="retry"]').click()
    assert controls_shown(browser) == {"retry": False, "solution": False}, "back at the start: nothing to retry"
    click_point(browser, "aa")  # wrong
    assert controls_shown(browser) == {"retry": True, "solution": True}


def test_the_breadcrumb_names_the_problem_once(browser, demo_site):
    open_page(browser, demo_site / "problems/04-bent-three-kill.html")
    crumbs = [item.text for item in browser.find_elements(By.CSS_SELECTOR, ".breadcrumbs li")]
    assert crumbs[-1] == "Problem 4", crumbs
    assert sum("Problems" in crumb for crumb in crumbs) == 1, crumbs
    assert "Problem 4" in browser.title and "Problems" in browser.title, "the tab still names the set"
