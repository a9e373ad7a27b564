"""The Cluedo notebook page (notebook.html): a real clue-sim game, seen
from one seat, entered by clicks; the page's grid and odds against the
native `clue-sim --assist` on the text the page exports; a reason, an edit
in the middle, a contradiction, the address and the storage, a phone's
width, and the time of the `ask notebook` request on the slowest view."""

import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import (
    NATIVE,
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

NAMES = ["Ann", "Bob", "Cid", "Dee"]
ME = 2
HERE = Path(__file__).resolve().parent


def seat_view(transcript, me):
    """One seat's view of a clue-sim transcript, as the page records it:
    that seat's hand, every turn with its passes and shower (the card only
    when the seat saw it), stopping at the winning accusation."""
    hand, groups = [], []
    for line in transcript.splitlines():
        words = line.split()
        if words[0] == "hand" and int(words[1]) == me:
            hand = words[2:]
        elif words[0] == "turn":
            groups.append({"kind": "turn", "suggester": int(words[2]), "cards": words[4:], "shower": None, "shown": None})
        elif words[0] == "show":
            turn = groups[-1]
            turn["shower"] = int(words[1])
            if me in (turn["suggester"], turn["shower"]):
                turn["shown"] = words[2]
        elif words[0] == "accuse":
            if words[-1] != "wrong":
                break
            groups.append({"kind": "accuse", "seat": int(words[1]), "cards": words[2:-1]})
    return hand, groups


def game():
    out = subprocess.run(
        [NATIVE / "clue-sim", "--strategy", "expert,smart,seed,smart"], input=b"4 5\n", capture_output=True, check=True
    )
    return seat_view(out.stdout.decode(), ME)


def assist(text):
    """Native `clue-sim --assist`: its notebook rows and envelope counts."""
    done = native("clue-sim", ["--assist"], text.encode())
    assert done["status"] == 0, done["stderr"]
    lines = done["stdout"].splitlines()
    deals_at = next(i for i, line in enumerate(lines) if line.startswith("deals "))
    marks = {line.split()[0]: line.split()[1:] for line in lines[1:deals_at]}
    counts = {}
    for line in lines[deals_at + 1:]:
        words = line.split()
        if len(words) == 2:
            counts[words[0]] = int(words[1])
    return marks, int(lines[deals_at].split()[1]), counts


def settled(driver):
    body = driver.find_element(By.TAG_NAME, "body")
    wait_for(driver, lambda d: body.get_attribute("data-answered") == body.get_attribute("data-asked"))


def page_grid(driver):
    """The grid's marks per card, read in one go (the page may be redrawing)."""
    return driver.execute_script(
        """
        const grid = {};
        for (const row of document.querySelectorAll("#nb-grid tr[data-card]")) {
          grid[row.dataset.card] = [...row.querySelectorAll("td")].map((td) => td.dataset.mark);
        }
        return grid;
        """
    )


def page_chances(driver):
    bars = driver.find_elements(By.CSS_SELECTOR, "#nb-odds .nb-bar")
    return {bar.get_attribute("data-card"): bar.find_element(By.CSS_SELECTOR, ".chance").text for bar in bars}


def four(numerator, denominator):
    units, rest = divmod(numerator * 10000, denominator)
    if 2 * rest >= denominator:
        units += 1
    return f"{units // 10000}.{units % 10000:04d}"


def same_as_native(driver):
    text = driver.find_element(By.ID, "nb-text").get_attribute("value")
    marks, deals, counts = assist(text)
    assert page_grid(driver) == marks
    assert page_chances(driver) == {card: four(count, deals) for card, count in counts.items()}
    assert driver.find_element(By.ID, "nb-deals").text.startswith(f"{deals} deals")
    return text


def record(driver, group):
    driver.find_element(By.CSS_SELECTOR, f"input[name=nb-kind][value={group['kind']}]").click()
    who = group["seat"] if group["kind"] == "accuse" else group["suggester"]
    Select(driver.find_element(By.ID, "nb-who")).select_by_value(str(who))
    for i, card in enumerate(group["cards"]):
        Select(driver.find_element(By.ID, f"nb-card-{i}")).select_by_value(card)
    if group["kind"] == "turn":
        Select(driver.find_element(By.ID, "nb-shower")).select_by_value(str(group["shower"] or 0))
        if group["shown"]:
            Select(driver.find_element(By.ID, "nb-shown")).select_by_value(group["shown"])
    driver.find_element(By.ID, "nb-add").click()
    settled(driver)


@pytest.fixture(scope="module")
def played(driver, server):
    """The page after the whole game was entered by clicks."""
    open_page(driver, page_url(server, "notebook.html", "http"))
    driver.execute_script("localStorage.clear()")
    open_page(driver, page_url(server, "notebook.html", "http"))
    hand, groups = game()
    names = driver.find_element(By.ID, "nb-names")
    names.clear()
    names.send_keys(" ".join(NAMES))
    Select(driver.find_element(By.ID, "nb-me")).select_by_value(str(ME))
    driver.find_element(By.ID, "nb-table").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "nb-hand-pick").is_displayed())
    for card in hand:
        driver.find_element(By.CSS_SELECTOR, f"#nb-hand-cards button[data-card={card}]").click()
    driver.find_element(By.ID, "nb-start").click()
    settled(driver)
    for group in groups:
        record(driver, group)
    return hand, groups


