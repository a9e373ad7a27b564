"""The river page played in headless Chromium: hints followed to the end at
3 3 2, a crossing the rules refuse, Undo and Restart, a game under way from
the URL, and Solve at 1000 1000 4; every sentence the page shows is compared
with the native `river-crossing --play` on the same entries."""

import json
import time
import urllib.parse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import (
    report_budget,
    at_width,
    console_errors,
    fits_phone_width,
    native,
    open_page,
    page_url,
    run,
    screenshot,
    wait_for,
)

PROMPT = "move> "


@pytest.fixture
def river(driver, server):
    """Opens river.html with `query` and waits for the first answer."""

    def open_river(query="", how="http"):
        open_page(driver, page_url(server, "river.html", how) + query)
        wait_for(driver, lambda _: status(driver) != "")
        return driver

    yield open_river
    assert console_errors(driver) == []


def status(driver):
    return driver.find_element(By.ID, "river-status").text


def region(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"[role=region][aria-label='{name}']")


def figures(driver, name):
    """The accessible names of the figures drawn in a region, in order."""
    return [button.accessible_name for button in region(driver, name).find_elements(By.TAG_NAME, "button")]


def press(driver, name):
    """Presses a button and waits until the page has the engine's answer."""
    driver.find_element(By.XPATH, f"//button[text()='{name}']").click()
    wait_for(driver, lambda _: driver.find_element(By.CLASS_NAME, "river-scene").get_attribute("aria-busy") is None, 60)


def terminal_says(puzzle, entries):
    """What `river-crossing --play` answers to the last of `entries` (the
    puzzle's last lines when there is none), as the page shows it."""
    script = "".join(f"{line}\n" for line in [puzzle, *entries])
    out = native("river-crossing", ["--play"], script.encode())["stdout"]
    piece = out.split(PROMPT)[len(entries)]
    if not entries:
        piece = piece.split("`q` to quit.\n")[1]
    return piece.rstrip("\n")


def test_hints_followed_to_the_end_win_in_eleven_crossings(river):
    page = river("?p=3&d=3&c=2")
    assert status(page) == terminal_says("3 3 2", [])
    assert sorted(figures(page, "left bank")) == ["devil"] * 3 + ["priest"] * 3
    entries = []
    while "Everyone is across" not in status(page):
        press(page, "Hint")
        entries.append("h")
        assert status(page) == terminal_says("3 3 2", entries)
        boat = figures(page, "boat")
        entries.append(f"{boat.count('priest')} {boat.count('devil')}")
        press(page, "Cross")
        assert status(page) == terminal_says("3 3 2", entries)
        assert len(entries) <= 22, "the hints do not lead across"
    assert status(page).endswith("Everyone is across in 11 crossings, the fewest possible, with 11 hints.")
    assert sorted(figures(page, "right bank")) == ["devil"] * 3 + ["priest"] * 3
    assert figures(page, "left bank") == []
    for name in ["Cross", "Hint", "Solve"]:
        assert not page.find_element(By.XPATH, f"//button[text()='{name}']").is_enabled()
    screenshot(page, "river-won")


def test_an_unsafe_crossing_is_refused_and_nothing_moves(river):
    page = river()
    priest = region(page, "left bank").find_element(By.CSS_SELECTOR, "button[aria-label=priest]")
    priest.click()
    assert figures(page, "boat") == ["priest"]
    assert sorted(figures(page, "left bank")) == ["devil"] * 3 + ["priest"] * 2
    press(page, "Cross")
    assert status(page) == terminal_says("3 3 2", ["1 0"])
    assert status(page).startswith("Unsafe: the devils would outnumber the priests on the left bank")
    assert figures(page, "boat") == ["priest"]
    assert sorted(figures(page, "left bank")) == ["devil"] * 3 + ["priest"] * 2
    assert figures(page, "right bank") == []
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 0"
    # The priest goes back ashore when clicked in the boat.
    region(page, "boat").find_element(By.TAG_NAME, "button").click()
    assert figures(page, "boat") == []


