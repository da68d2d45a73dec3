"""Evil Hangman pages in headless Chromium from file://: wins and losses through the on-screen and the
physical keyboard, ignored input, settings for the next game only, resuming after a reload, high scores across
browser sessions, the page's answers against `hoshi words play` (the Swift implementation) for the same seed
and guesses, and a hostile word list.

The page is read through its contract: `data-hangman="pattern"`, `"left"`, `"outcome"`, `"seed"`, keys with
`data-letter`, settings controls with `data-setting`.
"""
import pathlib
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import make_driver, run_hoshi

DEBIAN_LIST = pathlib.Path("/usr/share/dict/american-english")
# One word of three letters (so that even the evil computer must give it up), and the specification's five.
SMALL_LIST = "cat\nBEAR\nBOAR\nDEER\nDUCK\nHARE\n"


@pytest.fixture(scope="module")
def word_site(hoshi, tmp_path_factory):
    root = tmp_path_factory.mktemp("words")
    (root / "content/words").mkdir(parents=True)
    (root / "content/words/small.txt").write_text(SMALL_LIST)
    configuration = ("title: Words\nwords:\n  sets:\n    - path: words/small.txt\n      title: Small\n      length: 3\n"
                     "      guesses: 3\n")
    if DEBIAN_LIST.exists():
        configuration += ("    - path: words/american-english.txt\n      title: American\n      analysis_budget: 1000\n"
                          f"mounts:\n  - source: {DEBIAN_LIST}\n    target: words/american-english.txt\n")
    (root / "hoshi.yml").write_text(configuration)
    output = root / "site"
    result = run_hoshi(hoshi, "build", root, "--output", output)
    assert result.returncode == 0, result.stderr
    return output


def text(browser, name):
    return browser.find_element(By.CSS_SELECTOR, f'[data-hangman="{name}"]').text


def open_game(browser, url):
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, '[data-hangman="pattern"]')
                                     and text(b, "pattern") != "")


def small_page(site):
    return (site / "words/small/index.html").as_uri()


def press_keys(browser, keys):
    """Physical keyboard: the keys go to the page's body, not to a control."""
    for key in keys:
        browser.execute_script("document.activeElement && document.activeElement.blur()")
        browser.find_element(By.TAG_NAME, "body").send_keys(key)


def click_letters(browser, letters):
    for letter in letters:
        browser.find_element(By.CSS_SELECTOR, f'button[data-letter="{letter}"]').click()


def test_win_on_screen_keyboard_and_loss_on_physical_keyboard(word_site, browser):
    open_game(browser, small_page(word_site))
    assert text(browser, "pattern") == "---"
    assert text(browser, "left") == "3"
    assert len(browser.find_elements(By.CSS_SELECTOR, "button[data-letter]")) == 26
    click_letters(browser, "CA")
    assert text(browser, "pattern") == "CA-"
    assert browser.find_element(By.CSS_SELECTOR, '[data-hangman="outcome"]').get_attribute("textContent") == ""
    click_letters(browser, "T")
    assert text(browser, "outcome") == "won"
    assert "Congratulations" in text(browser, "message")
    click_letters(browser, "Z")
    assert text(browser, "left") == "3", "input stops until a new game"

    browser.find_element(By.CSS_SELECTOR, '[data-hangman="new-game"]').click()
    WebDriverWait(browser, 5).until(lambda b: text(b, "pattern") == "---")
    press_keys(browser, "xy")
    assert text(browser, "left") == "1"
    press_keys(browser, "z")
    assert text(browser, "outcome") == "lost"
    assert "CAT" in text(browser, "message"), "a loss names the word"


def test_invalid_input_is_ignored_without_penalty(word_site, browser):
    open_game(browser, small_page(word_site))
    browser.find_element(By.CSS_SELECTOR, '[data-hangman="new-game"]').click()
    WebDriverWait(browser, 5).until(lambda b: text(b, "left") == "3" and text(b, "pattern") == "---")
    press_keys(browser, "q")
    assert text(browser, "left") == "2"
    for keys in ("1", "?", "q", "Q"):
        press_keys(browser, keys)
        assert text(browser, "left") == "2", keys
        assert text(browser, "message") != ""
    click_letters(browser, "Q")
    assert text(browser, "left") == "2"
    assert "already" in text(browser, "message")


