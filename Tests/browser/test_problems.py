"""Go problem pages in headless Chromium from file://: answers from the solution tree, verdicts, retry, the
solution, solved and failed marks on the set index, and a classical collection published without solutions.

Honesty: the expected answers are written below by hand (which first moves are right, which lines end
right), and the expected stones come from `sgf_replay`, a Python reading of the SGF files that shares no code
with the build or problem.js. Nothing is read from the page's embedded data.
"""
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import sgf_replay
from conftest import REPOSITORY, run_hoshi
from problem_page import board_stones, click_point, open_page, verdict

DEMO = REPOSITORY / "content/problems"

# Per demo problem: the right first moves, a right line to the end (the reader's moves only), and wrong
# first moves that are in the tree.
DEMO_ANSWERS = {
    "01-straight-three": {"right": ["ba"], "line": ["ba"], "wrong": ["aa", "ca"]},
    "02-live-in-the-corner": {"right": ["ba"], "line": ["ba"], "wrong": ["aa", "ca"]},
    "03-capture-the-cutter": {"right": ["ba", "ab"], "line": ["ab", "ca"], "wrong": ["aa"]},
    "04-bent-three-kill": {"right": ["aa"], "line": ["aa"], "wrong": ["ba", "ab"]},
    "05-bent-three-live": {"right": ["aa"], "line": ["aa"], "wrong": ["ba", "ab"]},
    "06-kill-and-capture": {"right": ["ba"], "line": ["ba", "ca"], "wrong": ["aa", "ca"]},
    "07-straight-three-on-the-side": {"right": ["da"], "line": ["da"], "wrong": ["ca", "ea"]},
    "08-bent-three-bottom-right": {"right": ["ss"], "line": ["ss"], "wrong": ["rs", "sr"]},
    "09-white-captures": {"right": ["ra", "sb"], "line": ["ra", "sc"], "wrong": ["sa"]},
    "10-live-on-the-edge": {"right": ["hs"], "line": ["hs"], "wrong": ["gs", "is"]},
}

# A problem written for these tests: White to play and live with an eye space of three along the top
# edge. W fa is right (Black's ga is answered by W ea); the tree marks failures only (BM), so its unmarked
# end is right.
WRITTEN = """(;GM[1]FF[4]SZ[9]PL[W]AB[dc][ec][fc][gc][gb][cb][ca]AW[db][eb][fb][da]C[White to live.]
(;W[fa];B[ga];W[ea])
(;W[ea]BM[1];B[fa])
(;W[ga]BM[1];B[fa]))"""
WRITTEN_ANSWERS = {"right": ["fa"], "line": ["fa", "ea"], "wrong": ["ea", "ga"]}

CLASSICAL = REPOSITORY.parent / "shared/corpus/sgf/problems-classical/hatsuyoron.sgf"


@pytest.fixture(scope="module")
def problem_site(hoshi, tmp_path_factory):
    """A test site: the problem written above, and a classical collection from the corpus named in hoshi.yml."""
    source = tmp_path_factory.mktemp("problems")
    (source / "content/written").mkdir(parents=True)
    (source / "content/written/live.sgf").write_text(WRITTEN)
    (source / "content/written/hostile.sgf").write_text(
        "(;SZ[9]PL[B]AB[aa]AW[ba]C[<script>document.title='owned'</script> Black to play.];B[ca]C[Correct <b>x</b>])")
    lines = "title: Problems\nproblems:\n  - classics\n"
    if CLASSICAL.exists():
        (source / "content/classics").mkdir()
        shutil.copy(CLASSICAL, source / "content/classics/hatsuyoron.sgf")
    (source / "hoshi.yml").write_text(lines)
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    return output, result.stderr


def expected_stones(node):
    return dict(sgf_replay.position(node)[0])


def child_with_move(node, colour, point):
    for child in node.children:
        if child.get(colour) == point:
            return child
    return None


def colour_to_play(root):
    return root.get("PL", "B")