def test_undo_takes_back_a_crossing_and_restart_the_game(river):
    page = river()
    for kind in ["priest", "devil"]:
        region(page, "left bank").find_element(By.CSS_SELECTOR, f"button[aria-label={kind}]").click()
    press(page, "Cross")
    assert sorted(figures(page, "right bank")) == ["devil", "priest"]
    region(page, "right bank").find_element(By.CSS_SELECTOR, "button[aria-label=priest]").click()
    press(page, "Cross")
    press(page, "Hint")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 2"
    press(page, "Undo")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 1"
    assert sorted(figures(page, "right bank")) == ["devil", "priest"]
    assert status(page) == terminal_says("3 3 2", ["1 1"])
    press(page, "Undo")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 0"
    assert not page.find_element(By.XPATH, "//button[text()='Undo']").is_enabled()
    region(page, "left bank").find_element(By.CSS_SELECTOR, "button[aria-label=devil]").click()
    press(page, "Cross")
    press(page, "Restart")
    assert status(page) == terminal_says("3 3 2", [])
    assert sorted(figures(page, "left bank")) == ["devil"] * 3 + ["priest"] * 3
    assert figures(page, "boat") == []


def test_the_game_is_played_by_keyboard(river):
    page = river()
    region(page, "left bank").find_element(By.CSS_SELECTOR, "button[aria-label=devil]").click()
    # Enter on a focused figure boards it, and the focus stays on the bank.
    ActionChains(page).send_keys(Keys.ENTER).perform()
    assert figures(page, "boat") == ["devil", "devil"]
    focused = page.switch_to.active_element
    assert focused.accessible_name == "devil"
    assert page.execute_script("return document.activeElement.closest('[role=region]').getAttribute('aria-label')") == "left bank"
    # Tab reaches the boat's figures and then Cross.
    for _ in range(20):
        ActionChains(page).send_keys(Keys.TAB).perform()
        if page.switch_to.active_element.text == "Cross":
            break
    ActionChains(page).send_keys(Keys.ENTER).perform()
    wait_for(page, lambda _: page.find_element(By.ID, "river-crossings").text == "Crossings: 1")
    assert status(page) == terminal_says("3 3 2", ["0 2"])


def test_a_game_under_way_comes_from_the_url(river):
    page = river("?p=3&d=3&c=2&state=2,2,R")
    assert sorted(figures(page, "right bank")) == ["devil", "priest"]
    assert status(page) == terminal_says("3 3 2 2 2 R", [])
    assert page.find_element(By.ID, "river-p").get_attribute("value") == "3"
    assert page.find_element(By.ID, "river-state").get_attribute("value") == "2,2,R"
    lost = river("?p=3&d=3&c=2&state=1,2,L")
    assert status(lost) == terminal_says("3 3 2 1 2 L", [])
    assert "this game is lost" in status(lost)


def test_a_bad_puzzle_shows_the_engines_error(river):
    page = river("?p=2000")
    expected = native("games", ["--river"], b"2000 3 2\n")
    assert expected["status"] == 1
    assert status(page) == expected["stderr"].strip()


def test_solve_at_1000_1000_4_reaches_the_end(river):
    page = river("?p=1000&d=1000&c=4")
    # A few figures, and the counts beside them.
    assert sorted(figures(page, "left bank")) == ["devil"] * 5 + ["priest"] * 5
    assert "priests 1000 · devils 1000" in region(page, "left bank").text
    at_width(page, 390)
    assert fits_phone_width(page)
    screenshot(page, "river-1000-phone")
    at_width(page, 1280)
    began = time.monotonic()
    page.find_element(By.XPATH, "//button[text()='Solve']").click()
    wait_for(page, lambda _: "Everyone is across" in status(page), 60)
    seconds = time.monotonic() - began
    report_budget(f"Solve at 1000 1000 4 took {seconds:.1f} s (budget 15 s)")
    assert status(page).endswith("Everyone is across in 1997 crossings, the fewest possible.")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 1997"
    assert figures(page, "left bank") == []
    assert seconds < 15
    screenshot(page, "river-1000-solved")


