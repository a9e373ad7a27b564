// The Cluedo table (clue.html): draws what the engine answers and sends
// what the person picks. It decides nothing: every click adds one entry,
// the line the terminal game would read, and the whole game (the setup
// and every entry so far) is replayed by `games --clue` (crates/web/src/
// clue.rs, clue-sim's own code compiled to WebAssembly), whose answer says
// what the seat sees and what the game waits for: a suggestion, one of the
// cards it lists to show, or an accusation.
//
// clue.html?seed=7&players=human,smart,seed (and &cards=... for a card set
// in clue-sim's format) starts that game.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const game = { strategies: "", setup: "", entries: [], busy: false };
  const picked = {}; // the card last picked in each list, kept between turns
  let downloads = [];

  const params = new URLSearchParams(location.search);
  if (params.has("seed")) $("clue-seed").value = params.get("seed");
  if (params.has("players")) $("clue-players").value = params.get("players");
  if (params.has("cards")) {
    $("clue-cards").value = params.get("cards");
    $("clue-cards").closest("details").open = true;
  }

  $("clue-setup").addEventListener("submit", (event) => {
    event.preventDefault();
    start();
  });
  for (const button of $("clue-tools").querySelectorAll("button")) {
    button.addEventListener("click", () => enter(button.dataset.entry, button));
  }
  start();

  // A new game from the form: `P SEED` (P is the number of seats listed),
  // then the card set if one is given, exactly as clue-sim reads a setup.
  function start() {
    const strategies = $("clue-players").value.trim();
    const seats = strategies.split(",").length;
    const cards = $("clue-cards").value.trim();
    game.strategies = strategies;
    game.setup = `${seats} ${$("clue-seed").value.trim()}${cards ? " " + cards : ""}\n`;
    game.entries = [];
    refresh(null);
  }

  // Adds an entry (the line the terminal would read) and replays the game;
  // then the keyboard goes on from `focus`, or else from the next choice.
  function enter(entry, focus) {
    if (game.busy) return;
    game.entries.push(entry);
    refresh(entry, focus);
  }

  function input() {
    return game.setup + game.entries.map((entry) => entry + "\n").join("");
  }

  async function refresh(entry, focus) {
    game.busy = true;
    setDisabled(true);
    let result;
    try {
      result = await puzzleJudges.run("games", ["--clue"], `${game.strategies}\n${input()}`);
    } catch (error) {
      result = { status: -1, stdout: "", stderr: String(error) };
    }
    game.busy = false;
    setDisabled(false);
    if (result.status !== 0) {
      // A setup the engine refuses: its error line (the rest of standard
      // error is the usage of `games`, not the person's concern), no table.
      if (entry !== null) game.entries.pop();
      $("clue-error").textContent = result.stderr.split("\n")[0];
      $("clue-game").hidden = entry === null;
      say("The engine refused the game: see the error below.");
      return;
    }
    $("clue-error").textContent = "";
    draw(JSON.parse(result.stdout));
    // For scripts and tests: the entries the shown answer replayed.
    $("clue-game").dataset.entries = String(game.entries.length);
    if (entry !== null) {
      const next = focus && !focus.closest("[hidden]") ? focus
        : $("clue-game").querySelector("#clue-action select, #clue-action button, #clue-end:not([hidden]) a");
      if (next) next.focus();
    }
  }

  function draw(answer) {
    $("clue-game").dataset.state = answer.state;
    $("clue-game").hidden = false;
    const hand = $("clue-hand");
    hand.replaceChildren(...answer.hand.map((card) => element("li", { text: card })));
    $("clue-sizes").textContent =
      `You are seat ${answer.seat} of ${answer.players}. Hand sizes: ` +
      answer.hand_sizes.map((size, i) => `seat ${i + 1}${i + 1 === answer.seat ? " (you)" : ""} ${size}`).join(", ") +
      ".";
    // The log grows: only what is new is added (and read out).
    const view = $("clue-view");
    const shown = view.textContent;
    if (shown && answer.view.startsWith(shown)) view.append(answer.view.slice(shown.length));
    else view.textContent = answer.view;
    view.scrollTop = view.scrollHeight;
    const action = $("clue-action");
    const over = answer.state === "over" || answer.state === "quit";
    $("clue-tools").hidden = over;
    $("clue-end").hidden = !over;
    if (answer.state === "suggest") {
      action.replaceChildren(choose("Suggest", "suggest", answer.categories, [["Suggest", null]]));
      say("Your turn: suggest one card of each category.");
    } else if (answer.state === "accuse") {
      action.replaceChildren(
        choose("Accuse now?", "accuse", answer.categories, [["Accuse", null], ["Do not accuse", "no"]]),
      );
      say("Accuse now, or go on without accusing.");
    } else if (answer.state === "show") {
      action.replaceChildren(offer(answer.show));
      say(`Show one of: ${answer.show.join(", ")}.`);
    } else {
      action.replaceChildren();
      drawEnd(answer.transcript);
      say(lastLine(answer.view));
    }
  }

  // One list per category and the buttons: a button with an entry sends
  // it, the one without sends the cards picked (with the verb when a
  // single card would read as a command).
  function choose(title, verb, categories, buttons) {
    const fieldset = element("fieldset", { className: "clue-choose" });
    fieldset.append(element("legend", { text: title }));
    const row = element("div", { className: "row" });
    const selects = categories.map((category, index) => {
      const id = `clue-${verb}-${index}`;
      const select = element("select", { id });
      for (const card of category.cards) select.append(element("option", { text: card }));
      if (category.cards.includes(picked[id])) select.value = picked[id];
      select.addEventListener("change", () => (picked[id] = select.value));
      const label = element("label", { text: category.name });
      label.htmlFor = id;
      row.append(element("span", { className: "clue-pick" }, [label, select]));
      return select;
    });
    fieldset.append(row);
    const actions = element("div", { className: "row" });
    for (const [text, entry] of buttons) {
      const button = element("button", { text, type: "button" });
      if (entry !== null) button.className = "secondary";
      button.addEventListener("click", () => {
        const cards = selects.map((select) => select.value);
        enter(entry !== null ? entry : cards.length === 1 ? `${verb} ${cards[0]}` : cards.join(" "));
      });
      actions.append(button);
    }
    fieldset.append(actions);
    return fieldset;
  }

  // The cards the engine offers to show, one button each.
  function offer(cards) {
    const fieldset = element("fieldset", { className: "clue-choose" });
    fieldset.append(element("legend", { text: "Show a card" }));
    const row = element("div", { className: "row" });
    for (const card of cards) {
      const button = element("button", { text: card, type: "button" });
      button.setAttribute("aria-label", `Show ${card}`);
      button.addEventListener("click", () => enter(`show ${card}`));
      row.append(button);
    }
    fieldset.append(row);
    return fieldset;
  }

  function drawEnd(transcript) {
    const command = `clue-sim --strategy ${game.strategies}`;
    $("clue-command").textContent = command;
    $("clue-transcript").textContent = transcript;
    $("clue-input").textContent = input();
    downloads.forEach((url) => URL.revokeObjectURL(url));
    downloads = [
      download($("clue-download-transcript"), transcript, "transcript"),
      download($("clue-download-input"), input(), "input"),
    ];
  }

  function download(link, text, what) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.href = url;
    link.download = `clue-${game.setup.trim().split(/\s+/).slice(0, 2).join("-")}-${what}.txt`;
    return url;
  }

  function lastLine(text) {
    const lines = text.trimEnd().split("\n");
    return lines[lines.length - 1];
  }

  function setDisabled(disabled) {
    for (const button of document.querySelectorAll("#clue-game button, #clue-setup button")) {
      button.disabled = disabled;
    }
  }

  function say(text) {
    $("clue-status").textContent = text;
  }

  function element(tag, { text, className, id, type } = {}, children = []) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    if (id) node.id = id;
    if (type) node.type = type;
    node.append(...children);
    return node;
  }
})();
