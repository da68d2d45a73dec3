"""Lights Off puzzle pages in headless Chromium from file://: hints, solved marks, keyboard, phone layout.

Honesty of the par checks: `chase_par` below enumerates every solution of a plain-rule board exactly (every
solution is fixed by its first row of presses; each later row must press the cells under the lights still
lit above), so it is an exhaustive search that shares no code with the build or the page script. The board
it solves is read from the page's buttons (`data-lit`), i.e. what the reader sees.
"""
import json
import random

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def chase_par(lit, width, height):
    """Fewest presses turning `lit` (a set of (row, column)) off under the plain rule, or None."""
    best = None
    for first in range(1 << width):
        state = set(lit)
        count = 0

        def press(row, column):
            for cell in ((row, column), (row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
                if 0 <= cell[0] < height and 0 <= cell[1] < width:
                    state.symmetric_difference_update({cell})

        for column in range(width):
            if first >> column & 1:
                press(0, column)
                count += 1
        for row in range(1, height):
            for column in range(width):
                if (row - 1, column) in state:
                    press(row, column)
                    count += 1
        if not state and (best is None or count < best):
            best = count
    return best


def page_data(browser):
    return json.loads(browser.find_element(By.ID, "lights-data").get_attribute("textContent"))


def lit_cells(browser):
    return {(int(button.get_attribute("data-row")), int(button.get_attribute("data-column")))
            for button in browser.find_elements(By.CSS_SELECTOR, ".lights-cell[data-lit=true]")}


def moves(browser):
    return int(browser.find_element(By.ID, "lights-moves").get_attribute("data-moves"))


def cell(browser, row, column):
    return browser.find_element(By.CSS_SELECTOR, f'.lights-cell[data-row="{row}"][data-column="{column}"]')


def solve_with_hints(browser, limit=30):
    """Presses "Hint" then the highlighted cell until the board is dark; returns the number of presses."""
    presses = 0
    while lit_cells(browser):
        browser.find_element(By.ID, "lights-hint").click()
        hinted = browser.find_elements(By.CSS_SELECTOR, ".lights-cell.lights-hint")
        assert len(hinted) == 1, "exactly one cell is highlighted"
        hinted[0].click()
        presses += 1
        assert presses <= limit
    return presses


def severe_errors(browser):
    return [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def first_solvable(site, start=1):
    number = start
    while "lights-data" not in (site / f"original/{number}.html").read_text():
        number += 1
    return number


def test_hints_solve_a_real_puzzle_in_exactly_par(browser, puzzle_site):
    number = first_solvable(puzzle_site)
    browser.get((puzzle_site / f"original/{number}.html").as_uri())
    data = page_data(browser)
    expected = chase_par(lit_cells(browser), data["width"], data["height"])
    assert expected is not None and data["par"] == expected
    assert browser.find_element(By.CSS_SELECTOR, ".lights-par").text == str(expected)
    assert solve_with_hints(browser) == expected
    assert moves(browser) == expected
    win = browser.find_element(By.ID, "lights-win")
    WebDriverWait(browser, 5).until(lambda driver: win.is_displayed())  # after its short fade-in
    assert "That is par" in win.text
    assert severe_errors(browser) == []


def test_hints_after_random_presses_take_the_par_of_the_new_state(browser, puzzle_site):
    generator = random.Random(20261121)
    number = first_solvable(puzzle_site, 20)
    for _ in range(3):
        browser.get((puzzle_site / f"original/{number}.html").as_uri())
        data = page_data(browser)
        for _ in range(generator.randint(1, 6)):
            cell(browser, generator.randrange(data["height"]), generator.randrange(data["width"])).click()
        before = moves(browser)
        expected = chase_par(lit_cells(browser), data["width"], data["height"])
        assert expected is not None, "presses keep a solvable board solvable"
        assert solve_with_hints(browser) == expected
        assert moves(browser) == before + expected
        number = first_solvable(puzzle_site, number + 1)
    assert severe_errors(browser) == []


def test_show_solution_marks_a_minimum_solution_from_the_current_state(browser, puzzle_site):
    number = first_solvable(puzzle_site, 50)
    browser.get((puzzle_site / f"original/{number}.html").as_uri())
    data = page_data(browser)
    cell(browser, 0, 0).click()
    expected = chase_par(lit_cells(browser), data["width"], data["height"])
    browser.find_element(By.ID, "lights-show-solution").click()
    marked = browser.find_elements(By.CSS_SELECTOR, ".lights-cell.lights-marked")
    assert len(marked) == expected
    for button in marked:
        button.click()
    assert lit_cells(browser) == set()


def test_solved_mark_survives_a_reload_and_can_be_reset(browser, puzzle_site):
    number = first_solvable(puzzle_site)
    browser.get((puzzle_site / "original/index.html").as_uri())
    browser.execute_script("localStorage.clear()")
    browser.get((puzzle_site / f"original/{number}.html").as_uri())
    fingerprint = page_data(browser)["puzzle"]
    solve_with_hints(browser)
    browser.get((puzzle_site / "original/index.html").as_uri())
    card = f'.lights-card[data-puzzle="{fingerprint}"]'
    for _ in range(2):
        assert "lights-card-solved" in browser.find_element(By.CSS_SELECTOR, card).get_attribute("class")
        assert browser.find_element(By.CSS_SELECTOR, ".lights-solved-count").text == "1"
        browser.refresh()
    browser.find_element(By.CSS_SELECTOR, ".lights-reset-marks").click()
    assert "lights-card-solved" not in browser.find_element(By.CSS_SELECTOR, card).get_attribute("class")
    browser.refresh()
    assert browser.find_element(By.CSS_SELECTOR, ".lights-solved-count").text == "0"
    assert severe_errors(browser) == []


def test_keyboard_moves_focus_with_arrows_and_presses_with_enter_and_space(browser, puzzle_site):
    number = first_solvable(puzzle_site)
    browser.get((puzzle_site / f"original/{number}.html").as_uri())
    first = cell(browser, 0, 0)
    assert first.get_attribute("tabindex") == "0"
    assert cell(browser, 1, 1).get_attribute("tabindex") == "-1", "one tab stop for the whole board"
    first.send_keys(Keys.ARROW_RIGHT)
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    active = browser.switch_to.active_element
    assert (active.get_attribute("data-row"), active.get_attribute("data-column")) == ("1", "1")
    lit_before = active.get_attribute("data-lit")
    active.send_keys(Keys.ENTER)
    assert moves(browser) == 1
    assert active.get_attribute("data-lit") != lit_before
    active.send_keys(Keys.SPACE)
    assert moves(browser) == 2
    assert active.get_attribute("data-lit") == lit_before
    browser.find_element(By.ID, "lights-undo").click()
    assert moves(browser) == 1


def test_unsolvable_page_explains_and_offers_no_play(browser, puzzle_site):
    number = 1
    while "This puzzle cannot be solved." not in (puzzle_site / f"original/{number}.html").read_text():
        number += 1
    browser.get((puzzle_site / f"original/{number}.html").as_uri())
    notice = browser.find_element(By.CSS_SELECTOR, ".lights-notice")
    assert "toggle the light at row" in notice.text
    assert browser.find_elements(By.CSS_SELECTOR, ".lights-cell, #lights-hint") == []
    assert severe_errors(browser) == []


def test_board_has_large_touch_targets_on_a_phone(phone_browser, demo_site):
    phone_browser.get((demo_site / "puzzles/starter/1.html").as_uri())
    sizes = [button.rect for button in phone_browser.find_elements(By.CSS_SELECTOR, ".lights-cell")]
    assert len(sizes) == 25
    assert all(rect["width"] >= 44 and rect["height"] >= 44 for rect in sizes)
    grid = phone_browser.find_element(By.CSS_SELECTOR, ".lights-grid").rect
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= 390, "the 5 x 5 board fits a phone screen"
    assert severe_errors(phone_browser) == []


def test_demo_sets_are_published(browser, demo_site):
    browser.get((demo_site / "puzzles/generated/index.html").as_uri())
    assert len(browser.find_elements(By.CSS_SELECTOR, ".lights-card")) == 10
    browser.get((demo_site / "puzzles/starter/index.html").as_uri())
    WebDriverWait(browser, 5).until(lambda driver: driver.find_element(By.CSS_SELECTOR, ".lights-progress").is_displayed())
    assert severe_errors(browser) == []


def test_torus_and_large_boards_follow_hints_to_the_build_par(browser, hoshi, tmp_path):
    """A consistency check, not an independent one: on wrapping 7 x 6 boards and a 12 x 12 board the page's
    hints (from the embedded table) must reach a dark board in exactly the par the build's solver computed."""
    from conftest import run_hoshi

    (tmp_path / "content").mkdir()
    (tmp_path / "content/index.md").write_text("# Home\n")
    (tmp_path / "hoshi.yml").write_text(
        "title: T\nlights:\n  generated:\n"
        "    - {name: torus, width: 7, height: 6, count: 2, par: [4, 12], seed: 5, wrap: true}\n"
        "    - {name: large, width: 12, height: 12, count: 1, par: [10, 60], seed: 5}\n")
    result = run_hoshi(hoshi, "build", tmp_path, "--output", tmp_path / "site")
    assert result.returncode == 0, result.stderr
    for page in ("puzzles/torus/1.html", "puzzles/torus/2.html", "puzzles/large/1.html"):
        browser.get((tmp_path / "site" / page).as_uri())
        data = page_data(browser)
        assert solve_with_hints(browser, limit=200) == data["par"], page
        win = browser.find_element(By.ID, "lights-win")
        WebDriverWait(browser, 5).until(lambda driver: win.is_displayed())  # after its short fade-in
    assert severe_errors(browser) == []
