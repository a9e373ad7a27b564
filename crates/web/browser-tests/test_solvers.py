"""The solvers in the browser give the native binaries' bytes, on every
judge-data case; the pages open cleanly from the disk and from a server; and
the budgets hold (the README, "The web pages", has the figures)."""

import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import (
    PAGES,
    SCREENSHOTS,
    SITE,
    all_cases,
    at_width,
    console_errors,
    fits_phone_width,
    native,
    open_page,
    page_url,
    report_budget,
    run,
    screenshot,
    unnamed_controls,
    wait_for,
)

BINARIES = ["werewolf", "stone-game", "nim", "go-ko", "river-crossing", "clue-sim"]
SIZE_BUDGET = 3_000_000  # bytes, the whole folder (3.5 MB for issue #61, 3 MB again once the binaries were gzipped)
READY_BUDGET = 1000  # ms from navigation until every binary is compiled
SPEED_BUDGET = 3.0  # the page's time over the native binary's


@pytest.fixture
def solvers(driver, server):
    """The driver on solvers.html from the server (opened again when an
    earlier test left it elsewhere)."""
    url = page_url(server, "solvers.html", "http")
    if driver.current_url != url:
        open_page(driver, url)
    return driver


@pytest.mark.parametrize("problem", BINARIES)
def test_every_case_gives_the_native_bytes(solvers, server, problem):
    """stdout, stderr and status of puzzleJudges.run equal the native
    binary's on every case of the problem: samples, secret, bad, usage and
    judge targets' cases, generated ones included, each with its flags."""
    cases = [case for case in all_cases() if case["problem"] == problem]
    assert cases, f"no cases for {problem}"
    differences = []
    for case in cases:
        stdin = Path(case["input"]).read_bytes() if case["input"] else b""
        expected = native(problem, case["args"], stdin)
        got = run(solvers, problem, case["args"], input_path=case["input"], server=server)
        got.pop("ms", None)
        if got != expected:
            differences.append(f"{case['name']} {case['args']}:\n  native {expected!r:.300}\n  page   {got!r:.300}")
    assert not differences, f"{len(differences)} of {len(cases)} cases differ:\n" + "\n".join(differences)


@pytest.mark.parametrize("binary", BINARIES)
def test_help_and_a_usage_error_are_the_native_ones(solvers, binary):
    for args in (["--help"], ["--no-such-flag"]):
        got = run(solvers, binary, args, "")
        got.pop("ms", None)
        assert got == native(binary, args, b"")


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("how", ["file", "http"])
def test_page_opens_without_console_errors(driver, server, page, how):
    open_page(driver, page_url(server, page, how))
    # The page's own script has run and the binaries answer.
    result = run(driver, "nim", [], "2\n1 2\n")
    assert result["stdout"] == "Yes\n" and result["status"] == 0
    assert console_errors(driver) == []
    assert unnamed_controls(driver) == []
    at_width(driver, 390)
    assert fits_phone_width(driver), f"{page} scrolls sideways at a phone's width"
    if how == "http":
        screenshot(driver, f"{Path(page).stem}-phone")
    at_width(driver, 1280)
    if how == "http":
        screenshot(driver, Path(page).stem)


def test_the_index_shows_every_game_with_a_picture(driver, server):
    open_page(driver, page_url(server, "index.html", "http"))
    cards = driver.find_elements(By.CSS_SELECTOR, ".cards > section")
    links = [card.find_element(By.CSS_SELECTOR, "h2 a").get_attribute("href").rsplit("/", 1)[-1] for card in cards]
    assert links == ["river.html", "clue.html", "notebook.html", "nim.html", "werewolf.html", "go.html", "solvers.html"]
    for card in cards:
        picture = card.find_element(By.CSS_SELECTOR, "svg[role=img]")
        assert picture.accessible_name, card.text
        assert picture.size["width"] > 100 and picture.size["height"] > 50
    # Every link of the site's navigation leads to a page that exists.
    for link in driver.find_elements(By.CSS_SELECTOR, "nav a"):
        assert (SITE / link.get_attribute("href").rsplit("/", 1)[-1]).is_file()


def test_solvers_page_runs_from_its_controls(solvers):
    """A person's path: pick an example, tick a flag, Run; the output shown
    is the native one, and a long run shows that it is running."""
    panel = solvers.find_element(By.ID, "nim")
    Select(panel.find_element(By.ID, "nim-example")).select_by_visible_text("sample/one-two-wins")
    assert panel.find_element(By.ID, "nim-input").get_attribute("value") == "2\n1 2\n"
    panel.find_element(By.ID, "nim-input").clear()
    panel.find_element(By.ID, "nim-input").send_keys("3\n1 2 4\n")
    panel.find_element(By.ID, "nim--move").click()
    assert panel.find_element(By.ID, "nim-args").get_attribute("value") == "--move"
    panel.find_element(By.XPATH, ".//button[text()='Run']").click()
    status = panel.find_element(By.CSS_SELECTOR, "[role=status]")
    wait_for(solvers, lambda _: status.text.startswith("exit status"))
    assert panel.find_element(By.CSS_SELECTOR, "pre.stdout").text + "\n" == native("nim", ["--move"], b"3\n1 2 4\n")["stdout"]
    assert status.text.startswith("exit status 0")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    panel.screenshot(str(SCREENSHOTS / "solvers-nim-panel.png"))

    # A usage error shows the error line and status 2.
    panel.find_element(By.ID, "nim-args").clear()
    panel.find_element(By.ID, "nim-args").send_keys("--cases --bogus")
    panel.find_element(By.XPATH, ".//button[text()='Run']").click()
    wait_for(solvers, lambda _: status.text.startswith("exit status"))
    assert status.text.startswith("exit status 2")
    assert panel.find_element(By.CSS_SELECTOR, "pre.stderr").text.startswith("error: unknown flag")