@pytest.mark.parametrize("puzzle", ["3 3 2", "1000 1000 4"])
def test_a_request_costs_little_in_the_page_and_natively(river, puzzle):
    """One request replaying a whole game (the canonical plan's crossings),
    in the page and natively, best of 3."""
    page = river()
    plan = json.loads(run(page, "games", ["--river"], f"{puzzle}\nsolve\n")["stdout"])["plan"]
    request = f"{puzzle}\n" + "".join(f"{step['load']['priests']} {step['load']['devils']}\n" for step in plan)
    page_ms = [run(page, "games", ["--river"], request)["ms"] for _ in range(3)]
    native_ms = []
    for _ in range(3):
        began = time.perf_counter()
        done = native("games", ["--river"], request.encode())
        native_ms.append((time.perf_counter() - began) * 1000)
    assert '"over":true' in done["stdout"]
    report_budget(
        f"games --river at {puzzle} replaying {len(plan)} crossings:"
        f" page {min(page_ms):.0f} ms, native {min(native_ms):.0f} ms (budget 1000 ms)"
    )
    assert min(page_ms) < 1000


def test_the_address_keeps_the_game_and_a_reload_restores_it(river, driver):
    page = river()
    press(page, "Hint")
    press(page, "Cross")
    region(page, "right bank").find_element(By.CSS_SELECTOR, "button[aria-label=priest]").click()
    press(page, "Cross")
    query = page.execute_script("return location.search")
    assert query == "?p=3&d=3&c=2&play=h,1:1,1:0"
    said = status(page)
    assert said == terminal_says("3 3 2", ["h", "1 1", "1 0"])
    page.refresh()
    wait_for(page, lambda _: status(page) != "")
    wait_for(page, lambda _: page.find_element(By.CLASS_NAME, "river-scene").get_attribute("aria-busy") is None)
    assert status(page) == said
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 2"
    # The hint asked before the first crossing still counts at the end.
    press(page, "Solve")
    wait_for(page, lambda _: "Everyone is across" in status(page))
    play = urllib.parse.parse_qs(page.execute_script("return location.search")[1:])["play"][0].split(",")
    assert play[:3] == ["h", "1:1", "1:0"] and len(play) == 12
    assert status(page) == terminal_says("3 3 2", [entry.replace(":", " ") for entry in play])
    assert "hint" in status(page)


def test_redo_brings_back_what_undo_took(river):
    page = river()
    for kind in ["priest", "devil"]:
        region(page, "left bank").find_element(By.CSS_SELECTOR, f"button[aria-label={kind}]").click()
    press(page, "Cross")
    region(page, "right bank").find_element(By.CSS_SELECTOR, "button[aria-label=priest]").click()
    press(page, "Cross")
    assert not page.find_element(By.ID, "river-redo").is_enabled()
    press(page, "Undo")
    press(page, "Undo")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 0"
    press(page, "Redo")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 1"
    press(page, "Redo")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 2"
    assert status(page) == terminal_says("3 3 2", ["1 1", "1 0"])
    assert not page.find_element(By.ID, "river-redo").is_enabled()
    # A new crossing after an Undo forgets what Redo could bring back.
    # (A refused one keeps it: the devil alone may not go back.)
    press(page, "Undo")
    region(page, "right bank").find_element(By.CSS_SELECTOR, "button[aria-label=devil]").click()
    press(page, "Cross")
    assert status(page) == terminal_says("3 3 2", ["1 1", "0 1"])
    assert status(page).startswith("Unsafe")
    assert page.find_element(By.ID, "river-redo").is_enabled()
    region(page, "boat").find_element(By.TAG_NAME, "button").click()
    for kind in ["priest", "devil"]:
        region(page, "right bank").find_element(By.CSS_SELECTOR, f"button[aria-label={kind}]").click()
    press(page, "Cross")
    assert status(page) == terminal_says("3 3 2", ["1 1", "1 1"])
    assert not page.find_element(By.ID, "river-redo").is_enabled()


