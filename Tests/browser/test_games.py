"""Game pages in headless Chromium from file://: the viewer's stones at every kind of node, fragments and
history, a phone screen, hostile records, collection and players' pages, and search, read through the boards'
data-point/data-stone contract (content/docs/games.md, "The viewer").

Where the expected positions come from (never from the page's own embedded data):
- main-line positions: the CLI, `hoshi sgf show FILE --game K --move N`, parsed below (`core_position`);
- variation positions: `sgf_replay.py` beside this file, a small SGF parser and capture rule in Python that
  shares no code with the build or game.js (sgfmill is not used: it is not a Debian package, and a test run
  must not need PyPI). `test_replay_agrees_with_the_core_on_main_lines` checks the replay against the CLI, so
  a disagreement on a variation points at the page, not at the replay.
The page's stones are read from the DOM: every `[data-stone]` inside `[data-board="viewer"]`.
"""
import json
import pathlib
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import sgf_replay
from conftest import CORPUS, CORPUS_GAMES, REPOSITORY, run_hoshi

DEMO_GAMES = REPOSITORY / "content/games"
EAR_REDDENING = "games/famous-games/1846-ear-reddening-game"
CORPUS_EAR_REDDENING = "games/edo/shusaku-126"
FF4_EXAMPLE = "games/spec/ff4-example"


# MARK: - Expectations: the core's CLI and the independent replay

def core_position(hoshi, record, move, game=1):
    """Stones after main-line move `move` as the core computes them: {(point letters, "B"/"W")} and the
    (captured by Black, captured by White) counts, from `hoshi sgf show`."""
    result = subprocess.run([str(hoshi), "sgf", "show", str(record), "--game", str(game), "--move", str(move)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode in (0, 1), result.stderr
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    captures_line = lines[-1]
    assert captures_line.startswith("captures:"), result.stdout
    words = captures_line.split()
    captures = (int(words[words.index("black") + 1]), int(words[words.index("white") + 1]))
    stones = set()
    for row, line in enumerate(lines[:-1]):
        for column, cell in enumerate(line.split()):
            if cell in ("X", "O"):
                stones.add((sgf_replay.letters(column, row), "B" if cell == "X" else "W"))
    return stones, captures


def replayed_stones(node):
    board, _ = sgf_replay.position(node)
    return {(point, colour) for point, colour in board.items()}


def read_games(record):
    return sgf_replay.parse(pathlib.Path(record).read_bytes())


def moves_after_captures(root, limit=3):
    """Main-line move numbers whose move captured stones (from the replay), the first `limit` of them."""
    found = []
    previous = 0
    for number in range(1, sgf_replay.main_line_moves(root) + 1):
        _, captures = sgf_replay.position(sgf_replay.main_line_move(root, number))
        total = captures["B"] + captures["W"]
        if total > previous:
            found.append(number)
        previous = total
        if len(found) == limit:
            break
    return found


# MARK: - The page

def file_url(path: pathlib.Path, fragment="") -> str:
    return path.resolve().as_uri() + fragment


def open_game(driver, page: pathlib.Path, fragment=""):
    """Loads a game page fresh (through about:blank, so a new fragment is a new document) and waits for the
    viewer to show a node."""
    driver.get("about:blank")
    driver.get(file_url(page, fragment))
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-game-viewer]").get_attribute("data-node"))


def page_stones(driver):
    pairs = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-board=\"viewer\"] [data-stone]'))"
        ".map(e => [e.getAttribute('data-point'), e.getAttribute('data-stone')]);")
    stones = {tuple(pair) for pair in pairs}
    assert len(stones) == len(pairs), f"a point carries two stones: {sorted(pairs)}"
    return stones


def viewer_state(driver):
    viewer = driver.find_element(By.CSS_SELECTOR, "[data-game-viewer]")
    return viewer.get_attribute("data-node"), viewer.get_attribute("data-move")


def wait_for_node(driver, node):
    WebDriverWait(driver, 5).until(lambda d: viewer_state(d)[0] == str(node),
                                   message=f"the viewer did not reach node {node}")


