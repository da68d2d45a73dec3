"""Analysis a game record already carries (issue #19, "Analysis users already have"), in headless Chromium
from file://: a record Sabaki 0.43.1 wrote (the corpus's AlphaGo - Lee Sedol game 2, `SBKV` on every node)
a record built exactly to the format Lizzie writes (`LZ`, featurecat/lizzie `SGFParser.formatNodeData`), and
one built exactly to the layout KaTrain's writer produces (`KT`, sanderland/katrain `analysis_dumps` in
katrain/core/game_node.py, by katrain_kt.py with Python's own json, gzip and base64).

Independent expectations: the win rates and key moments are recomputed here from the file's own bytes (the
main line is everything up to the first `)`; `SBKV` is Black's win rate in percent after the node's move,
as Sabaki's author describes it), and the Lizzie candidates from the record the test writes.
"""
import re

import pytest
from selenium.webdriver.common.by import By

from conftest import REPOSITORY, run_hoshi
from katrain_kt import kt_values
from test_games import open_game, wait_for_move

SABAKI_RECORD = REPOSITORY.parent / "shared/corpus/sgf/tests/rooklift-sgf/2016-03-10a.sgf"
COLUMNS = "ABCDEFGHJKLMNOPQRST"

# Built to Lizzie's writer: "<version> <mover's win rate %.1f> <visits>\n" then candidate groups, win rates
# of the player to move in hundredths of a percent. The application name carries markup: untrusted text.
LIZZIE_RECORD = (
    "(;GM[1]FF[4]SZ[9]KM[7]AP[<b>Lizzie</b>:0.7.4];B[ee]LZ[0.7.4 48.0 1000\n"
    "move C3 visits 600 winrate 5210 pv C3 G7 D7 info move G7 visits 400 winrate 4420 pv G7 C3 info ]"
    ";W[cc];B[gg])"
)

# KaTrain keeps KataGo's answer with Black's win rates: White to move after B[ee] sees 1 - 0.479 and 1 - 0.557.
KATRAIN_ANALYSIS = {
    "moves": {
        "C3": {"move": "C3", "order": 0, "visits": 600, "winrate": 0.479, "scoreLead": -0.4, "pv": ["C3", "G7", "D7"]},
        "G7": {"move": "G7", "order": 1, "visits": 400, "winrate": 0.557, "scoreLead": 1.2, "pv": ["G7", "C3"]},
    },
    "root": {"visits": 1000, "winrate": 0.48, "scoreLead": -0.3},
    "completed": True,
    "ownership": [0.0] * 81,
    "policy": [1 / 82] * 82,
}
KATRAIN_RECORD = (
    "(;GM[1]FF[4]SZ[9]KM[7]AP[KaTrain:1.17.1]KTV[1.0];B[ee]KT"
    + "".join(f"[{value}]" for value in kt_values(KATRAIN_ANALYSIS)) + ";W[cc];B[gg])"
)


def main_line_values(text, identifier):
    """Per main-line node, the property's value or None: the test's own reading of the SGF."""
    values, name, after_value, index = [], "", False, 0
    while index < len(text):
        character = text[index]
        if character == "[":
            value, index = "", index + 1
            while text[index] != "]":
                if text[index] == "\\":
                    index += 1
                value += text[index]
                index += 1
            if name == identifier and values:
                values[-1] = value
            after_value = True
        elif character == ")":
            break
        elif character == ";":
            values.append(None)
            name, after_value = "", False
        elif character.isupper():
            if after_value:
                name, after_value = "", False
            name += character
        index += 1
    return values


def expected_key_moments(text):
    """A move loses the fall of its player's win rate from the position before it to the one after; 5 points
    or more, the five largest, largest first."""
    black = [None if value is None else float(value) / 100 for value in main_line_values(text, "SBKV")]
    moves = re.findall(r";\s*(?:[A-Z]+\[[^\]]*\]\s*)*?([BW])\[", text[:text.index(")")])
    found = []
    for move in range(1, len(black)):
        before, after = black[move - 1], black[move]
        if before is None or after is None:
            continue
        loss = before - after if moves[move - 1] == "B" else after - before
        if loss >= 0.05:
            found.append((move, loss))
    return [move for move, _ in sorted(found, key=lambda item: (-item[1], item[0]))[:5]]


