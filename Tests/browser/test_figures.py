"""Printed figures (issue 20): variation diagrams under the figures, as books print them, and figures at a size
where every move number reads (two across on a desktop, one on a phone and in print).

The record is written below; the expected diagrams (which variation, its moves numbered from 1, the position it
starts from) come from `sgf_replay`, the tests' own SGF reading, never from the page's data. Sizes are read from
the page as Chromium lays it out.
"""
import pytest
from selenium.webdriver.common.by import By

import sgf_replay
from conftest import make_driver
from written_site import build_written_site

LETTERS = "abcdefghijklmnopqrs"


def main_moves(count):
    """`count` distinct main-line moves away from the lower left corner, alternating colours."""
    points = [LETTERS[column] + LETTERS[row] for row in range(0, 12) for column in range(6, 19, 2)]
    return ";".join(f"{'BW'[index % 2]}[{points[index]}]" for index in range(count))


def line(first_colour, points, comments=None):
    comments = comments or {}
    colours = "BW" if first_colour == "B" else "WB"
    return ";".join(f"{colours[index % 2]}[{point}]" + (f"C[{comments[index]}]" if index in comments else "")
                    for index, point in enumerate(points))


MAIN = main_moves(30).split(";")
# 40 moves without a capture: Black fills two rows, White two others, apart.
LONG = [point for pair in zip([LETTERS[column] + LETTERS[row] for row in (12, 13) for column in range(10)],
                              [LETTERS[column] + LETTERS[row] for row in (16, 17) for column in range(10)]) for point in pair]
# Variations: instead of move 1, instead of move 12 (the main line's move 12 says so in its comment; the
# variation has a comment on its second move and a variation of its own, which gets no diagram), and instead
# of move 25 a 40-move line, longer than a diagram shows.
RECORD = (
    "(;GM[1]FF[4]SZ[19]PB[Black]PW[White]"
    f"(;{';'.join(MAIN[:11])}"
    f"(;{MAIN[11]}C[A quiet answer at A was possible: see the variation.];{';'.join(MAIN[12:24])}"
    f"(;{';'.join(MAIN[24:])})"
    f"(;{line('B', LONG)}))"
    f"(;{line('W', ['cp', 'cq', 'dq'], {1: 'Black blocks.'})}(;B[bq])(;B[er])))"
    f"(;{line('B', ['dd', 'pp', 'dp'])}))"
)


@pytest.fixture(scope="module")
def figures_site(hoshi, tmp_path_factory):
    return build_written_site(hoshi, tmp_path_factory.mktemp("figures"), "title: Figures\ngames:\n  figure_moves: 10\n",
                              {"games/variations.sgf": RECORD, "index.md": "# Figures\n"})


def expected_diagrams(root):
    """Per variation that branches off the main line (any child of a main-line node but the first): the
    main-line move it replaces, the node it starts from, its moves along first children."""
    found = []
    node = root
    move = 0
    while node.children:
        main = node.children[0]
        for variation in node.children[1:]:
            moves = []
            step = variation
            while step is not None:
                colour = "B" if "B" in step.properties else "W"
                moves.append((colour, step.get(colour)))
                step = step.children[0] if step.children else None
            found.append({"replaces": move + 1, "start": node, "moves": moves, "first": variation})
        node = main
        move += 1
    return found


def drawn(diagram):
    """What a diagram draws: {point: colour} of its stones, {point: number} of its numbers, the points shown."""
    return diagram.parent.execute_script("""
        const svg = arguments[0].querySelector('svg');
        const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
        const letter = (i) => String.fromCharCode(97 + i);
        const stones = {}, numbers = {};
        for (const e of svg.querySelectorAll('[data-stone]')) stones[e.getAttribute('data-point')] = e.getAttribute('data-stone');
        for (const t of svg.querySelectorAll('.go-number text'))
          numbers[letter(+t.getAttribute('x')) + letter(+t.getAttribute('y'))] = +t.textContent;
        return [stones, numbers, [x, y, x + w, y + h]];""", diagram)


