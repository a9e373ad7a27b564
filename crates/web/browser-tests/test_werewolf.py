"""The werewolf page in headless Chromium: a generated puzzle has exactly one
answer by a brute force written here (every subset of the players), Check
accepts it and refuses other markings with a reason; Hint, Solve, Undo and
Redo, by mouse and keyboard; the address restores a marking; an entered
puzzle gives its number of answers and the native `werewolf` binary's line;
a bad address shows the engine's error and a way back; the generation time
of every preset in the page, and of N = 40 and N = 100 at several M and L;
the large presets' one answer by a subset-sum count written here."""

import itertools
import json
import math
import re
import time
import urllib.parse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import (
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

PRESETS = [(5, 2, 2), (8, 2, 3), (10, 3, 4), (12, 3, 4), (14, 4, 5), (16, 4, 6)]
# Too large for every subset: their one answer is counted by weights.
LARGE_PRESETS = [(40, 13, 17), (100, 30, 40)]
LEVEL_PRESETS = [
    (8, 2, 3, "easy"),
    (16, 4, 6, "easy"),
    (8, 2, 3, "hard"),
    (12, 3, 4, "hard"),
    (16, 4, 5, "hard"),
    (40, 8, 12, "hard"),
    (100, 20, 30, "hard"),
]
SENTENCE = re.compile(r"Player (\d+) says: player (\d+) is a (werewolf|human)\.")


@pytest.fixture
def werewolf(driver, server):
    """Opens werewolf.html with `query` and waits for the engine's answer."""

    def open_werewolf(query="", how="http"):
        open_page(driver, page_url(server, "werewolf.html", how) + query)
        wait_for(driver, lambda _: status(driver) != "" and not busy(driver))
        return driver

    yield open_werewolf
    assert console_errors(driver) == []


def status(driver):
    return driver.find_element(By.ID, "ww-status").text


def busy(driver):
    return driver.find_element(By.ID, "ww-players").get_attribute("aria-busy") is not None


def press(driver, name):
    driver.find_element(By.XPATH, f"//button[text()='{name}']").click()
    wait_for(driver, lambda _: not busy(driver))


def statements(driver):
    """The statements drawn, as (speaker, about, claims_werewolf), from 1."""
    found = []
    for item in driver.find_elements(By.CSS_SELECTOR, "#ww-players .ww-said"):
        speaker, about, role = SENTENCE.fullmatch(item.text).groups()
        found.append((int(speaker), int(about), role == "werewolf"))
    return found


def puzzle(driver):
    return tuple(int(driver.find_element(By.ID, f"ww-{k}").text) for k in "nml")


def valid_sets(players, werewolves, liars, said):
    """Every valid set, by the definition: all subsets of the players."""
    found = []
    for wolves in itertools.combinations(range(1, players + 1), werewolves):
        wolf = set(wolves)
        lies = {speaker: (about in wolf) != claims for speaker, about, claims in said}
        if (
            sum(lies.values()) == liars
            and any(lies[p] for p in wolf)
            and any(not lies[p] for p in wolf)
        ):
            found.append(wolf)
    return found


def pressed(driver):
    return {
        int(button.get_attribute("data-player"))
        for button in driver.find_elements(By.CSS_SELECTOR, "button.ww-player")
        if button.get_attribute("aria-pressed") == "true"
    }


def player(driver, number):
    return driver.find_element(By.CSS_SELECTOR, f"button.ww-player[aria-label='player {number}']")


def the_answer(driver):
    n, m, l = puzzle(driver)
    answers = valid_sets(n, m, l, statements(driver))
    assert len(answers) == 1, answers
    return answers[0]


def sets_with_the_counts(players, werewolves, liars, said):
    """The sets of M players making exactly L false statements, counted by
    weights (a set's false statements are the "werewolf" claims plus its
    players' weights, "human" less "werewolf" claims about each): a plain
    DP over the players by (count, sum), no witness condition."""
    weights, claims = weights_of(players, said)
    ways = {(0, 0): 1}
    for p in range(1, players + 1):
        grown = dict(ways)
        for (count, total), number in ways.items():
            if count < werewolves:
                key = (count + 1, total + weights[p])
                grown[key] = grown.get(key, 0) + number
        ways = grown
    return ways.get((werewolves, liars - claims), 0)


def the_large_answer(driver):
    """The one answer of a puzzle too large for every subset: the native
    binary's werewolves form a valid set, and either no other set of M
    players makes L false statements (counted here) or the crate's count,
    which the Rust tests check against every subset, says one."""
    n, m, l = puzzle(driver)
    said = statements(driver)
    judge = f"{n} {m} {l}\n" + "".join(f"{'-' if claims else '+'}{about}\n" for _, about, claims in said)
    printed = native("werewolf", [], judge.encode())["stdout"].split()
    wolves = {int(player) for player in printed}
    assert is_valid(m, l, said, wolves), printed
    if sets_with_the_counts(n, m, l, said) != 1:
        counted = json.loads(native("games", ["--werewolf"], f"judge\n{judge}".encode())["stdout"])
        assert counted["answers"] == 1, counted
    return wolves


def mark(driver, players):
    for number in sorted(players):
        player(driver, number).click()
        wait_for(driver, lambda _: not busy(driver))


@pytest.mark.parametrize("query", ["?n=8&m=2&l=3&seed=42", "?n=16&m=4&l=6&seed=20261128", ""])
def test_a_generated_puzzle_has_one_answer_and_check_accepts_only_it(werewolf, query):
    page = werewolf(query)
    answer = the_answer(page)
    assert len(statements(page)) == puzzle(page)[0]
    # A wrong marking first: one werewolf missing.
    mark(page, sorted(answer)[1:])
    press(page, "Check")
    assert "Solved" not in status(page)
    assert "marked as werewolves" in status(page) or "marked as a werewolf" in status(page)
    mark(page, sorted(answer)[:1])
    assert pressed(page) == answer
    press(page, "Check")
    assert status(page) == "Solved."
    # One human more: refused, with the count against M.
    human = min(set(range(1, puzzle(page)[0] + 1)) - answer)
    mark(page, [human])
    press(page, "Check")
    assert f"{len(answer) + 1} players are marked as werewolves, and there are exactly {len(answer)}" in status(page)


def test_seeds_not_seen_give_one_answer_in_every_preset(werewolf):
    for n, m, l in PRESETS + LARGE_PRESETS:
        seed = int(time.time() * 1000) % 1000003 + n
        page = werewolf(f"?n={n}&m={m}&l={l}&seed={seed}")
        assert puzzle(page) == (n, m, l)
        if n <= 16:
            the_answer(page)
        else:
            the_large_answer(page)


def test_the_page_offers_every_preset_and_the_large_ones_have_one_answer(werewolf):
    page = werewolf()
    offered = []
    for link in page.find_elements(By.CSS_SELECTOR, "#ww-presets a"):
        query = urllib.parse.parse_qs(urllib.parse.urlparse(link.get_attribute("href")).query)
        offered.append(tuple(int(query[k][0]) for k in "nml"))
    assert offered == PRESETS + LARGE_PRESETS
    for n, m, l in LARGE_PRESETS:
        page = werewolf(f"?n={n}&m={m}&l={l}&seed=1")
        answer = the_large_answer(page)
        mark(page, answer)
        press(page, "Check")
        assert status(page) == "Solved."


def test_a_level_preset_gives_its_grade_the_steps_and_one_answer(werewolf):
    page = werewolf()
    links = [link.get_attribute("href") for link in page.find_elements(By.CSS_SELECTOR, "#ww-levels a")]
    assert len(links) == len(LEVEL_PRESETS)
    for link, (n, m, l, level) in zip(links, LEVEL_PRESETS):
        query = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
        assert (int(query["n"][0]), int(query["m"][0]), int(query["l"][0]), query["level"][0]) == (n, m, l, level)
        page = werewolf("?" + urllib.parse.urlparse(link).query)
        if n <= 16:
            the_answer(page)
        else:
            the_large_answer(page)
        engine = json.loads(native("games", ["--werewolf"], f"new {n} {m} {l} {query['seed'][0]} {level}\n".encode())["stdout"])
        # A preset gives its level (a form value may not: then the note).
        assert engine["note"] is None and engine["level"] == level, engine["note"]
        assert not page.find_element(By.ID, "ww-note").is_displayed()
        open_how(page)
        said = page.find_element(By.ID, "ww-level").text
        assert said.startswith({"easy": "Easy:", "hard": "Hard:"}[engine["level"]]), said
        items = page.find_elements(By.CSS_SELECTOR, "#ww-steps li")
        assert [item.text for item in items] == [step["sentence"] for step in engine["steps"]]
        splits = ["ww-split" in (item.get_attribute("class") or "") for item in items]
        assert splits == [step["case_split"] for step in engine["steps"]]
        assert any(splits) == (engine["level"] == "hard")
        assert page.find_element(By.ID, "ww-form-level").get_attribute("value") == level
    # No hard puzzle is found there: the easy one, with the engine's note.
    page = werewolf("?n=40&m=13&l=17&seed=1&level=hard")
    engine = json.loads(native("games", ["--werewolf"], b"new 40 13 17 1 hard\n")["stdout"])
    assert engine["note"].startswith("no hard puzzle was found")
    note = page.find_element(By.ID, "ww-note")
    assert note.is_displayed() and note.text == engine["note"]
    the_large_answer(page)


def test_hint_solve_undo_and_redo(werewolf):
    page = werewolf("?n=10&m=3&l=4&seed=7")
    answer = the_answer(page)
    press(page, "Hint")
    first = min(answer)
    assert status(page) == f"Hint: Player {first} is a werewolf."
    # A human marked wrongly is hinted when it is the lowest player marked wrong.
    human = min(set(range(1, 11)) - answer)
    mark(page, [human])
    press(page, "Hint")
    lowest = min(human, first)
    role = "a werewolf" if lowest in answer else "a human"
    assert status(page) == f"Hint: Player {lowest} is {role}."
    press(page, "Solve")
    assert pressed(page) == answer
    press(page, "Check")
    assert status(page) == "Solved."
    press(page, "Undo")
    assert pressed(page) == {human}
    press(page, "Redo")
    assert pressed(page) == answer
    press(page, "Restart")
    assert pressed(page) == set()


def test_the_game_is_played_by_keyboard(werewolf):
    page = werewolf("?n=8&m=2&l=3&seed=42")
    answer = the_answer(page)
    player(page, 1).send_keys(Keys.ENTER)
    wait_for(page, lambda _: pressed(page) == {1})
    # Tab goes from a player's button to the next player's.
    ActionChains(page).send_keys(Keys.TAB).perform()
    assert page.switch_to.active_element.accessible_name == "player 2"
    ActionChains(page).send_keys(Keys.SPACE).perform()
    wait_for(page, lambda _: pressed(page) == {1, 2} and not busy(page))
    ActionChains(page).send_keys("u").perform()
    wait_for(page, lambda _: pressed(page) == {1} and not busy(page))
    ActionChains(page).send_keys("r").perform()
    wait_for(page, lambda _: pressed(page) == {1, 2} and not busy(page))
    ActionChains(page).send_keys("s").perform()
    wait_for(page, lambda _: pressed(page) == answer and not busy(page))
    ActionChains(page).send_keys("u").perform()
    wait_for(page, lambda _: pressed(page) == {1, 2} and not busy(page))
    ActionChains(page).send_keys("h").perform()
    wait_for(page, lambda _: status(page).startswith("Hint: Player"))
    ActionChains(page).send_keys(Keys.ESCAPE).perform()
    wait_for(page, lambda _: pressed(page) == set() and not busy(page))
    seed = page.find_element(By.ID, "ww-form-seed").get_attribute("value")
    ActionChains(page).send_keys("n").perform()
    wait_for(page, lambda _: page.find_element(By.ID, "ww-form-seed").get_attribute("value") != seed and not busy(page))
    the_answer(page)


@pytest.mark.parametrize("how", ["http", "file"])
def test_the_address_restores_the_marking(werewolf, how):
    page = werewolf("?n=12&m=3&l=4&seed=5", how)
    mark(page, [2, 7])
    mark(page, [2])
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(page.current_url).query)
    assert query == {"n": ["12"], "m": ["3"], "l": ["4"], "seed": ["5"], "marks": ["2,7,2"]}
    sentences = statements(page)
    page.refresh()
    wait_for(page, lambda _: status(page) != "" and not busy(page))
    assert pressed(page) == {7}
    assert statements(page) == sentences
    # Undo still works after the reload: the moves came back, not only the marks.
    press(page, "Undo")
    assert pressed(page) == {2, 7}