def wait_for_move(driver, move):
    WebDriverWait(driver, 5).until(lambda d: viewer_state(d)[1] == str(move),
                                   message=f"the viewer did not reach move {move}")


def click_action(driver, action):
    driver.find_element(By.CSS_SELECTOR, f'[data-game-viewer] button[data-action="{action}"]').click()


def press_key(driver, key):
    """A key press on the page with the focus on the body (not in a text field)."""
    ActionChains(driver).send_keys(key).perform()


def focus_page(driver):
    driver.execute_script("if (document.activeElement) document.activeElement.blur(); document.body.focus();")


def variation_button(driver, node):
    """The variation panel's button for node `node` (an index), which the panel lists on the line shown."""
    buttons = driver.find_elements(By.CSS_SELECTOR, f'[data-viewer-panel] button[data-node="{node}"]')
    assert buttons, f"the variation panel has no button for node {node} on the line shown"
    return buttons[0]


def choose_variation(driver, node):
    """Reaches `node` (an sgf_replay node) through the variation panel as a reader would: the choice at each
    branch point on its path in turn, each listed once the one before it is on the line shown."""
    path = sgf_replay.path_to(node)
    for step in path[1:]:
        if len(step.parent.children) > 1:
            variation_button(driver, step.index).click()
            wait_for_node(driver, step.index)


def severe_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def assert_main_line_move(driver, hoshi, record, move, how, game=1):
    wait_for_move(driver, move)
    expected, _ = core_position(hoshi, record, move, game)
    shown = page_stones(driver)
    assert shown == expected, (
        f"{how}: move {move} of {pathlib.Path(record).name}: the page shows {len(shown)} stones, the core "
        f"{len(expected)}; only on the page: {sorted(shown - expected)}; only in the core: {sorted(expected - shown)}")


# MARK: - The replay used for variations agrees with the core