def severe_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def assert_first_moves(driver, page, root, answers):
    player = colour_to_play(root)
    for point in answers["right"]:
        open_page(driver, page)
        click_point(driver, point)
        move = child_with_move(root, player, point)
        assert move is not None, f"the test's answer {point} is in the file"
        if move.children:
            reply = move.children[0]
            assert verdict(driver) in ("", "right")
            assert board_stones(driver) == expected_stones(reply), f"{point} is answered with the tree's reply"
        else:
            assert verdict(driver) == "right"
            assert board_stones(driver) == expected_stones(move)
    for point in answers["wrong"]:
        open_page(driver, page)
        click_point(driver, point)
        assert verdict(driver) == "wrong", f"{point} is a wrong move of the tree"


def assert_line_ends_right(driver, page, answers):
    open_page(driver, page)
    for index, point in enumerate(answers["line"]):
        assert verdict(driver) == "", "still open before the line's last move"
        click_point(driver, point)
    assert verdict(driver) == "right"
    assert "Right" in driver.find_element(By.CSS_SELECTOR, "[data-verdict]").text


def outside_move(driver, root):
    """An empty intersection on the board that no first move of the tree plays."""
    player = colour_to_play(root)
    first = {child.get(player) for child in root.children}
    for element in driver.find_elements(By.CSS_SELECTOR, '[data-board="problem"] [data-point]:not([data-stone])'):
        point = element.get_attribute("data-point")
        if point not in first:
            return point
    raise AssertionError("no empty point outside the tree")


@pytest.mark.parametrize("stem", sorted(DEMO_ANSWERS))
def test_demo_problems_answer_from_their_trees(browser, demo_site, stem):
    root = sgf_replay.parse((DEMO / f"{stem}.sgf").read_bytes())[0]
    page = demo_site / f"problems/{stem}.html"
    assert_first_moves(browser, page, root, DEMO_ANSWERS[stem])
    assert_line_ends_right(browser, page, DEMO_ANSWERS[stem])
    assert not severe_errors(browser)


@pytest.mark.parametrize("stem", ["01-straight-three", "03-capture-the-cutter", "09-white-captures"])
def test_a_move_outside_the_tree_is_wrong_and_retry_restores_the_start(browser, demo_site, stem):
    root = sgf_replay.parse((DEMO / f"{stem}.sgf").read_bytes())[0]
    page = demo_site / f"problems/{stem}.html"
    open_page(browser, page)
    start = expected_stones(root)
    assert board_stones(browser) == start
    assert verdict(browser) == ""
    point = outside_move(browser, root)
    click_point(browser, point)
    assert verdict(browser) == "wrong"
    assert "not in the solution" in browser.find_element(By.TAG_NAME, "main").text
    assert board_stones(browser) == {**start, point: colour_to_play(root)}, "the stone is shown where it was played"
    browser.find_element(By.CSS_SELECTOR, '[data-action="retry"]').click()
    assert verdict(browser) == ""
    assert board_stones(browser) == start
    # Retry after a line in the tree too.
    click_point(browser, DEMO_ANSWERS[stem]["right"][0])
    browser.find_element(By.CSS_SELECTOR, '[data-action="retry"]').click()
    assert board_stones(browser) == start and verdict(browser) == ""


def test_show_the_solution_plays_a_right_line(browser, demo_site):
    root = sgf_replay.parse((DEMO / "06-kill-and-capture.sgf").read_bytes())[0]
    open_page(browser, demo_site / "problems/06-kill-and-capture.html")
    # The solution is offered once the reader has tried: here a wrong move of the tree.
    click_point(browser, "aa")
    browser.find_element(By.CSS_SELECTOR, '[data-action="solution"]').click()
    # The first right move, the first reply, the capture: written out by hand.
    end = root.children[0].children[0].children[0]
    assert board_stones(browser) == expected_stones(end)
    assert "The solution: Black B19, White A19, Black C19." in browser.find_element(By.TAG_NAME, "main").text


