"""A problem page answered from a tree Hoshi's solver computed (`solve: missing`), in headless Chromium from
file://.

Honesty: the expected answers are written here by hand from the shape (a straight three on the top edge:
the middle point B9 kills; A9 or C9 lets White take the middle with two eyes). Nothing is read from the
page's embedded data.
"""

import pytest
from selenium.webdriver.common.by import By

from conftest import run_hoshi
from problem_page import board_stones, click_point, open_page, verdict

STRAIGHT_THREE = "(;GM[1]SZ[9]AW[da][db][cb][bb][ab]AB[ea][eb][ec][dc][cc][bc][ac]PL[B]C[Black to kill.])"


@pytest.fixture(scope="module")
def solved_site(hoshi, tmp_path_factory):
    source = tmp_path_factory.mktemp("solved")
    (source / "content/tsumego").mkdir(parents=True)
    (source / "content/tsumego/edge.sgf").write_text(STRAIGHT_THREE)
    (source / "hoshi.yml").write_text("title: Solved\nproblems:\n  - path: tsumego\n    solve: missing\n    nodes: 50000\n")
    output = source / "site"
    result = run_hoshi(hoshi, "build", source, "--output", output)
    assert result.returncode == 0, result.stderr
    return output


def test_the_computed_page_says_so_and_accepts_the_vital_point(browser, solved_site):
    page = solved_site / "tsumego/edge.html"
    open_page(browser, page)
    note = browser.find_element(By.CSS_SELECTOR, ".problem-computed").text
    assert "computed by Hoshi's life-and-death solver" in note
    click_point(browser, "ba")
    assert verdict(browser) in ("", "right")
    assert verdict(browser) != "wrong"
    assert board_stones(browser).get("ba") == "B"


@pytest.mark.parametrize("point", ["aa", "ca"])
def test_a_refuted_first_move_is_wrong(browser, solved_site, point):
    open_page(browser, solved_site / "tsumego/edge.html")
    click_point(browser, point)
    assert verdict(browser) == "wrong"
    # The refutation: White takes the middle point.
    assert board_stones(browser).get("ba") == "W"


def test_the_demo_publishes_its_eye_shape_problems_with_computed_answers(browser, demo_site):
    """The demo's problems/computed folder comes without solutions. Expected by eye-shape theory, not read from
    the page: pyramid four dies when Black takes its centre (E19, the point touching the other three), and
    any other first move inside lets White take the centre and live."""
    page = demo_site / "problems/computed/1-pyramid-four.html"
    open_page(browser, page)
    assert "computed by Hoshi's life-and-death solver" in browser.find_element(By.CSS_SELECTOR, ".problem-computed").text
    click_point(browser, "ea")
    assert verdict(browser) != "wrong"
    for point in ("da", "fa", "eb"):
        open_page(browser, page)
        click_point(browser, point)
        assert verdict(browser) == "wrong", point