def test_replay_agrees_with_the_core_on_main_lines(hoshi):
    records = sorted(DEMO_GAMES.glob("*/*.sgf"))
    if CORPUS.exists():
        records += [CORPUS / path for path in CORPUS_GAMES]
    for record in records:
        for game, root in enumerate(read_games(record), start=1):
            total = sgf_replay.main_line_moves(root)
            for move in sorted({0, 1, total // 2, total, *moves_after_captures(root)}):
                expected, captures = core_position(hoshi, record, move, game)
                board, replay_captures = sgf_replay.position(sgf_replay.main_line_move(root, move))
                assert replayed_stones(sgf_replay.main_line_move(root, move)) == expected, (record, game, move)
                assert (replay_captures["B"], replay_captures["W"]) == captures, (record, game, move)


# MARK: - Stepping shows the core's position

def test_buttons_step_to_moves_with_the_cores_stones(browser, hoshi, corpus_game_site):
    site, content = corpus_game_site
    record = content / f"{CORPUS_EAR_REDDENING}.sgf"
    root = read_games(record)[0]
    captures = moves_after_captures(root)  # 40, 43, 46 in this game: the lower right ko
    open_game(browser, site / f"{CORPUS_EAR_REDDENING}.html")
    click_action(browser, "first")
    assert_main_line_move(browser, hoshi, record, 0, "first button")
    reached = 0
    for target in [1, captures[0] - 1, *captures]:
        while reached < target:
            click_action(browser, "next")
            reached += 1
        assert_main_line_move(browser, hoshi, record, target, "next button")
    click_action(browser, "previous")
    assert_main_line_move(browser, hoshi, record, reached - 1, "previous button")
    click_action(browser, "last")
    assert_main_line_move(browser, hoshi, record, sgf_replay.main_line_moves(root), "last button")
    click_action(browser, "first")
    assert_main_line_move(browser, hoshi, record, 0, "first button after last")
    assert severe_errors(browser) == []


def test_keyboard_steps_to_moves_with_the_cores_stones(browser, hoshi, corpus_game_site):
    site, content = corpus_game_site
    record = content / f"{CORPUS_EAR_REDDENING}.sgf"
    root = read_games(record)[0]
    first_capture = moves_after_captures(root)[0]
    open_game(browser, site / f"{CORPUS_EAR_REDDENING}.html")
    focus_page(browser)
    press_key(browser, Keys.END)
    assert_main_line_move(browser, hoshi, record, sgf_replay.main_line_moves(root), "End key")
    press_key(browser, Keys.HOME)
    assert_main_line_move(browser, hoshi, record, 0, "Home key")
    for _ in range(first_capture):
        press_key(browser, Keys.ARROW_RIGHT)
    assert_main_line_move(browser, hoshi, record, first_capture, "ArrowRight")
    press_key(browser, Keys.ARROW_LEFT)
    assert_main_line_move(browser, hoshi, record, first_capture - 1, "ArrowLeft")
    assert severe_errors(browser) == []


@pytest.mark.parametrize("which", ["corpus", "demo"])
def test_opening_with_a_move_fragment_shows_the_cores_stones(browser, hoshi, corpus_game_site, demo_site, which):
    if which == "corpus":
        site, content = corpus_game_site
        page, record = site / f"{CORPUS_EAR_REDDENING}.html", content / f"{CORPUS_EAR_REDDENING}.sgf"
    else:
        page, record = demo_site / f"{EAR_REDDENING}.html", DEMO_GAMES / "famous-games/1846-ear-reddening-game.sgf"
    root = read_games(record)[0]
    total = sgf_replay.main_line_moves(root)
    for move in [0, 1, *moves_after_captures(root), 127, total]:
        open_game(browser, page, f"#move-{move}")
        assert_main_line_move(browser, hoshi, record, move, f"#move-{move}")
    assert severe_errors(browser) == []


def test_every_game_of_a_multi_game_file_opens_at_its_moves(browser, hoshi, demo_site):
    record = DEMO_GAMES / "edo/Dosaku-vs-Chitetsu-1668.sgf"
    games = read_games(record)
    assert len(games) == 6
    for number, root in enumerate(games, start=1):
        page = game_page_of_multi_game_file(demo_site, "games/edo/dosaku-vs-chitetsu-1668", number)
        total = sgf_replay.main_line_moves(root)
        for move in (total // 2, total):
            open_game(browser, page, f"#move-{move}")
            assert_main_line_move(browser, hoshi, record, move, f"game {number} #move-{move}", game=number)
    assert severe_errors(browser) == []


def game_page_of_multi_game_file(site, stem, number):
    """`<stem>/<number>.html`, the page of game `number` of the file `<stem>.sgf`."""
    page = site / f"{stem}/{number}.html"
    assert page.exists(), f"{page} is missing"
    return page


# MARK: - Variations of the FF[4] specification's example file

def ff4_example(corpus_game_site):
    site, content = corpus_game_site
    record = content / f"{FF4_EXAMPLE}.sgf"
    root = read_games(record)[0]
    page = game_page_of_multi_game_file(site, FF4_EXAMPLE, 1)  # the file holds two game trees
    return page, record, root


def named(root, name):
    nodes = [node for node in sgf_replay.nodes_in_order(root) if node.get("N") == name]
    assert len(nodes) == 1, name
    return nodes[0]


def assert_node(driver, node, how):
    wait_for_node(driver, node.index)
    expected = replayed_stones(node)
    shown = page_stones(driver)
    assert shown == expected, (
        f"{how}: node {node.index} ({node.get('N', 'unnamed')}): only on the page: {sorted(shown - expected)}; "
        f"only in the replay: {sorted(expected - shown)}")


def test_arrow_keys_enter_and_leave_a_variation(browser, corpus_game_site):
    page, _, root = ff4_example(corpus_game_site)
    first, setup = root.children[0], root.children[1]
    assert setup.get("N") == "Setup"
    open_game(browser, page, "#move-1")
    assert_node(browser, first, "#move-1")
    focus_page(browser)
    press_key(browser, Keys.ARROW_DOWN)  # the next sibling of move 1: the setup branch
    assert_node(browser, setup, "ArrowDown from move 1")
    press_key(browser, Keys.ARROW_RIGHT)  # AE removes stones, partly with a compressed point list
    assert_node(browser, setup.children[0], "ArrowRight into the AddEmpty node")
    press_key(browser, Keys.ARROW_RIGHT)
    assert_node(browser, setup.children[0].children[0], "ArrowRight to the added stones")
    press_key(browser, Keys.ARROW_UP)  # no alternative to this node: Up stays (issue #20)
    assert_node(browser, setup.children[0].children[0], "ArrowUp where there is no choice")
    press_key(browser, Keys.ARROW_LEFT)
    press_key(browser, Keys.ARROW_LEFT)
    press_key(browser, Keys.ARROW_UP)  # the previous sibling of the setup branch: back to move 1
    assert_node(browser, first, "ArrowUp out of the setup branch")
    assert severe_errors(browser) == []


def test_variation_panel_buttons_enter_and_leave_nested_variations(browser, corpus_game_site):
    page, _, root = ff4_example(corpus_game_site)
    nested = named(root, "B q3")  # root -> B qd "Style & text type" -> W dd -> third alternative B pq
    open_game(browser, page)
    choose_variation(browser, nested)
    assert_node(browser, nested, "variation button B q3")
    assert viewer_state(browser)[1] == "3", "B q3 is the third move of its line"
    sibling = named(root, "W c17")  # another alternative of the branch point above
    choose_variation(browser, sibling)
    assert_node(browser, sibling, "variation button W c17")
    variation_button(browser, root.children[0].index).click()  # back to the main line
    assert_node(browser, root.children[0], "variation button back to the main line")
    assert severe_errors(browser) == []


def test_captures_and_suicide_in_a_variation(browser, corpus_game_site):
    page, _, root = ff4_example(corpus_game_site)
    line = named(root, "Time limits, captures & move numbers")
    nodes = [line]
    while nodes[-1].children:
        nodes.append(nodes[-1].children[0])
    suicide = nodes[-1]
    assert "Suicide" in suicide.get("C")
    open_game(browser, page)
    choose_variation(browser, line)
    assert_node(browser, line, "variation button for the captures line")
    focus_page(browser)
    for node in nodes[1:]:
        press_key(browser, Keys.ARROW_RIGHT)
        assert_node(browser, node, "ArrowRight along the captures line")
    assert {("qs", "B"), ("rs", "B"), ("sr", "B")} & replayed_stones(suicide) == set(), \
        "the replay removes the suicided stones"
    assert severe_errors(browser) == []


# MARK: - Fragments and history

def test_fragment_reopens_the_same_node_and_back_returns(browser, hoshi, corpus_game_site):
    site, content = corpus_game_site
    record = content / f"{CORPUS_EAR_REDDENING}.sgf"
    page = site / f"{CORPUS_EAR_REDDENING}.html"
    open_game(browser, page)
    for _ in range(37):
        click_action(browser, "next")
    assert_main_line_move(browser, hoshi, record, 37, "next button")
    fragment = browser.execute_script("return location.hash")
    assert fragment == "#move-37"
    node, stones = viewer_state(browser)[0], page_stones(browser)
    open_game(browser, page, fragment)
    assert viewer_state(browser)[0] == node
    assert page_stones(browser) == stones
    click_action(browser, "next")
    click_action(browser, "next")
    assert_main_line_move(browser, hoshi, record, 39, "next button")
    assert browser.execute_script("return location.hash") == "#move-39", "stepping updates the address"
    # Steps replace the history entry (issue #20): Back leaves the page, Forward comes back to move 39.
    browser.back()
    WebDriverWait(browser, 5).until(lambda d: d.current_url == "about:blank")
    browser.forward()
    assert_main_line_move(browser, hoshi, record, 39, "Forward")
    assert severe_errors(browser) == []


def test_variation_fragment_reopens_the_same_node(browser, corpus_game_site):
    page, _, root = ff4_example(corpus_game_site)
    nested = named(root, "B d4")
    open_game(browser, page)
    choose_variation(browser, nested)
    assert_node(browser, nested, "variation button B d4")
    fragment = browser.execute_script("return location.hash")
    assert fragment == f"#node-{nested.index}"
    open_game(browser, page, fragment)
    assert_node(browser, nested, fragment)
    browser.back()  # to the about:blank of open_game, then forward again: the history entry is the node
    browser.forward()
    assert_node(browser, nested, "Forward to the fragment")


# MARK: - Phone screen

def test_phone_shows_the_whole_board_and_the_controls(phone_browser, demo_site):
    open_game(phone_browser, demo_site / f"{EAR_REDDENING}.html", "#move-127")
    width = phone_browser.execute_script("return document.documentElement.clientWidth")
    assert phone_browser.execute_script("return document.documentElement.scrollWidth") <= width, "no sideways scrolling"
    board = phone_browser.find_element(By.CSS_SELECTOR, '[data-board="viewer"] svg').rect
    assert board["x"] >= 0 and board["x"] + board["width"] <= width, f"board {board} in a {width} px screen"
    assert board["width"] >= width * 0.8, "the board uses the screen's width"
    for action in ("first", "previous", "next", "last"):
        button = phone_browser.find_element(By.CSS_SELECTOR, f'[data-game-viewer] button[data-action="{action}"]')
        assert button.is_displayed()
        rect = button.rect
        assert rect["x"] >= 0 and rect["x"] + rect["width"] <= width, f"{action} button at {rect}"
    phone_browser.find_element(By.CSS_SELECTOR, '[data-game-viewer] button[data-action="next"]').click()
    wait_for_move(phone_browser, 128)
    assert severe_errors(phone_browser) == []


# MARK: - Hostile records

PAYLOADS = [
    '<img src=x onerror="window.__pwned=1">',
    "<script>window.__pwned=2</script>",
    "</script><script>window.__pwned=3</script>",
    '<!--<svg onload="window.__pwned=4">-->',
    '"><img src=x onerror=window.__pwned=5>',
    "'><svg/onload=window.__pwned=6>",
]
CONTROL = "\x00\x01\x07\x08\x0b\x0c\x1b\x7f"


def sgf_text(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def hostile_record():
    payload = " ".join(PAYLOADS)
    info = "".join(f"{key}[{sgf_text(key + ' ' + payload + CONTROL)}]" for key in ("PB", "PW", "EV", "GN", "RE", "PC"))
    big = ("Hostile comment " + payload + " ") * (10 * 1024 * 1024 // (len(payload) + 18))
    return (
        f"(;GM[1]FF[4]CA[UTF-8]SZ[19]{info}C[{sgf_text('Root ' + payload + ' comment<!-- ' + CONTROL)}]"
        f";B[pd]N[{sgf_text(payload + CONTROL)}]C[{sgf_text(payload)}]LB[dd:{sgf_text(PAYLOADS[0])}][pd:{sgf_text(PAYLOADS[1])}]"
        f";W[dp]C[{sgf_text('</script><!-- ' + payload + CONTROL + ' end')}]"
        f"(;B[pp]C[{sgf_text(big)}];W[dd]C[last <b>move</b>])"
        f"(;B[qq]N[{sgf_text(PAYLOADS[2])}]C[variation {sgf_text(payload)}]LB[qq:{sgf_text(PAYLOADS[4])}]"
        f";W[dd]TR[dd]))\n"
    )


def big_board_record():
    # 52 x 52: points use A-Z for 26-51. Black surrounds the white stone at ZZ (51, 51) in the far corner.
    moves = ";B[aa];W[ZZ];B[AA];W[zz];B[YZ];W[Aa];B[ZY]"
    return f"(;GM[1]FF[4]SZ[52]PB[Big]PW[Board]{moves})\n"


@pytest.fixture(scope="module")
def hostile_site(hoshi, tmp_path_factory):
    source = tmp_path_factory.mktemp("hostile")
    (source / "hoshi.yml").write_text("title: Hostile records\n")
    (source / "content/games").mkdir(parents=True)
    (source / "content/index.md").write_text("# Hostile\n\n[The record](games/hostile.sgf)\n")
    (source / "content/games/hostile.sgf").write_bytes(hostile_record().encode("utf-8"))
    (source / "content/games/big.sgf").write_text(big_board_record())
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    assert ": error:" not in result.stderr, result.stderr
    return output, source / "content/games", result.stderr


def test_control_characters_are_build_warnings(hostile_site):
    _, _, messages = hostile_site
    warnings = [line for line in messages.splitlines() if "hostile.sgf:" in line and ": warning:" in line]
    assert warnings, f"the control characters of hostile.sgf are reported as warnings; the build printed: {messages[-1500:]}"


TRAP = r"""
window.__foreign = [];
new MutationObserver(records => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType !== 1) continue;
    const all = [node, ...node.querySelectorAll('*')];
    for (const element of all) {
      const tag = element.localName;
      const handler = Array.from(element.attributes).some(a => a.name.toLowerCase().startsWith('on'));
      const ownScript = tag === 'script' && (element.src || element.type === 'application/json');
      const thumbnail = tag === 'img' && /\.thumbnail\.svg$/.test(element.getAttribute('src') || '');
      if (((tag === 'script' && !ownScript) || (tag === 'img' && !thumbnail) || ['iframe', 'object', 'embed'].includes(tag) || handler)
          && element.closest('article')) window.__foreign.push(element.outerHTML.slice(0, 120));
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_hostile_record_is_shown_as_text_and_runs_nothing(browser, hostile_site):
    site, _, _ = hostile_site
    page = site / "games/hostile.html"
    html = page.read_text(encoding="utf-8")
    for payload in PAYLOADS:
        assert payload not in html, f"{payload!r} is in the page unescaped"
    assert not any(character in html for character in CONTROL), "control characters reach the page"
    data = embedded_game_data(html)
    assert "<" not in data, "the embedded data writes < as \\u003c"

    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP})
    open_game(browser, page)
    nodes = json.loads(browser.find_element(By.ID, "game-data").get_attribute("textContent"))["nodes"]
    assert len(nodes) == 7, "root, B pd, W dp, B pp, W dd, B qq, W dd"
    click_action(browser, "first")
    for _ in range(4):
        click_action(browser, "next")
        assert browser.execute_script("return window.__pwned") is None
    click_action(browser, "last")
    for node in range(len(nodes)):  # every node, the variation too, through its fragment
        browser.execute_script(f"location.hash = '#node-{node}'")
        wait_for_node(browser, node)
        assert browser.execute_script("return window.__pwned") is None, f"a payload ran at node {node}"
    browser.execute_script("location.hash = '#node-1'")
    wait_for_node(browser, 1)
    panel = browser.find_element(By.CSS_SELECTOR, "[data-viewer-panel]").text
    assert PAYLOADS[0] in panel, "the comment and node name are shown as text"
    assert browser.execute_script("return window.__foreign") == []
    assert browser.execute_script(
        "return Array.from(document.querySelectorAll('article *')).filter(e => ['img', 'iframe', 'object', 'embed']"
        ".includes(e.localName) || (e.localName === 'script' && !e.src && e.type !== 'application/json')"
        " || Array.from(e.attributes).some(a => a.name.toLowerCase().startsWith('on'))).map(e => e.outerHTML.slice(0, 80))") == []
    assert severe_errors(browser) == []


def embedded_game_data(html):
    start = html.index('id="game-data"')
    start = html.index(">", start) + 1
    return html[start:html.index("</script>", start)]


def test_hostile_record_on_collection_and_players_pages(browser, hostile_site):
    site, _, _ = hostile_site
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TRAP})
    pages = [site / "games/index.html", site / "games/players/index.html",
             *sorted((site / "games/players").glob("*.html"))]
    for page in pages:
        assert page.exists(), f"{page} is missing"
        html = page.read_text(encoding="utf-8")
        for payload in PAYLOADS:
            assert payload not in html, f"{payload!r} is in {page.name} unescaped"
        browser.get(file_url(page))
        assert browser.execute_script("return window.__pwned") is None, page
        assert browser.execute_script("return window.__foreign") == [], page
        assert severe_errors(browser) == [], page


def test_a_52_by_52_board(browser, hoshi, hostile_site):
    site, content, _ = hostile_site
    record = content / "big.sgf"
    root = read_games(record)[0]
    open_game(browser, site / "games/big.html")
    svg = browser.find_element(By.CSS_SELECTOR, '[data-board="viewer"] svg')
    assert (svg.get_attribute("data-columns"), svg.get_attribute("data-rows")) == ("52", "52")
    total = sgf_replay.main_line_moves(root)
    for move in range(total + 1):
        open_game(browser, site / "games/big.html", f"#move-{move}")
        assert_main_line_move(browser, hoshi, record, move, f"52 x 52 #move-{move}")
        assert page_stones(browser) == replayed_stones(sgf_replay.main_line_move(root, move))
    assert ("ZZ", "W") not in page_stones(browser), "the white stone in the corner is captured"
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    assert severe_errors(browser) == []


# MARK: - Collections, players, console

def game_info(record):
    """(black, white, date, event) of every game of a record, from the independent parser."""
    return [(root.get("PB", ""), root.get("PW", ""), root.get("DT", ""), root.get("EV", ""))
            for root in read_games(record)]


def visible_rows(driver):
    return [row for row in driver.find_elements(By.CSS_SELECTOR, "[data-game-list] tbody tr") if row.is_displayed()]


def sort_by(driver, key):
    driver.find_element(By.CSS_SELECTOR, f'[data-game-list] [data-sort="{key}"]').click()


def filter_rows(driver, text):
    box = driver.find_element(By.CSS_SELECTOR, "input[data-game-filter]")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)  # typed, not clear(): the filter listens to input events
    if text:
        box.send_keys(text)


def row_dates(driver):
    return [row.get_attribute("data-date") for row in visible_rows(driver)]


def test_collection_sorts_by_date_and_filters_by_player_and_event(browser, demo_site):
    games = [info for record in sorted((DEMO_GAMES / "famous-games").glob("*.sgf")) for info in game_info(record)]
    browser.get(file_url(demo_site / "games/famous-games/index.html"))
    assert len(visible_rows(browser)) == len(games) == 3
    first_days = sorted(date[:10] for _, _, date, _ in games)  # 1835-08-13, 1846-09-11, 1849-12-31
    sort_by(browser, "date")
    dates = [date[:10] for date in row_dates(browser)]
    assert dates in (first_days, first_days[::-1]), dates
    sort_by(browser, "date")
    assert [date[:10] for date in row_dates(browser)] == dates[::-1], "a second click reverses the order"
    for text in ("shusaku", "Gennan", "JOWA", "castle game", "nobody at all"):
        expected = sum(1 for black, white, _, event in games
                       if text.lower() in black.lower() or text.lower() in white.lower() or text.lower() in event.lower())
        filter_rows(browser, text)
        assert len(visible_rows(browser)) == expected, f"filter {text!r}"
    filter_rows(browser, "")
    assert len(visible_rows(browser)) == 3
    assert severe_errors(browser) == []


def test_multi_game_file_index_lists_sorts_and_filters_its_games(browser, demo_site):
    games = game_info(DEMO_GAMES / "edo/Dosaku-vs-Chitetsu-1668.sgf")
    browser.get(file_url(demo_site / "games/index.html"))
    browser.find_element(By.CSS_SELECTOR, 'article a[href$="dosaku-vs-chitetsu-1668.html"]').click()
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-game-list]"))
    assert len(visible_rows(browser)) == 6
    sort_by(browser, "date")
    dates = row_dates(browser)
    expected = sorted(date for _, _, date, _ in games)
    assert dates in (expected, expected[::-1]), dates
    filter_rows(browser, "santetsu")
    assert len(visible_rows(browser)) == 0
    filter_rows(browser, "chitetsu")
    assert len(visible_rows(browser)) == 6
    assert severe_errors(browser) == []


def test_multi_game_file_layout(demo_site):
    """A file with several games -> its index `<name>.html` and `<name>/1.html` ... (content/docs/games.md)."""
    folder = demo_site / "games/edo/dosaku-vs-chitetsu-1668"
    assert sorted(path.name for path in folder.glob("*.html")) == [f"{number}.html" for number in range(1, 7)]
    assert (demo_site / "games/edo/dosaku-vs-chitetsu-1668.html").exists()
    assert (demo_site / "games/edo/Dosaku-vs-Chitetsu-1668.sgf").exists(), "the file is published as written"
    assert (demo_site / "games/edo/dosaku-vs-chitetsu-1668/1.ff4.sgf").exists(), "each game's canonical FF[4] copy"


# The demo's hoshi.yml declares Yasuda Shusaku an alias of Honinbo Shusaku (games: players:).
DEMO_ALIASES = {"Yasuda Shusaku": "Honinbo Shusaku"}


def test_players_index_lists_every_player_and_their_games(browser, demo_site):
    assert "aliases: [Yasuda Shusaku]" in (REPOSITORY / "hoshi.yml").read_text()
    records = sorted(DEMO_GAMES.glob("*/*.sgf"))
    players = {}
    for record in records:
        for black, white, _, _ in game_info(record):
            for name in (black, white):
                name = DEMO_ALIASES.get(name, name)
                players[name] = players.get(name, 0) + 1
    browser.get(file_url(demo_site / "games/players/index.html"))
    links = {link.text.strip(): link.get_attribute("href") for link in
             browser.find_elements(By.CSS_SELECTOR, "article a")
             if link.text.strip() in players}
    assert set(links) == set(players), f"missing: {set(players) - set(links)}"
    assert severe_errors(browser) == []
    browser.get(links["Honinbo Dosaku"])
    game_links = {link.get_attribute("href") for link in browser.find_elements(By.CSS_SELECTOR, "article a[href$='.html']")
                  if "/players/" not in link.get_attribute("href")}
    assert len([href for href in game_links if "dosaku-vs-chitetsu-1668/" in href]) == players["Honinbo Dosaku"] == 6
    assert severe_errors(browser) == []


def test_game_collection_and_player_pages_have_no_console_errors(browser, demo_site):
    pages = sorted((demo_site / "games").rglob("*.html"))
    assert len(pages) >= 3 + 6 + 2 + 1, [page.name for page in pages]
    for page in pages:
        browser.get(file_url(page))
        assert severe_errors(browser) == [], page


def test_demo_landing_page_links_to_move_127(browser, demo_site):
    browser.get(file_url(demo_site / "games/index.html"))
    browser.find_element(By.CSS_SELECTOR, 'article a[href$="#move-127"]').click()
    wait_for_move(browser, 127)
    assert browser.find_element(By.CSS_SELECTOR, "[data-viewer-panel]").text.count("ear-reddening") >= 1
    assert severe_errors(browser) == []


# MARK: - Search

def type_query(driver, text):
    box = driver.find_element(By.ID, "hoshi-search")
    box.clear()
    box.send_keys(text)
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "hoshi-search-results").is_displayed())


def result_links(driver):
    return [link.get_attribute("href") for link in
            driver.find_elements(By.CSS_SELECTOR, "#hoshi-search-results [role=option] a")]


@pytest.mark.parametrize("query", ["Gennan", "doctor"])
def test_search_finds_a_player_and_a_word_of_a_comment(browser, demo_site, query):
    # "Gennan" is a player (PW of the ear-reddening game); "doctor" occurs only in the comment of its move 127
    # (`grep -rli doctor content/` lists that record alone).
    browser.get(file_url(demo_site / "index.html"))
    type_query(browser, query)
    links = result_links(browser)
    assert any("games/famous-games/1846-ear-reddening-game.html" in link for link in links), links
    assert severe_errors(browser) == []
