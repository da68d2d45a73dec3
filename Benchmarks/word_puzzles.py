"""The `words` rows of `make bench`: what an Evil Hangman page costs the reader, on Debian's american-english.

Bytes: the page, the theme files it links (scripts, style sheets) and the word file of its largest length, as
stored and gzip-compressed. Time: a guess on that length in headless Chromium, measured in the page
(performance.now() around a key's click, which runs the family split synchronously); the first guess of a
game splits every word of the length, the most work a guess does.
"""
import gzip
import pathlib
import re
import statistics
import subprocess

LIST = pathlib.Path("/usr/share/dict/american-english")


def build(hoshi, work):
    site = work / "words-site"
    (site / "content").mkdir(parents=True, exist_ok=True)
    (site / "hoshi.yml").write_text("title: Words\nwords:\n  sets:\n    - path: words/list.txt\n      analysis_budget: 1000\n"
                                    f"mounts:\n  - source: {LIST}\n    target: words/list.txt\n")
    output = work / "words-site-output"
    subprocess.run([str(hoshi), "build", str(site), "--output", str(output)], check=True, capture_output=True)
    return output / "words/list"


def page_bytes(folder):
    """(length, raw bytes, gzip bytes) of the page with its largest word file."""
    page = folder / "index.html"
    html = page.read_text()
    files = [page]
    for reference in re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', html):
        files.append((folder / reference).resolve())
    words = max(folder.glob("words-*.js"), key=lambda path: path.stat().st_size)
    files.append(words)
    raw = sum(path.stat().st_size for path in files)
    compressed = sum(len(gzip.compress(path.read_bytes(), 9)) for path in files)
    return int(words.stem.split("-")[1]), raw, compressed


def guess_milliseconds(folder, length, games=7):
    """Median time of a game's first guess (E) on `length`, over `games` new games."""
    import sys
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests/browser"))
    from conftest import make_driver
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = make_driver()
    try:
        driver.get((folder / "index.html").as_uri())
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-hangman="pattern"]'))
        driver.find_element(By.CSS_SELECTOR, '[data-hangman="settings-button"]').click()
        Select(driver.find_element(By.CSS_SELECTOR, '[data-setting="length"]')).select_by_value(str(length))
        times = []
        for _ in range(games):
            driver.find_element(By.CSS_SELECTOR, '[data-hangman="new-game"]').click()
            WebDriverWait(driver, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, '[data-hangman="pattern"]').text == "-" * length
                                            and d.find_element(By.CSS_SELECTOR, '[data-hangman="guessed"]').text == "none")
            times.append(driver.execute_script(
                "const key = document.querySelector('button[data-letter=\"E\"]'); const start = performance.now();"
                " key.click(); return performance.now() - start;"))
        return statistics.median(times)
    finally:
        driver.quit()


def rows(hoshi, work):
    if not LIST.exists():
        return [("words: Evil Hangman page", f"{LIST} absent (install wamerican)", "", "", "")]
    folder = build(hoshi, work)
    length, raw, compressed = page_bytes(folder)
    milliseconds = guess_milliseconds(folder, length)
    words = len(re.findall(r"[0-9]+", (folder / f"words-{length}.js").read_text().split('"')[1]))
    return [
        (f"words: bytes a page loads, largest length ({length} letters, {words:,} words)",
         f"{raw / 1024:.0f} KB ({compressed / 1024:.0f} KB gzip)", "", "", "page, theme files and one word file"),
        (f"words: a guess in Chromium, {length} letters, first guess (median of 7)", f"{milliseconds:.1f} ms", "", "",
         "under one frame (16 ms)"),
    ]