def test_a_whole_game_by_clicks_equals_native(driver, played):
    hand, groups = played
    text = same_as_native(driver)
    # The hand in card-set order: the order the cards are tapped in.
    assert text.splitlines()[0] == f"{len(NAMES)} {ME}"
    assert sorted(text.splitlines()[1].split()[1:]) == sorted(hand)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#nb-entries li")) == len(groups)
    body = driver.find_element(By.TAG_NAME, "body")
    wait_for(driver, lambda d: body.get_attribute("data-advised") == body.get_attribute("data-asked"))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#nb-suggestions li")) == 9
    assert "ccuse" in driver.find_element(By.ID, "nb-accuse").text
    assert unnamed_controls(driver) == []
    assert console_errors(driver) == []


def test_a_marked_cell_says_why(driver, played):
    cell = driver.find_element(By.CSS_SELECTOR, "#nb-grid td.plus button, #nb-grid td.minus button")
    cell.click()
    why = driver.find_element(By.ID, "nb-why").text
    assert why and "Select" not in why and "No reason" not in why


def test_an_entry_edited_in_the_middle_and_the_grid_follows(driver, played):
    hand, groups = played
    middle = len(groups) // 2
    while groups[middle]["kind"] != "turn":
        middle += 1
    before = driver.find_element(By.ID, "nb-text").get_attribute("value")
    driver.find_element(By.CSS_SELECTOR, f"#nb-entries li:nth-child({middle + 1}) button").click()
    assert f"entry {middle + 1}" in driver.find_element(By.ID, "nb-editing").text
    # Another card of the last category, one native --assist accepts.
    last = len(groups[middle]["cards"]) - 1
    select = Select(driver.find_element(By.ID, f"nb-card-{last}"))
    choices = [o.get_attribute("value") for o in select.options if o.get_attribute("value") != groups[middle]["cards"][last]]
    if groups[middle]["shown"] == groups[middle]["cards"][last]:
        last -= 1
        select = Select(driver.find_element(By.ID, f"nb-card-{last}"))
        choices = [o.get_attribute("value") for o in select.options if o.get_attribute("value") != groups[middle]["cards"][last]]
    for choice in choices:
        trial = dict(groups[middle], cards=list(groups[middle]["cards"]))
        trial["cards"][last] = choice
        old_line = " ".join(groups[middle]["cards"])
        text = before.replace(old_line, " ".join(trial["cards"]), 1)
        if native("clue-sim", ["--assist"], text.encode())["status"] == 0:
            break
    select.select_by_value(choice)
    driver.find_element(By.ID, "nb-add").click()
    settled(driver)
    after = same_as_native(driver)
    assert after != before and " ".join(trial["cards"]) in after