def test_an_entered_puzzle_says_how_many_answers_and_the_judges_line(werewolf):
    page = werewolf()
    text = "6 2 3\n-2\n+3\n-4\n+5\n+4\n-3\n"
    box = page.find_element(By.ID, "ww-input")
    box.clear()
    box.send_keys(text)
    page.find_element(By.ID, "ww-count").click()
    line = page.find_element(By.ID, "ww-entered")
    wait_for(page, lambda _: line.text != "")
    said = [(i + 1, abs(int(s)), s.startswith("-")) for i, s in enumerate(text.split()[3:])]
    count = len(valid_sets(6, 2, 3, said))
    printed = native("werewolf", [], text.encode())["stdout"].strip()
    assert count == 3 and printed == "6 4"
    assert line.text == f"This puzzle has {count} answers. The judge prints: {printed}"
    # A puzzle the binary refuses: its error line.
    bad = "5 2 2\n-2\n+3\n-9\n+5\n+4\n"
    box.clear()
    box.send_keys(bad)
    page.find_element(By.ID, "ww-count").click()
    expected = native("werewolf", [], bad.encode())["stderr"].strip()
    wait_for(page, lambda _: line.text == expected)


@pytest.mark.parametrize("query", ["?n=2", "?n=8&m=2&l=3&seed=abc", "?n=8&m=9", "?n=8&marks=3,99"])
def test_a_bad_address_shows_the_engines_error_and_a_way_back(werewolf, query):
    page = werewolf(query)
    box = page.find_element(By.ID, "ww-error")
    assert box.is_displayed()
    params = urllib.parse.parse_qs(query[1:])
    get = lambda k, d: params.get(k, [d])[0]
    request = f"new {get('n', '8')} {get('m', '2')} {get('l', '3')} {get('seed', '42')}\n{get('marks', '').replace(',', ' ')}\n\n"
    expected = native("games", ["--werewolf"], request.encode())
    assert expected["status"] == 1
    assert box.find_element(By.TAG_NAME, "code").text == expected["stderr"].strip()
    link = box.find_element(By.LINK_TEXT, "Start a new game")
    link.click()
    wait_for(page, lambda _: status(page) != "" and not busy(page) and not page.find_element(By.ID, "ww-error").is_displayed())
    the_answer(page)