def test_a_long_run_does_not_freeze_the_page(solvers):
    """While werewolf searches a slow game the page keeps answering and
    says that it is running; Stop ends the run. The game is the slowest
    known (werewolf-slowest.in: N = 5000, twelve random speakers say
    "werewolf" and "human" in turn about random players, the rest "I am a
    human", M = 2500, L = 2511; 0.84 s native): judge-data's slowest,
    self-claims-n2000-no-answer, now ends in under 0.1 s, before the
    page can be seen running."""
    slow = Path(__file__).with_name("werewolf-slowest.in")
    panel = solvers.find_element(By.ID, "werewolf")
    solvers.execute_script(
        "document.getElementById('werewolf-input').value = arguments[0];"
        "document.getElementById('werewolf-args').value = '';",
        slow.read_text(),
    )
    panel.find_element(By.XPATH, ".//button[text()='Run']").click()
    status = panel.find_element(By.CSS_SELECTOR, "[role=status]")
    assert status.text == "Running…"
    began = time.monotonic()
    ticks = solvers.execute_async_script(
        "const done = arguments[0]; let n = 0;"
        "const t = setInterval(() => { if (++n === 20) { clearInterval(t); done(n); } }, 10);"
    )
    assert ticks == 20 and time.monotonic() - began < 1.0, "the page froze"
    assert status.text == "Running…"
    panel.find_element(By.XPATH, ".//button[text()='Stop']").click()
    wait_for(solvers, lambda _: status.text == "Stopped.")


def test_the_folder_fits_its_budget():
    size = sum(file.stat().st_size for file in SITE.rglob("*") if file.is_file())
    report_budget(f"target/web is {size} bytes ({size / 1e6:.2f} MB; budget {SIZE_BUDGET / 1e6} MB)")
    assert size <= SIZE_BUDGET


@pytest.mark.parametrize("page", PAGES)
def test_pages_are_ready_in_under_a_second(driver, server, page):
    times = []
    for _ in range(3):
        times.append(open_page(driver, page_url(server, page, "http")))
    report_budget(f"{page} ready in {min(times):.0f} ms (best of 3; budget {READY_BUDGET} ms)")
    assert min(times) < READY_BUDGET


@pytest.mark.parametrize("problem", BINARIES)
def test_each_solver_is_within_three_times_native(solvers, server, problem):
    """On the largest judge-data case of each problem, the page's run is
    within 3x the native process (best of 5 each, or of 10 when over, the page's time from the
    call to the answer, the native one of the whole process). "Largest" is
    taken two ways, both held to the budget: the largest input, and the
    case the native binary takes longest on (which for most problems is
    the largest game, not the longest file)."""
    cases = [case for case in all_cases() if case["problem"] == problem and case["input"]]
    inputs = {case["name"]: Path(case["input"]).read_bytes() for case in cases}
    largest = max(cases, key=lambda case: len(inputs[case["name"]]))
    slowest = max(cases, key=lambda case: best_native_ms(problem, case["args"], inputs[case["name"]], 1))
    for case in {largest["name"]: largest, slowest["name"]: slowest}.values():
        stdin = inputs[case["name"]]
        # Taken in turns, so that a load on the machine weighs on both alike;
        # five turns more when the first five are over the budget (werewolf's
        # slowest game runs at about 2.8x, close enough for a passing load
        # to tip it).
        native_ms = page_ms = float("inf")
        for turn in range(10):
            if turn == 5 and page_ms / max(native_ms, 1.0) <= SPEED_BUDGET:
                break
            native_ms = min(native_ms, best_native_ms(problem, case["args"], stdin, 1))
            page_ms = min(page_ms, run(solvers, problem, case["args"], input_path=case["input"], server=server)["ms"])
        ratio = page_ms / max(native_ms, 1.0)
        report_budget(
            f"{problem} {case['name']} ({len(stdin)} bytes): page {page_ms:.0f} ms,"
            f" native {native_ms:.0f} ms, {ratio:.2f}x (budget {SPEED_BUDGET}x)"
        )
        assert ratio <= SPEED_BUDGET


def best_native_ms(binary, args, stdin, times):
    """The native binary's best wall time over `times` runs, in ms."""
    best = float("inf")
    for _ in range(times):
        began = time.perf_counter()
        native(binary, args, stdin)
        best = min(best, (time.perf_counter() - began) * 1000)
    return best