def test_settings_apply_to_the_next_game_only_and_a_reload_resumes(word_site, browser):
    open_game(browser, small_page(word_site))
    browser.find_element(By.CSS_SELECTOR, '[data-hangman="new-game"]').click()
    WebDriverWait(browser, 5).until(lambda b: text(b, "pattern") == "---" and text(b, "left") == "3")
    click_letters(browser, "C")
    browser.find_element(By.CSS_SELECTOR, '[data-hangman="settings-button"]').click()
    Select(browser.find_element(By.CSS_SELECTOR, '[data-setting="length"]')).select_by_value("4")
    guesses = browser.find_element(By.CSS_SELECTOR, '[data-setting="guesses"]')
    guesses.clear()
    guesses.send_keys("5\t")
    evil = browser.find_element(By.CSS_SELECTOR, '[data-setting="evil"]')
    assert evil.is_selected(), "evil by default"
    assert text(browser, "pattern") == "C--", "the game in progress keeps its settings"
    assert text(browser, "left") == "3"

    browser.refresh()
    WebDriverWait(browser, 10).until(lambda b: text(b, "pattern") == "C--")
    assert text(browser, "left") == "3"
    assert "C" in text(browser, "guessed")

    browser.find_element(By.CSS_SELECTOR, '[data-hangman="new-game"]').click()
    WebDriverWait(browser, 5).until(lambda b: text(b, "pattern") == "----")
    assert text(browser, "left") == "5"
    press_keys(browser, "e")
    assert text(browser, "pattern") == "----", "E: the family without E (BOAR, DUCK) is the largest"
    assert text(browser, "left") == "4"


def test_high_scores_survive_a_new_browser_session(word_site, tmp_path):
    profile = tmp_path / "profile"
    for session in range(2):
        driver = make_driver(arguments=(f"--user-data-dir={profile}",))
        try:
            open_game(driver, small_page(word_site))
            driver.find_element(By.CSS_SELECTOR, '[data-hangman="new-game"]').click()
            WebDriverWait(driver, 5).until(lambda b: text(b, "pattern") == "---" and text(b, "left") == "3")
            click_letters(driver, "ZCAT" if session == 0 else "CAT")
            assert text(driver, "outcome") == "won"
            scores = [item.text for item in driver.find_elements(By.CSS_SELECTOR, '[data-hangman="score"]')]
        finally:
            driver.quit()
    assert scores == ["CAT 0 mistakes", "CAT 1 mistake"], "best first, the first session's game kept"


def test_evil_answers_equal_swift_for_the_same_seed_and_guesses(word_site, browser, hoshi):
    if not DEBIAN_LIST.exists():
        pytest.skip(f"{DEBIAN_LIST} is absent; install Debian's wamerican")
    open_game(browser, (word_site / "words/american-english/index.html").as_uri())
    for round_number, guesses in enumerate(("EAIOUSRTNLCD", "QZXJKVWYPBEA", "SEATRONLIDUC")):
        browser.find_element(By.CSS_SELECTOR, '[data-hangman="new-game"]').click()
        WebDriverWait(browser, 5).until(lambda b: "-" in text(b, "pattern") and not set(text(b, "pattern")) - {"-"})
        seed = text(browser, "seed")
        length = len(text(browser, "pattern"))
        allowed = int(text(browser, "left"))
        page = []
        for letter in guesses:
            if text(browser, "outcome"):
                break
            press_keys(browser, letter)
            page.append(f'{text(browser, "pattern")} {text(browser, "left")}')
        swift = subprocess.run([str(hoshi), "words", "play", str(DEBIAN_LIST), "--length", str(length), "--guesses", str(allowed),
                                "--seed", seed], input="\n".join(guesses) + "\n", capture_output=True, text=True, timeout=60)
        states = [" ".join(line.split(" ")[:2]) for line in swift.stdout.splitlines()[2:] if " left" in line]
        assert page == states[:len(page)], f"round {round_number}, seed {seed}"


def test_hostile_word_list_builds_with_warnings_and_no_markup(hoshi, tmp_path):
    (tmp_path / "content").mkdir()
    hostile = b"<script>alert(1)</script>\n<img src=x onerror=alert(2)>\nCAT&amp;\ndog\nnul\x00byte\n\xff\xfe\xc0bad\n"
    hostile += b"a" * (1 << 20) + b"\nzebra\n"
    (tmp_path / "content/hostile.txt").write_bytes(hostile)
    (tmp_path / "hoshi.yml").write_text('title: T\nwords:\n  sets:\n    - path: hostile.txt\n'
                                        '      title: "<b>Hostile</b>"\n      credit: "<script>alert(3)</script>"\n')
    result = run_hoshi(hoshi, "build", tmp_path, "--output", tmp_path / "site")
    assert result.returncode == 0, result.stderr
    for kind in ("markup characters", "a NUL byte", "not valid UTF-8", "longer than 64 letters"):
        assert kind in result.stderr, kind
    page = (tmp_path / "site/hostile/index.html").read_text()
    assert "<script>alert" not in page and "<img" not in page and "<b>Hostile" not in page
    assert "&lt;script&gt;alert(3)" in page
    files = sorted(path.name for path in (tmp_path / "site/hostile").glob("words-*.js"))
    assert files == ["words-3.js", "words-5.js"]
    assert (tmp_path / "site/hostile/words-3.js").read_text().endswith('[3] = "0DOG";\n')