def test_the_index_keeps_marks_and_a_score(browser, demo_site):
    open_page(browser, demo_site / "problems/01-straight-three.html")
    browser.execute_script("localStorage.clear()")
    click_point(browser, "ba")
    assert verdict(browser) == "right"
    open_page(browser, demo_site / "problems/04-bent-three-kill.html")
    click_point(browser, "ba")
    assert verdict(browser) == "wrong"
    browser.get((demo_site / "problems/index.html").resolve().as_uri())
    cards = browser.find_elements(By.CSS_SELECTOR, ".problem-card")
    assert len(cards) == len(DEMO_ANSWERS)
    assert browser.find_element(By.CSS_SELECTOR, '[data-score="solved"]').text == "1"
    assert browser.find_element(By.CSS_SELECTOR, '[data-score="failed"]').text == "1"
    assert "problem-card-solved" in cards[0].get_attribute("class")
    assert "problem-card-failed" in cards[3].get_attribute("class")
    # Thumbnails show the starting positions only.
    for stem, card in zip(sorted(DEMO_ANSWERS), cards):
        root = sgf_replay.parse((DEMO / f"{stem}.sgf").read_bytes())[0]
        shown = {element.get_attribute("data-point"): element.get_attribute("data-stone")
                 for element in card.find_elements(By.CSS_SELECTOR, "[data-stone]")}
        assert shown == expected_stones(root), stem
    browser.find_element(By.CSS_SELECTOR, '[data-action="reset-marks"]').click()
    assert browser.find_element(By.CSS_SELECTOR, '[data-score="solved"]').text == "0"


def test_a_problem_written_here_answers_by_keyboard(browser, problem_site):
    site, _ = problem_site
    root = sgf_replay.parse(WRITTEN)[0]
    page = site / "written/live.html"
    assert_first_moves(browser, page, root, WRITTEN_ANSWERS)
    open_page(browser, page)
    target = browser.find_element(By.CSS_SELECTOR, '[data-board="problem"] [data-point="fa"]:not([data-stone])')
    browser.execute_script("arguments[0].focus()", target)
    target.send_keys(Keys.ENTER)
    assert board_stones(browser) == expected_stones(root.children[0].children[0])
    target = browser.find_element(By.CSS_SELECTOR, '[data-board="problem"] [data-point="ea"]:not([data-stone])')
    browser.execute_script("arguments[0].focus()", target)
    target.send_keys(Keys.ENTER)
    assert verdict(browser) == "right"


def test_comments_are_text(browser, problem_site):
    site, _ = problem_site
    open_page(browser, site / "written/hostile.html")
    assert browser.title != "owned"
    assert "<script>" in browser.find_element(By.CSS_SELECTOR, ".problem-question").text
    click_point(browser, "ca")
    assert verdict(browser) == "right"
    assert "Correct <b>x</b>" in browser.find_element(By.CSS_SELECTOR, ".problem-answer").text
    assert not severe_errors(browser)


def test_the_classical_collection_is_browsable_without_verdicts(browser, problem_site):
    if not CLASSICAL.exists():
        pytest.skip(f"{CLASSICAL} is absent")
    site, summary = problem_site
    root = sgf_replay.parse(CLASSICAL.read_bytes())[0]
    branches = root.children
    assert f"{len(branches)} in classics/hatsuyoron.sgf" in summary
    browser.get((site / "classics/hatsuyoron/index.html").resolve().as_uri())
    assert "no solutions yet" in browser.find_element(By.TAG_NAME, "main").text
    assert len(browser.find_elements(By.CSS_SELECTOR, ".problem-card")) == len(branches)
    for number in (1, 2, len(branches)):
        branch = branches[number - 1]
        open_page(browser, site / f"classics/hatsuyoron/{number}.html")
        assert board_stones(browser) == expected_stones(branch)
        turn = "Black to play" if branch.get("PL") == "B" else "White to play"
        assert browser.find_element(By.CSS_SELECTOR, ".problem-to-play").text == turn
        assert not browser.find_elements(By.CSS_SELECTOR, "[data-verdict]")