def test_solve_can_be_stopped_and_undone(river):
    page = river("?p=1000&d=1000&c=4")
    solve = page.find_element(By.ID, "river-solve")
    solve.click()
    wait_for(page, lambda _: solve.text == "Stop")
    wait_for(page, lambda _: int(page.find_element(By.ID, "river-crossings").text.split()[-1]) >= 20)
    solve.click()
    wait_for(page, lambda _: solve.text == "Solve" and page.find_element(By.CLASS_NAME, "river-scene").get_attribute("aria-busy") is None)
    crossings = int(page.find_element(By.ID, "river-crossings").text.split()[-1])
    assert 20 <= crossings < 1997
    # The crossings shown are the game's: the address replays them.
    play = urllib.parse.parse_qs(page.execute_script("return location.search")[1:])["play"][0].split(",")
    assert len(play) == crossings
    assert status(page) == terminal_says("1000 1000 4", [entry.replace(":", " ") for entry in play])
    press(page, "Undo")
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 0"
    assert page.execute_script("return location.search") == "?p=1000&d=1000&c=4"
    press(page, "Redo")
    assert page.find_element(By.ID, "river-crossings").text == f"Crossings: {crossings}"


def test_the_keys_every_game_page_answers(river):
    page = river()
    body = page.find_element(By.TAG_NAME, "body")
    body.send_keys("h")
    wait_for(page, lambda _: figures(page, "boat") != [])
    assert status(page) == terminal_says("3 3 2", ["h"])
    page.find_element(By.ID, "river-cross").click()
    wait_for(page, lambda _: page.find_element(By.ID, "river-crossings").text == "Crossings: 1")
    body.send_keys("u")
    wait_for(page, lambda _: page.find_element(By.ID, "river-crossings").text == "Crossings: 0")
    body.send_keys("r")
    wait_for(page, lambda _: page.find_element(By.ID, "river-crossings").text == "Crossings: 1")
    ActionChains(page).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait_for(page, lambda _: page.find_element(By.ID, "river-crossings").text == "Crossings: 0")
    # A key typed into a field is the field's.
    field = page.find_element(By.ID, "river-p")
    field.send_keys("u")
    assert field.get_attribute("value") == "3u"
    assert page.find_element(By.ID, "river-crossings").text == "Crossings: 0"


def test_a_bad_address_shows_the_error_and_a_way_back(river):
    page = river("?p=3&d=3&c=2&play=1:1,zz")
    expected = native("games", ["--river"], b"3 3 2\n1 1\nzz\n")
    if expected["status"] == 0:
        # The terminal refuses the entry in its own words and goes on.
        assert status(page) == terminal_says("3 3 2", ["1 1", "zz"])
    else:
        assert status(page) == expected["stderr"].split("\n")[0]
    page = river("?p=abc")
    expected = native("games", ["--river"], b"abc 3 2\n")
    assert expected["status"] == 1
    assert status(page) == expected["stderr"].split("\n")[0]
    back = page.find_element(By.CSS_SELECTOR, "#river-error a")
    assert back.text == "Start a new game"
    back.click()
    wait_for(page, lambda _: "Crossings: 0" == page.find_element(By.ID, "river-crossings").text)
    assert status(page) == terminal_says("3 3 2", [])


# ---- "How it's solved": the state graph --------------------------------
#
# Checked against a breadth-first search of the test's own, which tries
# every load from every state: the states a game from the start visits
# (the goal not searched from), their distances from the start and to the
# goal, the crossings between them, and the canonical plan (the neighbour
# one crossing closer with the fewest priests, then devils, on the left).


def safe(puzzle, state):
    big_p, big_d, _ = puzzle
    p, d, _ = state
    return (p == 0 or p >= d) and (big_p - p == 0 or big_p - p >= big_d - d)