def shown_hints(browser):
    """With hints switched on, the points of the viewer's hint discs and their win-rate labels, in order."""
    button = browser.find_element(By.CSS_SELECTOR, 'button[data-action="hints"]')
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    return browser.execute_script(
        "const hints = Array.from(document.querySelectorAll('[data-board=\"viewer\"] .go-hint'));"
        "return [hints.map(e => e.getAttribute('data-point')),"
        " hints.map(e => e.querySelector('.go-hint-rate')).filter(e => e).map(e => e.textContent)];")


@pytest.fixture(scope="module")
def stored_site(hoshi, tmp_path_factory):
    if not SABAKI_RECORD.exists():
        pytest.skip(f"{SABAKI_RECORD} is absent; skipping the stored analysis pages")
    source = tmp_path_factory.mktemp("stored")
    (source / "content/games").mkdir(parents=True)
    (source / "hoshi.yml").write_text("title: Reviews\n")
    (source / "content/games/sabaki.sgf").write_bytes(SABAKI_RECORD.read_bytes())
    (source / "content/games/lizzie.sgf").write_text(LIZZIE_RECORD)
    (source / "content/games/katrain.sgf").write_text(KATRAIN_RECORD)
    result = run_hoshi(hoshi, "build", source, "--output", source / "site")
    assert result.returncode == 0, result.stderr
    assert "SBKV" not in result.stderr and "LZ" not in result.stderr and "KT" not in result.stderr, result.stderr
    return source / "site"


def test_sabaki_win_rates_draw_the_graph_and_key_moments_with_the_application_named(stored_site, browser):
    text = SABAKI_RECORD.read_text(encoding="utf-8")
    expected = expected_key_moments(text)
    assert expected, "the game has moves that lost 5 points by Sabaki's numbers"
    open_game(browser, stored_site / "games/sabaki.html")
    stored = browser.find_element(By.CSS_SELECTOR, "[data-stored-analysis]")
    assert "Sabaki 0.43.1" in stored.text and "SBKV" in stored.text, stored.text
    graph = browser.find_element(By.CSS_SELECTOR, "svg[data-win-rate-graph]")
    assert graph.is_displayed() and graph.rect["height"] >= 64
    listed = [int(link.get_attribute("data-move")) for link in browser.find_elements(By.CSS_SELECTOR, ".game-key-moments a")]
    assert listed == expected
    labels = browser.execute_script(
        "return Array.from(document.querySelectorAll('.win-rate .win-rate-moment-label')).map(e => e.textContent.trim());")
    assert sorted(labels) == sorted(str(move) for move in expected)
    rule = browser.find_element(By.CSS_SELECTOR, ".game-key-moments-rule").text
    assert "win rates without candidates" in rule, "the page says how a move is measured without candidates"
    link = browser.find_element(By.CSS_SELECTOR, f'.game-key-moments a[href="#move-{expected[0]}"]')
    browser.execute_script("arguments[0].scrollIntoView()", link)
    link.click()
    wait_for_move(browser, expected[0])


def test_lizzie_candidates_show_in_the_hint_viewer_and_the_application_stays_text(stored_site, browser):
    open_game(browser, stored_site / "games/lizzie.html", "#move-1")
    wait_for_move(browser, 1)
    stored = browser.find_element(By.CSS_SELECTOR, "[data-stored-analysis]")
    assert "<b>Lizzie</b> 0.7.4" in stored.text, stored.text
    assert not browser.find_elements(By.CSS_SELECTOR, ".game-hints b")
    shown, rates = shown_hints(browser)
    assert shown == ["cg", "gc"], "C3 and G7, most visited first"
    assert rates == ["52", "44"], "White's win rates as Lizzie stored them"


def test_katrain_candidates_show_in_the_hint_viewer_for_the_player_to_move(stored_site, browser):
    open_game(browser, stored_site / "games/katrain.html", "#move-1")
    wait_for_move(browser, 1)
    stored = browser.find_element(By.CSS_SELECTOR, "[data-stored-analysis]")
    assert "KaTrain 1.17.1" in stored.text and "KT" in stored.text, stored.text
    shown, rates = shown_hints(browser)
    assert shown == ["cg", "gc"], "C3 and G7, most visited first"
    expected = [str(round((1 - KATRAIN_ANALYSIS["moves"][move]["winrate"]) * 100)) for move in ("C3", "G7")]
    assert rates == expected == ["52", "44"], "White's win rates: 1 - Black's, as KaTrain stores them"
