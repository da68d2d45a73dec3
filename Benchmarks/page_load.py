"""Page load of one docs page of the 1,000-page corpus in headless Chromium from file://, with the search
index loaded lazily (on first use of the search box: the default theme) and eagerly (every page loads it,
as the theme did before).

The eager site is the same corpus built with a one-file theme override: the default
`templates/layouts/base.mustache` with the index's own `<script defer>` tag put back before search.js, which
then finds `hoshiSearchIndex` already set. Everything else (pages, assets, search script) is the same build.

Measured per load, after a visit to about:blank so each load is a new document: the navigation entry's
`loadEventEnd` (milliseconds from the start of the navigation to the end of the load event), and the bytes
of the files the page loaded: the document and every script, style sheet and image it holds at the end of
the load event, by their sizes on disk (Chromium keeps no resource timing for file:// to read them from). The two sites are loaded in turn, after one warm-up load each. Then the first
search on each: focusing the box and typing a word, until the results are shown.
"""
import pathlib
import shutil
import statistics
import subprocess
import urllib.parse
import urllib.request

PAGE = "section3/section3-7.html"
LAZY_TAG = '<script src="{{assets.search_js}}" data-search-index="{{assets.search_index_js}}" defer></script>'
EAGER_TAGS = '<script src="{{assets.search_index_js}}" defer></script>\n<script src="{{assets.search_js}}" defer></script>'


def write_eager_theme(repository: pathlib.Path, site: pathlib.Path):
    """The override of `layouts/base` that loads the index with every page."""
    base = (repository / "templates/layouts/base.mustache").read_text()
    if LAZY_TAG not in base:
        raise RuntimeError("templates/layouts/base.mustache no longer holds the lazy search tag this benchmark replaces")
    target = site / "templates/layouts/base.mustache"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(base.replace(LAZY_TAG, EAGER_TAGS))


def make_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--allow-file-access-from-files"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))


LOAD_SCRIPT = """
const done = arguments[0];
const check = () => {
  const entry = performance.getEntriesByType("navigation")[0];
  if (document.readyState === "complete" && entry && entry.loadEventEnd > 0) {
    const files = [...document.querySelectorAll("script[src], img[src]")].map((element) => element.src)
      .concat([...document.querySelectorAll("link[rel=stylesheet]")].map((element) => element.href));
    done({ load: entry.loadEventEnd, files: [location.href, ...files] });
  } else {
    setTimeout(check, 5);
  }
};
check();
"""

FIRST_SEARCH_SCRIPT = """
const done = arguments[0];
const box = document.getElementById("hoshi-search");
const list = document.getElementById("hoshi-search-results");
const start = performance.now();
box.focus();
box.value = "komi";
box.dispatchEvent(new Event("input"));
const check = () => (list.hidden ? setTimeout(check, 1) : done(performance.now() - start));
check();
"""


def file_size(url):
    path = pathlib.Path(urllib.request.url2pathname(urllib.parse.urlparse(url).path))
    return path.stat().st_size if path.is_file() else 0


def load_once(driver, url):
    driver.get("about:blank")
    driver.get(url)
    result = driver.execute_async_script(LOAD_SCRIPT)
    return result["load"], sum(file_size(name) for name in set(result["files"]))


def first_search(driver, url):
    driver.get("about:blank")
    driver.get(url)
    driver.execute_async_script(LOAD_SCRIPT)
    return driver.execute_async_script(FIRST_SEARCH_SCRIPT)


def measure(sites: dict, runs: int):
    """{name: {"load": median ms, "bytes": bytes, "search": median ms}} for {name: built site folder}."""
    driver = make_driver()
    driver.set_script_timeout(30)
    try:
        urls = {name: (folder / PAGE).resolve().as_uri() for name, folder in sites.items()}
        loads = {name: [] for name in sites}
        sizes = {name: set() for name in sites}
        searches = {name: [] for name in sites}
        for url in urls.values():
            load_once(driver, url)
        for _ in range(runs):
            for name, url in urls.items():
                load, size = load_once(driver, url)
                loads[name].append(load)
                sizes[name].add(size)
        for _ in range(runs):
            for name, url in urls.items():
                searches[name].append(first_search(driver, url))
        return {name: {"load": statistics.median(loads[name]), "bytes": max(sizes[name]),
                       "search": statistics.median(searches[name])} for name in sites}
    finally:
        driver.quit()


def build(hoshi, corpus, output):
    subprocess.run([str(hoshi), "build", str(corpus), "--output", str(output)], capture_output=True, check=True)
    return output
