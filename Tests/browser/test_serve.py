"""The dev server: loopback only, nothing outside the site, live reload and an error overlay."""
import os
import pathlib
import re
import socket
import subprocess
import time
import urllib.request

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import run_hoshi, wait_for_live_reload


@pytest.fixture
def served(hoshi, tmp_path):
    folder = tmp_path / "served"
    assert run_hoshi(hoshi, "init", folder).returncode == 0
    (tmp_path / "secret.txt").write_text("outside the site")
    process = subprocess.Popen([str(hoshi), "serve", str(folder), "--port", "0"],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    port = None
    deadline = time.time() + 60
    lines = []
    while time.time() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line)
        match = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
            break
    if port is None:
        process.kill()
        pytest.fail("server did not announce its address: " + "".join(lines))
    yield folder, port
    process.terminate()
    process.wait(timeout=10)


def raw_get(port, target):
    """Sends the request line exactly as written: no client-side normalisation of '..'."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_answers_on_loopback_only(served):
    _, port = served
    status, body = raw_get(port, "/")
    assert status == 200 and b"<html" in body
    addresses = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    external = [address for address in addresses if ":" not in address and not address.startswith("127.")]
    if not external:
        pytest.skip("this machine has no non-loopback IPv4 address to try")
    with pytest.raises(OSError):
        socket.create_connection((external[0], port), timeout=2).close()


@pytest.mark.parametrize("target", [
    "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/secret.txt", "/guide/..%2f..%2fsecret.txt",
    "/.hoshi-output", "/escape.txt",
])
def test_refuses_paths_outside_the_site(served, target):
    folder, port = served
    link = folder / "site" / "escape.txt"
    if not link.exists():
        os.symlink(folder.parent / "secret.txt", link)
    status, body = raw_get(port, target)
    assert status in (400, 403, 404), (target, status)
    assert b"outside the site" not in body or status == 403


def test_edit_reaches_open_page_and_errors_show_as_overlay(served, browser):
    folder, port = served
    browser.get(f"http://127.0.0.1:{port}/guide/getting-started.html")
    heading = browser.find_element(By.CSS_SELECTOR, ".content h2").text
    assert heading == "Playing your first game"
    browser.execute_script("window.hoshiMarker = 'same page'")
    wait_for_live_reload(browser)
    page = folder / "content/guide/getting-started.md"
    page.write_text(page.read_text().replace("Playing your first game", "Playing a fresh game"))
    # The page may reload between finding the heading and reading it: try again then.
    WebDriverWait(browser, 20, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda driver: driver.find_element(By.CSS_SELECTOR, ".content h2").text == "Playing a fresh game")
    assert browser.execute_script("return window.hoshiMarker") is None, "the page reloaded itself"

    page.write_text("## Broken\n\n[nowhere](nowhere.html)\n")
    WebDriverWait(browser, 20).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".hoshi-error-overlay"))
    overlay = browser.find_element(By.CSS_SELECTOR, ".hoshi-error-overlay").text
    assert "content/guide/getting-started.md:3:1: error: broken link 'nowhere.html'" in overlay
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/guide/getting-started.html") as response:
        assert "Playing a fresh game" in response.read().decode(), "the last good site is still served"