def test_the_page_fits_a_phone_and_names_every_control(werewolf, driver):
    page = werewolf("?n=16&m=4&l=6&seed=1")
    assert unnamed_controls(page) == []
    at_width(page, 390)
    page.find_element(By.TAG_NAME, "summary").click()
    assert fits_phone_width(page)
    screenshot(page, "werewolf-phone")
    at_width(page, 1000)
    page.find_element(By.ID, "ww-count").click()
    wait_for(page, lambda _: page.find_element(By.ID, "ww-entered").text != "")
    screenshot(page, "werewolf")
    at_width(page, 1280)


def test_generation_takes_under_a_fifth_of_a_second_in_the_page(werewolf):
    page = werewolf()
    requests = [(n, m, l, "") for n, m, l in PRESETS + LARGE_PRESETS] + [
        (n, m, l, f" {level}") for n, m, l, level in LEVEL_PRESETS
    ]
    for n, m, l, level in requests:
        times = []
        for seed in range(1, 11):
            best = min(
                run(page, "games", ["--werewolf"], f"new {n} {m} {l} {seed}{level}\n")["ms"] for _ in range(3)
            )
            times.append(best)
        report_budget(f"werewolf: generating {n} {m} {l}{level}, seeds 1-10, in the page: median {sorted(times)[5]:.0f} ms, slowest {max(times):.0f} ms (budget: median 200 ms, slowest 1 s)")
        assert sorted(times)[5] < 200 and max(times) < 1000