def crossings_from(puzzle, state):
    big_p, big_d, capacity = puzzle
    p, d, bank = state
    here = (p, d) if bank == "L" else (big_p - p, big_d - d)
    found = []
    for a in range(here[0] + 1):
        for b in range(here[1] + 1):
            if 1 <= a + b <= capacity:
                sign = -1 if bank == "L" else 1
                nxt = (p + sign * a, d + sign * b, "R" if bank == "L" else "L")
                if safe(puzzle, nxt):
                    found.append(nxt)
    return sorted(found)


def breadth_first(puzzle, start, stop=None):
    """Crossings from `start` to every state it reaches (`stop` and lost
    states not searched from)."""
    seen = {start: 0}
    queue = [start]
    for state in queue:
        if state == stop or not safe(puzzle, state):
            continue
        for nxt in crossings_from(puzzle, state):
            if nxt not in seen:
                seen[nxt] = seen[state] + 1
                queue.append(nxt)
    return seen


def name(state):
    return f"{state[0]},{state[1]},{state[2]}"


def canonical_plan(puzzle, now, to_goal):
    if now not in to_goal:
        return []
    plan = [now]
    while to_goal[plan[-1]] > 0:
        plan.append(min(s for s in crossings_from(puzzle, plan[-1]) if to_goal.get(s) == to_goal[plan[-1]] - 1))
    return plan


def open_graph(page):
    """Opens "How it's solved", which is closed at the start."""
    panel = page.find_element(By.ID, "river-solved")
    assert panel.get_attribute("open") is None
    assert not page.find_element(By.CSS_SELECTOR, "svg[aria-label='state graph']").is_displayed()
    panel.find_element(By.TAG_NAME, "summary").click()
    return page.find_element(By.CSS_SELECTOR, "svg[aria-label='state graph']")


def drawn(svg):
    """The drawn states (name -> the x of its column), the crossings (as
    from-to pairs), the state now, and the plan's crossings by step."""
    states = {}
    for node in svg.find_elements(By.CSS_SELECTOR, "[data-state]"):
        box = node.find_element(By.TAG_NAME, "rect")
        states[node.get_attribute("data-state")] = float(box.get_attribute("x"))
    pairs = [(line.get_attribute("data-from"), line.get_attribute("data-to"))
             for line in svg.find_elements(By.CSS_SELECTOR, "[data-from]")]
    now = [node.get_attribute("data-state") for node in svg.find_elements(By.CSS_SELECTOR, "[aria-current=true]")]
    plan = {int(line.get_attribute("data-plan")): (line.get_attribute("data-from"), line.get_attribute("data-to"))
            for line in svg.find_elements(By.CSS_SELECTOR, "[data-plan]")}
    return states, pairs, now, plan


def check_graph(page, puzzle, start, now):
    """The page's state graph is the test's own search, for a game of
    `puzzle` from `start` that stands at `now`."""
    svg = page.find_element(By.CSS_SELECTOR, "svg[aria-label='state graph']")
    layers = breadth_first(puzzle, start, stop=(0, 0, "R"))
    to_goal = breadth_first(puzzle, (0, 0, "R")) if safe(puzzle, (0, 0, "R")) else {}
    states, pairs, current, plan = drawn(svg)
    assert set(states) == {name(s) for s in layers}
    # Columns by distance from the start: the same column for the same
    # distance, farther columns further right.
    for a in layers:
        for b in layers:
            assert (states[name(a)] == states[name(b)]) == (layers[a] == layers[b])
            if layers[a] < layers[b]:
                assert states[name(a)] < states[name(b)]
    # Every pair of drawn states a crossing joins (in either direction).
    expected = {frozenset((name(a), name(b))) for a in layers for b in layers
                if b in crossings_from(puzzle, a) or a in crossings_from(puzzle, b)}
    assert len(pairs) == len(set(map(frozenset, pairs))), "a crossing drawn twice"
    assert set(map(frozenset, pairs)) == expected
    assert current == [name(now)]
    route = canonical_plan(puzzle, now, to_goal)
    assert [frozenset(plan[step]) for step in sorted(plan)] == [
        frozenset((name(a), name(b))) for a, b in zip(route, route[1:])]
    assert sorted(plan) == list(range(1, len(route)))
    # Focusing a state tells its distance to the goal.
    for state in list(layers)[:4]:
        node = svg.find_element(By.CSS_SELECTOR, f"[data-state='{name(state)}']")
        page.execute_script("arguments[0].focus()", node)
        said = page.find_element(By.ID, "river-graph-said").text
        if state in to_goal:
            assert f": {to_goal[state]} crossing" in said, said
        else:
            assert "the goal cannot be reached from here" in said, said
            assert "×" in node.text


