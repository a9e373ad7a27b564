"""What every browser test shares: the built site, a local web server, and
headless Chromium driven by Selenium.

Run by `scripts/web.sh --test`, which builds target/web/ and the native
binaries first and sets WEB_SITE (the built folder) and NATIVE_BIN (the
folder of the native release binaries). The server listens on 127.0.0.1
only and serves two things: the site under /site/, and, for the tests
alone, a judge-data case's input under /data/PATH (a file below the
repository or the target folder), so a page can fetch a 16 MB input
instead of being handed it through the driver.
"""

import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import urllib.parse
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[3]
SITE = Path(os.environ.get("WEB_SITE", ROOT / "target" / "web")).resolve()
NATIVE = Path(os.environ.get("NATIVE_BIN", ROOT / "target" / "release")).resolve()
SCREENSHOTS = SITE.parent / "web-screenshots"
PAGES = ["index.html", "solvers.html", "river.html", "clue.html", "notebook.html", "nim.html", "werewolf.html", "go.html"]


class Handler(http.server.SimpleHTTPRequestHandler):
    """/site/... from the built site, /data/ABSOLUTE-PATH for case inputs."""

    allowed = (ROOT, SITE.parent)

    def translate_path(self, path):
        path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        if path.startswith("/site/"):
            return str(SITE / path[len("/site/"):])
        if path.startswith("/data/"):
            file = Path(path[len("/data"):]).resolve()
            if any(file.is_relative_to(folder) for folder in self.allowed):
                return str(file)
        return str(SITE / "no-such-file")

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server():
    """The base URL of the local server."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def driver():
    """Headless Debian Chromium, with the flags this closed network needs."""
    profile = tempfile.mkdtemp(prefix="web-test-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1280,1000",
    ]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    browser = webdriver.Chrome(options=options, service=service)
    browser.set_script_timeout(int(os.environ.get("WEB_SCRIPT_TIMEOUT", "600")))
    yield browser
    browser.quit()
    shutil.rmtree(profile, ignore_errors=True)


def page_url(server, page, how):
    """The URL of a built page, from the server or from the disk."""
    if how == "file":
        return (SITE / page).as_uri()
    return f"{server}/site/{page}"


def open_page(driver, url):
    """Opens a page and waits until its binaries are compiled; returns the
    milliseconds from navigation to ready, as the page measured them."""
    driver.get_log("browser")  # drop what earlier pages logged
    driver.get(url)
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const wait = () => window.puzzleJudges
          ? window.puzzleJudges.ready.then(() => done(performance.now()), (e) => done(String(e)))
          : setTimeout(wait, 10);
        wait();
        """
    )


def console_errors(driver):
    """What the page logged as an error (or warning) since the last call."""
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def run(driver, binary, args, stdin=None, input_path=None, server=None):
    """puzzleJudges.run in the page; the input is a string, or a file the
    page fetches from the server and hands over as bytes. Returns {stdout,
    stderr, status, ms}."""
    url = f"{server}/data{urllib.parse.quote(str(input_path))}" if input_path else None
    return driver.execute_async_script(
        """
        const [binary, args, stdin, url, done] = arguments;
        (async () => {
          const input = url === null ? stdin : new Uint8Array(await (await fetch(url)).arrayBuffer());
          const start = performance.now();
          const result = await window.puzzleJudges.run(binary, args, input);
          return { ...result, ms: performance.now() - start };
        })().then(done, (error) => done({ error: String(error) }));
        """,
        binary,
        args,
        stdin or "",
        url,
    )


def native(binary, args, stdin):
    """The native binary on the same: {stdout, stderr, status}."""
    done = subprocess.run([NATIVE / binary, *args], input=stdin, capture_output=True, check=False)
    return {
        "stdout": done.stdout.decode("utf-8"),
        "stderr": done.stderr.decode("utf-8"),
        "status": done.returncode,
    }


def screenshot(driver, name):
    """Keeps a screenshot of the whole page under target/web-screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    width = driver.get_window_size()["width"]
    driver.set_window_size(width, min(max(height + 100, 600), 4000))
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def unnamed_controls(driver):
    """Every control a keyboard reaches that has no accessible name, as
    Chromium computes it, or that cannot be focused."""
    found = []
    for element in driver.find_elements(
        By.CSS_SELECTOR, "button, input, select, textarea, a[href], [role=button], [tabindex]"
    ):
        if not element.is_displayed():
            continue
        name = element.accessible_name
        if not name or not name.strip():
            found.append(element.get_attribute("outerHTML")[:120])
    return found


def fits_phone_width(driver):
    """Whether the page, at a phone's width (390 CSS pixels), needs no
    horizontal scrolling."""
    return driver.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1"
    )


def at_width(driver, width):
    """Resizes the window so that the page's viewport is `width` wide."""
    driver.set_window_size(width, 900)
    inner = driver.execute_script("return window.innerWidth")
    driver.set_window_size(width + (width - inner), 900)


def wait_for(driver, condition, timeout=30):
    """Waits until `condition(driver)` is true."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def cases(*problems):
    """The judge-data cases (judge-tools' `cases` tool), as dicts."""
    lister = NATIVE / "cases"
    out = subprocess.run([lister, *problems], capture_output=True, check=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


@functools.cache
def all_cases():
    return cases()


BUDGETS = []


def report_budget(line):
    """Keeps a measured budget's line for the summary at the end of the run."""
    BUDGETS.append(line)


def pytest_terminal_summary(terminalreporter):
    """The budgets measured, after the results (CI's log keeps them)."""
    if BUDGETS:
        terminalreporter.section("budgets measured")
        for line in BUDGETS:
            terminalreporter.write_line(line)