def test_the_address_and_the_storage_restore_the_game(driver, played, server):
    grid = page_grid(driver)
    text = driver.find_element(By.ID, "nb-text").get_attribute("value")
    url = driver.current_url
    driver.refresh()
    wait_for(driver, lambda d: d.execute_script("return window.puzzleJudgesNotebookReady === true"))
    settled(driver)
    assert page_grid(driver) == grid
    assert driver.find_element(By.ID, "nb-text").get_attribute("value") == text
    # A fresh tab from the address.
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    open_page(driver, url)
    wait_for(driver, lambda d: d.execute_script("return window.puzzleJudgesNotebookReady === true"))
    settled(driver)
    assert page_grid(driver) == grid
    # And one without it: the browser's storage.
    open_page(driver, page_url(server, "notebook.html", "http"))
    wait_for(driver, lambda d: d.execute_script("return window.puzzleJudgesNotebookReady === true"))
    settled(driver)
    assert page_grid(driver) == grid
    driver.close()
    driver.switch_to.window(first)


def test_a_phone_width_needs_no_sideways_scroll(driver, played):
    at_width(driver, 390)
    assert fits_phone_width(driver)
    screenshot(driver, "notebook-game-phone")
    at_width(driver, 1280)
    screenshot(driver, "notebook-game")


def test_a_contradiction_names_its_entry_and_offers_the_edit(driver, played):
    hand, groups = played
    grid = page_grid(driver)
    # The next seat after yours cannot hold some card: record it showing it to you.
    nxt = ME % len(NAMES) + 1
    categories = driver.execute_script(
        "return [...document.querySelectorAll('#nb-named select')].map(s => [...s.options].map(o => o.value))"
    )
    bad = next(card for card in categories[0] if grid[card][nxt - 1] == "-" and card not in hand)
    cards = [bad] + [category[0] for category in categories[1:]]
    record(driver, {"kind": "turn", "suggester": ME, "cards": cards, "shower": nxt, "shown": bad})
    count = len(groups) + 1
    message = driver.find_element(By.ID, "nb-trouble-message").text
    assert "no deal" in message
    edit = driver.find_element(By.ID, "nb-trouble-edit")
    assert edit.text == f"Edit entry {count}"
    edit.click()
    assert f"entry {count}" in driver.find_element(By.ID, "nb-editing").text
    driver.find_element(By.ID, "nb-cancel").click()
    driver.find_element(By.CSS_SELECTOR, f"#nb-entries li:nth-child({count}) button + button").click()
    settled(driver)
    assert driver.find_element(By.ID, "nb-trouble").get_attribute("hidden") is not None
    same_as_native(driver)


def test_the_notebook_request_on_the_slowest_view(driver, server, played):
    view = (HERE / "notebook-slowest.in").read_text()
    players = int(view.split()[0])
    names = " ".join(f"P{i + 1}" for i in range(players))
    times = {}
    for ask in ["notebook", "advice"]:
        request = f"names {names}\nask {ask}\n{view}"
        best = float("inf")
        for _ in range(3):
            result = run(driver, "games", ["--notebook"], request)
            assert result["status"] == 0, result["stderr"]
            best = min(best, result["ms"])
        times[ask] = best
        report_budget(f"notebook.html ask {ask} on the slowest classic six-player view: {best:.0f} ms (best of 3)")
    assert '"contradiction":null' in result["stdout"]


def test_an_import_reads_the_text_and_a_broken_one_says_why(driver, played):
    box = driver.find_element(By.ID, "nb-text")
    view = (HERE / "notebook-slowest.in").read_text()
    broken = view.replace("pass 2", "pass 7", 1)
    driver.execute_script("arguments[0].value = arguments[1]", box, broken)
    driver.find_element(By.ID, "nb-import").click()
    error = driver.find_element(By.ID, "nb-error")
    wait_for(driver, lambda d: error.is_displayed())
    assert error.text.startswith("error: line ")
    driver.execute_script("arguments[0].value = arguments[1]", box, view)
    driver.find_element(By.ID, "nb-import").click()
    wait_for(driver, lambda d: not error.is_displayed() and len(page_grid(d)) == 21 and len(next(iter(page_grid(d).values()))) == 7)
    settled(driver)
    same_as_native(driver)