@pytest.mark.parametrize(
    "query, puzzle, start",
    [
        ("?p=3&d=3&c=2", (3, 3, 2), (3, 3, "L")),
        ("?p=4&d=4&c=3", (4, 4, 3), (4, 4, "L")),
        ("?p=4&d=4&c=2", (4, 4, 2), (4, 4, "L")),
        ("?p=5&d=3&c=2&state=4,2,R", (5, 3, 2), (4, 2, "R")),
        ("?p=3&d=3&c=2&state=1,2,L", (3, 3, 2), (1, 2, "L")),
    ],
)
def test_the_state_graph_is_a_breadth_first_search_of_the_tests_own(river, query, puzzle, start):
    page = river(query)
    open_graph(page)
    check_graph(page, puzzle, start, start)


def test_the_state_graph_follows_the_game_undo_and_redo(river):
    page = river("?p=3&d=3&c=2", how="file")
    open_graph(page)
    for kind in ["priest", "devil"]:
        region(page, "left bank").find_element(By.CSS_SELECTOR, f"button[aria-label={kind}]").click()
    press(page, "Cross")
    check_graph(page, (3, 3, 2), (3, 3, "L"), (2, 2, "R"))
    press(page, "Undo")
    check_graph(page, (3, 3, 2), (3, 3, "L"), (3, 3, "L"))
    press(page, "Redo")
    check_graph(page, (3, 3, 2), (3, 3, "L"), (2, 2, "R"))
    region(page, "right bank").find_element(By.CSS_SELECTOR, "button[aria-label=priest]").click()
    press(page, "Cross")
    check_graph(page, (3, 3, 2), (3, 3, "L"), (3, 2, "L"))
    # At a phone's width the graph scrolls inside its own box.
    at_width(page, 360)
    try:
        assert fits_phone_width(page)
    finally:
        page.set_window_size(1200, 900)
    screenshot(page, "river-solved")


def test_a_large_river_gets_the_summary_not_a_frozen_page(river):
    page = river("?p=20&d=20&c=5")
    svg = open_graph(page)
    layers = breadth_first((20, 20, 5), (20, 20, "L"), stop=(0, 0, "R"))
    sizes = [0] * (max(layers.values()) + 1)
    for distance in layers.values():
        sizes[distance] += 1
    assert "too many" in page.find_element(By.ID, "river-graph-caption").text
    bars = page.find_elements(By.CSS_SELECTOR, "#river-graph-layers [data-layer]")
    assert [int(bar.get_attribute("data-count")) for bar in bars] == sizes
    # The neighbourhood of the state now: it and every state one crossing away.
    states, pairs, now, _ = drawn(svg)
    start = (20, 20, "L")
    assert now == [name(start)]
    assert set(states) == {name(start)} | {name(s) for s in crossings_from((20, 20, 5), start)}
    assert {frozenset(pair) for pair in pairs} == {
        frozenset((name(start), name(s))) for s in crossings_from((20, 20, 5), start)}
    # The largest river answers at once, with a bounded neighbourhood.
    page = river("?p=1000&d=1000&c=1000")
    svg = open_graph(page)
    began = time.perf_counter()
    press(page, "Hint")
    elapsed = time.perf_counter() - began
    report_budget(f"river: a hint at 1000 1000 1000 with the state graph's summary took {elapsed * 1000:.0f} ms")
    assert elapsed < 5
    states, _, _, _ = drawn(svg)
    assert len(states) == 25
    assert "the first 24 drawn" in page.find_element(By.ID, "river-graph-caption").text