@pytest.mark.parametrize("n", [40, 100])
def test_every_size_is_generated_or_refused_at_once_in_the_page(werewolf, n):
    """A grid of M and L: each request gives a puzzle or the engine's
    refusal, median under 0.2 s and none over 1 s."""
    page = werewolf()
    times, refused = [], []
    for m in sorted({2, n // 4, n // 3, n // 2 - 1, n // 2, 2 * n // 3, n - 2}):
        for l in sorted({1, n // 4, n // 3, n // 2 - 1, n // 2, 2 * n // 3, n - 1}):
            result = run(page, "games", ["--werewolf"], f"new {n} {m} {l} 1\n")
            times.append(result["ms"])
            if result["status"] != 0:
                assert "no puzzle" in result["stderr"], result
                refused.append((m, l))
            else:
                assert json.loads(result["stdout"])["puzzle"]["players"] == n
    median = sorted(times)[len(times) // 2]
    report_budget(f"werewolf: generating N = {n}, {len(times)} values of M and L, seed 1, in the page: median {median:.0f} ms, slowest {max(times):.0f} ms, {len(refused)} refused {refused} (budget: median 200 ms, slowest 1 s)")
    assert median < 200 and max(times) < 1000
    assert len(refused) < len(times) // 4


def figure(driver):
    return driver.find_element(By.CSS_SELECTOR, "svg[aria-label='weights']")


def open_how(driver):
    how = driver.find_element(By.ID, "ww-how")
    if how.get_attribute("open") is None:
        how.find_element(By.TAG_NAME, "summary").click()
    return figure(driver)


def weights_of(players, said):
    """Each player's weight, "human" minus "werewolf" claims, and B."""
    weights = {p: 0 for p in range(1, players + 1)}
    for _, about, claims in said:
        weights[about] += -1 if claims else 1
    return weights, sum(1 for _, _, claims in said if claims)


def prefix_tables(players, werewolves, weights, claims):
    """A plain subset-sum DP over the lowest players: for each (count,
    liars) pair with count <= M, the fewest lowest players that make it, and
    the pairs of all N + 1 prefix tables added up."""
    reach = {(0, claims)}
    first = {(0, claims): 0}
    filled = 1
    for k in range(1, players + 1):
        reach |= {(c + 1, s + weights[k]) for c, s in reach if c < werewolves}
        for pair in reach:
            first.setdefault(pair, k)
        filled += len(reach)
    return first, filled


def is_valid(werewolves, liars, said, wolves):
    lies = {speaker: (about in wolves) != claims for speaker, about, claims in said}
    return (
        len(wolves) == werewolves
        and sum(lies.values()) == liars
        and any(lies[p] for p in wolves)
        and any(not lies[p] for p in wolves)
    )


@pytest.mark.parametrize("query", ["?n=8&m=2&l=3&seed=42", "?n=14&m=4&l=5&seed=1", "?n=40&m=3&l=4&seed=1"])
def test_the_figure_is_the_weights_the_tables_and_the_answers_path(werewolf, query):
    page = werewolf(query)
    assert page.find_element(By.ID, "ww-how").get_attribute("open") is None
    svg = open_how(page)
    n, m, l = puzzle(page)
    said = statements(page)
    weights, claims = weights_of(n, said)
    drawn = {int(g.get_attribute("data-player")): int(g.get_attribute("data-weight")) for g in svg.find_elements(By.CSS_SELECTOR, "[data-player]")}
    assert drawn == weights
    first, filled = prefix_tables(n, m, weights, claims)
    cells = {
        tuple(int(x) for x in cell.get_attribute("data-cell").split(",")): int(cell.get_attribute("data-first"))
        for cell in svg.find_elements(By.CSS_SELECTOR, "[data-cell]")
    }
    assert cells == first
    # The path: from (M, L) over all players, one step a player from N
    # down, each werewolf taking its weight off, to (0, B) below player 1;
    # every pair in the table of the players below the step's player.
    start = svg.find_element(By.CSS_SELECTOR, ".ww-start").get_attribute("data-at")
    assert start == f"{m},{l}"
    at = (m, l)
    wolves = set()
    steps = svg.find_elements(By.CSS_SELECTOR, "[data-path]")
    assert [int(step.get_attribute("data-path")) for step in steps] == list(range(n, 0, -1))
    for step in steps:
        j = int(step.get_attribute("data-path"))
        if step.get_attribute("data-werewolf") == "true":
            wolves.add(j)
            at = (at[0] - 1, at[1] - weights[j])
        assert step.get_attribute("data-at") == f"{at[0]},{at[1]}"
        assert first[at] <= j - 1
    assert at == (0, claims)
    if n <= 16:
        assert wolves == the_answer(page)
    else:
        assert is_valid(m, l, said, wolves)
    effort = page.find_element(By.ID, "ww-effort").text
    assert f"the tables fill {filled} cells" in effort
    if n <= 20:
        assert f"C({n}, {m}) = {math.comb(n, m)} sets" in effort
    else:
        assert "C(" not in effort


def test_the_figure_follows_marks_undo_redo_and_a_new_puzzle(werewolf, driver):
    page = werewolf("?n=10&m=3&l=4&seed=7&marks=2")
    svg = open_how(page)

    def marked():
        return {int(g.get_attribute("data-player")) for g in figure(page).find_elements(By.CSS_SELECTOR, "[data-player][data-marked='true']")}

    assert marked() == {2}
    mark(page, [5])
    assert marked() == {2, 5}
    press(page, "Undo")
    assert marked() == {2}
    press(page, "Redo")
    assert marked() == {2, 5}
    press(page, "Solve")
    answer = the_answer(page)
    assert marked() == answer
    assert {int(s.get_attribute("data-path")) for s in svg.find_elements(By.CSS_SELECTOR, "[data-path][data-werewolf='true']")} == answer
    press(page, "Restart")
    assert marked() == set()
    # Another puzzle from the form: the figure is redrawn for it.
    form = {"n": "12", "m": "3", "l": "4", "seed": "9"}
    for name, value in form.items():
        field = page.find_element(By.ID, f"ww-form-{name}")
        field.clear()
        field.send_keys(value)
    page.find_element(By.CSS_SELECTOR, "#ww-form button[type='submit']").click()
    wait_for(page, lambda _: page.execute_script("return new URLSearchParams(location.search).get('seed')") == "9")
    wait_for(page, lambda _: status(page) != "" and not busy(page))
    assert puzzle(page) == (12, 3, 4)
    svg = open_how(page)
    weights, _ = weights_of(12, statements(page))
    assert {int(g.get_attribute("data-player")): int(g.get_attribute("data-weight")) for g in svg.find_elements(By.CSS_SELECTOR, "[data-player]")} == weights
    # At a phone's width the SVG scales inside the panel.
    size = driver.get_window_size()
    try:
        at_width(page, 360)
        assert fits_phone_width(page)
        box = page.find_element(By.CSS_SELECTOR, ".ww-figure-box")
        assert figure(page).rect["width"] <= box.rect["width"] + 1
        at_width(page, 1000)
        page.execute_script("arguments[0].scrollIntoView()", figure(page))
        screenshot(page, "werewolf-solved")
    finally:
        driver.set_window_size(size["width"], size["height"])
