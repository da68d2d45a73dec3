"""The players' index (issue 20): a rank written into `PB`/`PW` is read as the rank, names declared as one
player's aliases in hoshi.yml are that player, and the table sorts like the game tables.

The expected players are worked out here from the records written below: `player_of` strips a trailing rank
with a pattern of its own and applies the aliases the test's hoshi.yml declares.
"""
import re

import pytest
from selenium.webdriver.common.by import By

from conftest import run_hoshi
from written_site import build_written_site

GAMES = {
    # name: (PB, PW, RE)
    "01": ("Yasui Chitetsu", "Honinbo Dosaku", "W+2"),
    "02": ("Honinbo Dosaku", "Yasui Chitetsu 7p", "B+4"),
    "03": ("Lee Sedol 9 dan", "Kim 3k", "B+R"),
    "04": ("Kim", "Lee Sedol (9p)", "W+R"),
    "05": ("Lee Sedol 9-dan", "Go Seigen 7 pro", "W+1.5"),
    "06": ("Yasuda Shusaku", "Gennan, 8d", "B+2"),
    "07": ("Honinbo Shusaku", "Player 2", "B+R"),
    "08": ("Honinbo Shusaku 4d", "Kim", "0"),
}
ALIASES = {"Yasuda Shusaku": "Honinbo Shusaku"}
CONFIG = """title: Players
games:
  players:
    - name: Honinbo Shusaku
      aliases: [Yasuda Shusaku]
"""
RANK = re.compile(r"[\s,]+[(\[]?\d{1,2}[\s-]?(p|pro|d|dan|k|kyu)[)\]]?$", re.IGNORECASE)


def player_of(recorded):
    name = RANK.sub("", recorded)
    return ALIASES.get(name, name)


def expected_records():
    """{player: [games, wins, losses]}"""
    records = {}
    for black, white, result in GAMES.values():
        for recorded, colour in ((black, "B"), (white, "W")):
            record = records.setdefault(player_of(recorded), [0, 0, 0])
            record[0] += 1
            if result[0] in "BW":
                record[1 if result[0] == colour else 2] += 1
    return records


@pytest.fixture(scope="module")
def players_site(hoshi, tmp_path_factory):
    files = {f"games/{name}.sgf": f"(;GM[1]FF[4]SZ[9]PB[{black}]PW[{white}]RE[{result}]DT[2020-01-{name}];B[ee];W[cc])"
             for name, (black, white, result) in GAMES.items()}
    return build_written_site(hoshi, tmp_path_factory.mktemp("players"), CONFIG, {**files, "index.md": "# Players\n"})


def index_rows(driver):
    return [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            for row in driver.find_elements(By.CSS_SELECTOR, "[data-game-list] tbody tr")]


def test_ranks_written_into_names_and_aliases_make_one_player(browser, players_site):
    browser.get((players_site / "games/players/index.html").resolve().as_uri())
    rows = index_rows(browser)
    names = [row[0].split("\n")[0] for row in rows]
    expected = expected_records()
    assert sorted(names) == sorted(expected), names
    for row in rows:
        games, wins, losses = expected[row[0].split("\n")[0]]
        assert [int(value) for value in row[1:4]] == [games, wins, losses], row


def test_a_player_page_follows_the_aliases(browser, players_site):
    browser.get((players_site / "games/players/index.html").resolve().as_uri())
    browser.find_element(By.LINK_TEXT, "Honinbo Shusaku").click()
    text = browser.find_element(By.TAG_NAME, "main").text
    assert "Yasuda Shusaku" in text, "the page says which other name the games give"
    games = [game for game in GAMES.values() if "Honinbo Shusaku" in map(player_of, game[:2])]
    assert len(browser.find_elements(By.CSS_SELECTOR, "article tbody tr")) == len(games) == 3
    # The opponent "Gennan, 8d" links to Gennan's page, named without the rank.
    browser.find_element(By.LINK_TEXT, "Gennan 8d").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Gennan"


def test_the_players_table_sorts(browser, players_site):
    browser.get((players_site / "games/players/index.html").resolve().as_uri())
    expected = expected_records()
    for key, column in (("games", 0), ("wins", 1), ("losses", 2)):
        browser.find_element(By.CSS_SELECTOR, f'[data-game-list] [data-sort="{key}"]').click()
        values = [int(row[column + 1]) for row in index_rows(browser)]
        assert values == sorted(record[column] for record in expected.values()), key
        browser.find_element(By.CSS_SELECTOR, f'[data-game-list] [data-sort="{key}"]').click()
        assert [int(row[column + 1]) for row in index_rows(browser)] == sorted(values, reverse=True)
    browser.find_element(By.CSS_SELECTOR, '[data-game-list] [data-sort="players"]').click()
    names = [row[0].split("\n")[0] for row in index_rows(browser)]
    assert names == sorted(names, key=str.lower)


def test_alias_settings_are_checked_at_their_lines(hoshi, tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "content/index.md").write_text("# x\n")
    (tmp_path / "hoshi.yml").write_text(
        "title: x\ngames:\n  players:\n    - name: A\n      alias: [B]\n    - name: C\n      aliases: {D: E}\n"
        "    - aliases: [F]\n    - name: G\n      aliases: [H]\n    - name: I\n      aliases: [H]\n")
    result = run_hoshi(hoshi, "build", tmp_path, "--output", tmp_path / "site")
    lines = result.stderr
    assert "hoshi.yml:5:7: warning: unknown key 'alias' in games.players is ignored; did you mean 'aliases'?" in lines, lines
    assert re.search(r"hoshi\.yml:7:\d+: error: 'aliases' must be a list of names", lines), lines
    assert re.search(r"hoshi\.yml:8:\d+: error: each entry of games.players needs a 'name'", lines), lines
    assert re.search(r"hoshi\.yml:12:\d+: error: 'H' is already an alias of 'G'", lines), lines
    assert result.returncode != 0