def test_variations_print_as_numbered_diagrams_under_their_figures(browser, figures_site):
    root = sgf_replay.parse(RECORD)[0]
    expected = expected_diagrams(root)
    assert [item["replaces"] for item in expected] == [1, 12, 25]
    browser.get((figures_site / "games/variations.html").resolve().as_uri())
    figures = browser.find_elements(By.CSS_SELECTOR, ".game-figures > figure")
    assert len(figures) == 3
    number = 0
    for index, figure in enumerate(figures):
        first, last = index * 10 + 1, index * 10 + 10
        here = [item for item in expected if first <= item["replaces"] <= last]
        diagrams = figure.find_elements(By.CSS_SELECTOR, ".game-variation-diagram")
        assert len(diagrams) == len(here), f"figure {index + 1}"
        for item, diagram in zip(here, diagrams):
            number += 1
            caption = diagram.find_element(By.TAG_NAME, "figcaption").text
            colour = "Black" if item["moves"][0][0] == "B" else "White"
            assert caption.startswith(f"Dia. {number}: {colour} 1 instead of {item['replaces']}"), caption
            assert f"after move {item['replaces'] - 1}" in caption or item["replaces"] == 1
            # The figure's caption refers to the diagram.
            reference = figure.find_element(By.CSS_SELECTOR, f'figcaption a[href="#{diagram.get_attribute("id")}"]')
            assert reference.text == f"Dia. {number}"
            stones, numbers, (left, top, right, bottom) = drawn(diagram)

            def inside(point):
                column, row = LETTERS.index(point[0]), LETTERS.index(point[1])
                return left < column < right and top < row < bottom

            shown = item["moves"][:30]
            # Its own numbers from 1, on the points of the variation's moves.
            assert numbers == {point: place + 1 for place, (_, point) in enumerate(shown)}
            # The stones it starts from, unnumbered, and the moves' stones.
            start, _ = sgf_replay.position(item["start"])
            wanted = {point: colour for point, colour in start.items() if inside(point)}
            wanted.update({point: colour for colour, point in shown})
            assert stones == wanted
            if len(item["moves"]) > 30:
                assert f"goes on for {len(item['moves']) - 30} more moves" in caption
    assert number == len(expected)


def test_comments_refer_to_their_diagrams_and_diagrams_hold_their_comments(browser, figures_site):
    browser.get((figures_site / "games/variations.html").resolve().as_uri())
    comment = browser.find_element(By.CSS_SELECTOR, '.game-figures li[id="move-12"]')
    link = comment.find_element(By.CSS_SELECTOR, 'a[href^="#dia-"]')
    diagram = browser.find_element(By.ID, link.get_attribute("href").split("#")[1])
    assert "instead of 12" in diagram.text
    # The variation's comment (on its second move) is printed under its diagram, labelled 2.
    item = diagram.find_element(By.CSS_SELECTOR, ".game-figure-comments li")
    assert item.find_element(By.CSS_SELECTOR, ".game-comment-move").text == "2"
    assert "Black blocks." in item.text
    others = browser.find_elements(By.CSS_SELECTOR, ".game-comments")
    assert all("Black blocks." not in section.text for section in others), "printed once, under its diagram"


def figure_layout(driver):
    return driver.execute_script("""
        const svgs = [...document.querySelectorAll('.game-figures > figure > svg')];
        const boxes = svgs.map(svg => svg.getBoundingClientRect());
        const small = [...document.querySelectorAll('.game-figures > figure > svg .go-small text')]
          .map(text => text.getBoundingClientRect().height);
        return {lefts: [...new Set(boxes.map(box => Math.round(box.left)))], widths: boxes.map(box => box.width),
                smallest: Math.min(...small), count: small.length,
                content: document.querySelector('.game-figures').getBoundingClientRect().width};""")


EAR = "games/famous-games/1846-ear-reddening-game.html"


def test_figures_are_two_across_on_a_desktop_with_legible_numbers(demo_site):
    driver = make_driver(1280, 900)
    try:
        driver.get((demo_site / EAR).resolve().as_uri())
        layout = figure_layout(driver)
        assert layout["count"] > 0, "the game has three-digit moves"
        assert len(layout["lefts"]) == 2, layout
        assert layout["smallest"] >= 9.5, f"three-digit numbers are {layout['smallest']:.1f} px high"
    finally:
        driver.quit()


def test_figures_are_one_across_on_a_phone(demo_site):
    driver = make_driver(390, 800)
    try:
        driver.get((demo_site / EAR).resolve().as_uri())
        layout = figure_layout(driver)
        assert len(layout["lefts"]) == 1, layout
        assert min(layout["widths"]) >= 0.9 * layout["content"]
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    finally:
        driver.quit()


def test_figures_print_one_across_with_legible_numbers(demo_site):
    # The width of an A4 page's text block at 96 CSS pixels to the inch (19 cm).
    driver = make_driver(720, 1000)
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        driver.get((demo_site / EAR).resolve().as_uri())
        layout = figure_layout(driver)
        assert len(layout["lefts"]) == 1, layout
        assert layout["smallest"] >= 9.5, f"three-digit numbers print {layout['smallest']:.1f} px high"
    finally:
        driver.quit()
