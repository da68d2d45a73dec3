"""The game viewer keeps its place (issue #20, "Viewer state"), on a 9x9 record with variations written here and
on the demo's ear-reddening game, in headless Chromium from file://.

The record: a main line of 30 moves (Black on the top three rows, White on the bottom three, so nothing is ever
captured), a short variation of three moves replacing White's move 2, a variation of five moves replacing White's
move 20 with a nested alternative at its second move. Node numbers and expected stones come from
`sgf_replay.py` (an SGF reading that shares no code with the build or game.js); the page's stones are read
through the `data-point`/`data-stone` contract.
"""
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import sgf_replay
import site_links
from conftest import run_hoshi
from test_games import (EAR_REDDENING, assert_node, click_action, focus_page, open_game, page_stones, press_key,
                        replayed_stones, severe_errors, viewer_state, wait_for_move, wait_for_node)

MAIN_MOVES = 30


def main_point(move):
    """Black's moves fill rows a-c, White's rows g-i, column by column: no two opposing stones ever touch."""
    index = (move - 1) // 2
    rows = "abc" if move % 2 == 1 else "ghi"
    return "abcdefghi"[index % 9] + rows[index // 9]


def main_moves(first, last):
    return "".join(f";{'BW'[(move - 1) % 2]}[{main_point(move)}]" for move in range(first, last + 1))


def variations_record(comment=""):
    """Variation A replaces move 2 (three moves, on rows d and f); variation B replaces move 20 (five moves),
    with a nested alternative at its second move."""
    variation_a = "(;W[af]C[A short variation.];B[ad];W[bf])"
    nested = "(;B[ed];W[ff])"
    variation_b = "(;W[cf]C[A longer variation.](;B[cd];W[df];B[dd];W[ef])" + nested + ")"
    main = main_moves(2, 19) + "(" + main_moves(20, 30) + ")" + variation_b
    record = f"(;GM[1]FF[4]SZ[9]KM[6.5]GN[Variations]{main_moves(1, 1)}({main}){variation_a})"
    return record.replace(";B[ca]", f";B[ca]C[{comment}]", 1) if comment else record


ROOT = sgf_replay.parse(variations_record())[0]


def nodes_where(predicate):
    return [node for node in sgf_replay.nodes_in_order(ROOT) if predicate(node)]


VARIATION_A = nodes_where(lambda node: node.get("C") == "A short variation.")[0]
VARIATION_B = nodes_where(lambda node: node.get("C") == "A longer variation.")[0]
NESTED = VARIATION_B.children[1]
# Move 5 (B ca) carries a comment linking to main-line move 12 and to the second node of variation A.
COMMENT = f"Compare #move-12, and the short line at #node-{VARIATION_A.children[0].index}."


def line_end(node):
    while node.children:
        node = node.children[0]
    return node


@pytest.fixture(scope="module")
def variations_page(hoshi, tmp_path_factory):
    source = tmp_path_factory.mktemp("variations")
    (source / "content/games").mkdir(parents=True)
    (source / "hoshi.yml").write_text("title: Variations\n")
    (source / "content/index.md").write_text("# Variations\n\nA [game](games/variations.sgf).\n")
    (source / "content/games/variations.sgf").write_text(variations_record(COMMENT))
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    return output / "games/variations.html"


def main_node(move):
    return sgf_replay.main_line_move(ROOT, move)


def history_length(driver):
    return driver.execute_script("return history.length")


def move_box(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-game-viewer] input.game-jump")


def slider(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-game-viewer] input.game-slider")


# MARK: - Up and Down

def test_up_and_down_where_there_is_no_choice_stay(browser, variations_page):
    for move in (10, 25, 2 + 1):
        open_game(browser, variations_page, f"#move-{move}")
        focus_page(browser)
        for key in (Keys.ARROW_DOWN, Keys.ARROW_UP, Keys.ARROW_DOWN):
            press_key(browser, key)
            assert_node(browser, main_node(move), f"{key!r} at main-line move {move}, which has no alternative")
    # Inside variation B, two moves below its branch point, there is no choice either.
    open_game(browser, variations_page, f"#node-{VARIATION_B.children[0].children[0].index}")
    focus_page(browser)
    press_key(browser, Keys.ARROW_UP)
    assert_node(browser, VARIATION_B.children[0].children[0], "ArrowUp two moves into a variation")
    assert severe_errors(browser) == []


def test_up_and_down_switch_between_siblings(browser, variations_page):
    open_game(browser, variations_page, "#move-2")
    focus_page(browser)
    press_key(browser, Keys.ARROW_DOWN)
    assert_node(browser, VARIATION_A, "ArrowDown at move 2: its alternative")
    press_key(browser, Keys.ARROW_DOWN)
    assert_node(browser, VARIATION_A, "ArrowDown at the last alternative stays")
    press_key(browser, Keys.ARROW_UP)
    assert_node(browser, main_node(2), "ArrowUp back to the main line's move 2")
    # The nested alternative inside variation B.
    open_game(browser, variations_page, f"#node-{VARIATION_B.children[0].index}")
    focus_page(browser)
    press_key(browser, Keys.ARROW_DOWN)
    assert_node(browser, NESTED, "ArrowDown to the nested alternative")


def test_down_at_move_126_of_the_ear_reddening_game_stays(browser, demo_site):
    page = demo_site / f"{EAR_REDDENING}.html"
    open_game(browser, page, "#move-126")
    node = viewer_state(browser)[0]
    focus_page(browser)
    press_key(browser, Keys.ARROW_DOWN)
    press_key(browser, Keys.ARROW_UP)
    assert viewer_state(browser) == (node, "126")


# MARK: - History

def test_stepping_replaces_the_history_entry_so_back_leaves_the_page(browser, variations_page):
    open_game(browser, variations_page)
    focus_page(browser)
    for _ in range(6):
        press_key(browser, Keys.ARROW_RIGHT)
    for _ in range(2):
        click_action(browser, "next")
    # Two slider steps from the keyboard.
    slider(browser).send_keys(Keys.ARROW_RIGHT)
    slider(browser).send_keys(Keys.ARROW_RIGHT)
    wait_for_move(browser, 10)
    assert browser.execute_script("return location.hash") == "#move-10", "the address names the node shown"
    browser.back()
    WebDriverWait(browser, 5).until(lambda d: d.current_url == "about:blank",
                                    message=f"Back after ten steps stayed at {browser.current_url}")


def test_a_typed_move_number_adds_one_entry_and_back_returns(browser, variations_page):
    open_game(browser, variations_page, "#move-4")
    before = history_length(browser)
    box = move_box(browser)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("17", Keys.ENTER)
    wait_for_move(browser, 17)
    assert history_length(browser) == before + 1, "Enter in the move box adds one history entry"
    browser.back()
    wait_for_move(browser, 4)
    assert_node(browser, main_node(4), "Back after a typed jump")


def test_links_to_moves_in_comments_are_deliberate_jumps(browser, variations_page):
    open_game(browser, variations_page, "#move-5")
    before = history_length(browser)
    link = browser.find_element(By.CSS_SELECTOR, '.game-comment-box a[href="#move-12"]')
    # In the middle of the window, as a reader sees a link before following it: scrolled only as far as
    # needed, the link can end under the sticky site header, which then takes the click (seen once in CI).
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    assert_node(browser, main_node(12), "the comment's link to move 12")
    assert history_length(browser) == before + 1
    browser.back()
    assert_node(browser, main_node(5), "Back from the link")
    target = VARIATION_A.children[0]
    link = browser.find_element(By.CSS_SELECTOR, f'.game-comment-box a[href="#node-{target.index}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    assert_node(browser, target, "the comment's link into variation A")
    assert severe_errors(browser) == []


def test_fragments_still_open_their_node(browser, variations_page):
    for fragment, node in (("#move-0", ROOT), ("#move-23", main_node(23)), (f"#node-{NESTED.index}", NESTED),
                           (f"#node-{VARIATION_A.children[0].index}", VARIATION_A.children[0])):
        open_game(browser, variations_page, fragment)
        assert_node(browser, node, fragment)
        assert browser.execute_script(
            "const r = document.querySelector('[data-board=\"viewer\"]').getBoundingClientRect();"
            "return r.top < innerHeight && r.bottom > 0;"), f"{fragment}: the board is in view"


# MARK: - The move box and the slider

def test_move_box_in_a_short_variation_goes_to_its_end_and_says_so(browser, variations_page):
    open_game(browser, variations_page, f"#node-{VARIATION_A.index}")
    box = move_box(browser)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("60", Keys.ENTER)
    end = line_end(VARIATION_A)
    assert_node(browser, end, "60 typed in a variation ending at move 4")
    assert box.get_attribute("value") == "4", "the box shows the node shown, not the number typed"
    assert browser.switch_to.active_element == box
    note = browser.find_element(By.CSS_SELECTOR, "[data-game-viewer] .game-jump-note")
    assert note.is_displayed() and "4" in note.text, note.text
    # Past the main line's end too, with the focus staying in the box.
    open_game(browser, variations_page, "#move-4")
    box = move_box(browser)
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("100", Keys.ENTER)
    assert_node(browser, main_node(MAIN_MOVES), "100 typed on a 30-move main line")
    assert box.get_attribute("value") == str(MAIN_MOVES)
    # While the box has the focus, its own arrow keys step the board and the box follows.
    box.send_keys(Keys.ARROW_DOWN)
    assert_node(browser, main_node(MAIN_MOVES - 1), "ArrowDown in the move box")
    assert box.get_attribute("value") == str(MAIN_MOVES - 1)


def test_slider_spans_the_line_shown(browser, variations_page):
    open_game(browser, variations_page, "#move-19")
    assert slider(browser).get_attribute("max") == str(MAIN_MOVES)
    focus_page(browser)
    press_key(browser, Keys.ARROW_RIGHT)
    press_key(browser, Keys.ARROW_DOWN)  # into variation B, which ends at move 24
    assert_node(browser, VARIATION_B, "ArrowDown at move 20")
    assert slider(browser).get_attribute("max") == "24"
    # The slider moves along the variation...
    slider(browser).send_keys(Keys.END)
    assert_node(browser, line_end(VARIATION_B), "End on the slider inside variation B")
    # ...and a link to a main-line move brings back the main line's length.
    browser.execute_script("location.hash = '#move-12'")
    assert_node(browser, main_node(12), "#move-12")
    assert slider(browser).get_attribute("max") == str(MAIN_MOVES), "the slider spans the main line again"
    slider(browser).send_keys(Keys.END)
    assert_node(browser, main_node(MAIN_MOVES), "End on the slider after coming back")
    assert page_stones(browser) == replayed_stones(main_node(MAIN_MOVES))


# MARK: - Links and targets

def test_fragments_in_comments_are_links_in_the_page_and_the_figures(variations_page):
    html = variations_page.read_text()
    target = VARIATION_A.children[0].index
    comment_items = re.findall(r'<li id="[^"]+" data-comment-node="\d+">.*?</li>', html)
    holding = [item for item in comment_items if "Compare" in item]
    assert holding, "the comment of move 5 is printed"
    for item in holding:
        assert '<a href="#move-12">#move-12</a>' in item and f'<a href="#node-{target}">#node-{target}</a>' in item, item


def test_every_fragment_has_a_static_target(variations_page, demo_site):
    collected = site_links.read_page(variations_page)
    nodes = sgf_replay.nodes_in_order(ROOT)
    expected = {f"move-{move}" for move in range(MAIN_MOVES + 1)}
    main_line = set(map(id, sgf_replay.main_line(ROOT)))
    expected |= {f"node-{node.index}" for node in nodes if id(node) not in main_line}
    missing = sorted(expected - collected.ids)
    assert missing == [], f"fragments with no element in the page: {missing}"
    # The demo's key-moment links and the docs' link to move 130 land on an element of their page.
    assert site_links.broken_links(demo_site) == []
    ear = site_links.read_page(demo_site / f"{EAR_REDDENING}.html")
    assert "move-130" in ear.ids


def test_a_fragment_lands_without_javascript(variations_page):
    from conftest import make_driver
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        driver.get(variations_page.resolve().as_uri() + "#move-23")
        target = driver.find_element(By.CSS_SELECTOR, ":target")
        top = driver.execute_script("return arguments[0].getBoundingClientRect().top", target)
        assert 0 <= top < driver.execute_script("return innerHeight"), "the page scrolled to the move's figure"
    finally:
        driver.quit()


# MARK: - The variations panel

def panel_branches(driver):
    """The variation panel's buttons as (node, on the current line, current choice) triples."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-viewer-panel] button[data-node]')).map(b => "
        "[Number(b.dataset.node), b.classList.contains('game-variation-on-line'), b.getAttribute('aria-current') === 'true']);")


def test_variations_panel_shows_the_choices_of_the_current_line(browser, variations_page):
    open_game(browser, variations_page, "#move-10")
    shown = {node for node, _, _ in panel_branches(browser)}
    # On the main line: the alternatives at move 2 and at move 20, not the nested one inside variation B.
    assert shown == {main_node(2).index, VARIATION_A.index, main_node(20).index, VARIATION_B.index}, shown
    on_line = {node for node, on, _ in panel_branches(browser) if on}
    assert on_line == {main_node(2).index, main_node(20).index}
    # Inside variation B: its nested choice is listed, and the current node's choice is marked.
    open_game(browser, variations_page, f"#node-{NESTED.index}")
    branches = panel_branches(browser)
    shown = {node for node, _, _ in branches}
    assert {VARIATION_B.children[0].index, NESTED.index} <= shown
    assert [node for node, _, current in branches if current] == [NESTED.index]
    # Usable from the keyboard: Tab reaches a choice, Enter takes it.
    button = browser.find_element(By.CSS_SELECTOR, f'[data-viewer-panel] button[data-node="{VARIATION_B.children[0].index}"]')
    button.send_keys(Keys.ENTER)
    assert_node(browser, VARIATION_B.children[0], "Enter on a variation choice")
    assert severe_errors(browser) == []


def test_a_swipe_steps_without_adding_history(variations_page):
    from conftest import make_driver
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        open_game(driver, variations_page, "#move-6")
        before = history_length(driver)
        board = driver.execute_script(
            "const r = document.querySelector('[data-board=\"viewer\"]').getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2];")
        x, y = board
        for start, end in ((x + 100, x - 100), (x + 100, x - 100), (x - 100, x + 100)):  # left, left, right
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start, "y": y}]})
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": end, "y": y}]})
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert_node(driver, main_node(7), "two swipes to the left and one to the right from move 6")
        assert history_length(driver) == before, "swipes replace the history entry"
        assert driver.execute_script("return location.hash") == "#move-7"
    finally:
        driver.quit()
