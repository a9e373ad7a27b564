// The Cluedo table (clue.html): draws what the engine answers and sends
// what the person picks. It decides nothing: every click adds one entry,
// the line the terminal game would read, and the whole game (the setup
// and every entry so far) is replayed by `games --clue` (crates/web/src/
// clue.rs, clue-sim's own code compiled to WebAssembly), whose answer says
// what the seat sees and what the game waits for: a suggestion, one of the
// cards it lists to show, or an accusation.
//
// clue.html?seed=7&players=human,smart,seed (and &cards=... for a card set
// in clue-sim's format) starts that game; each of the person's entries so
// far follows as an `e` (`&e=Orchid+Candlestick+Ballroom&e=no`), kept in the
// address after every entry, so a reload or a shared link replays the game
// to the same point. Besides the terminal's view, the page draws the
// engine's notebook (a grid: a row per card, a column per seat and the
// envelope) and envelope odds (bars), and its events as a list by turn.
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
    start([]);
  });
  for (const button of $("clue-tools").querySelectorAll("button")) {
    button.addEventListener("click", () => enter(button.dataset.entry, button));
  }
  puzzleJudges.game.keys({ newGame: $("clue-setup").querySelector("button[type=submit]") });
  start(params.getAll("e"));

  // A new game from the form: `P SEED` (P is the number of seats listed),
  // then the card set if one is given, exactly as clue-sim reads a setup.
  function start(entries) {
    const strategies = $("clue-players").value.trim();
    const seats = strategies.split(",").length;
    const cards = $("clue-cards").value.trim();
    game.strategies = strategies;
    game.setup = `${seats} ${$("clue-seed").value.trim()}${cards ? " " + cards : ""}\n`;
    game.entries = entries;
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
      // error is the usage of `games`, not the person's concern), no table,
      // and a way back to the default game.
      if (entry !== null) game.entries.pop();
      puzzleJudges.game.fail($("clue-error"), result.stderr.split("\n")[0]);
      $("clue-game").hidden = entry === null;
      say("The engine refused the game: see the error below.");
      return;
    }
    $("clue-error").hidden = true;
    $("clue-error").textContent = "";
    draw(JSON.parse(result.stdout));
    puzzleJudges.game.address({
      seed: $("clue-seed").value.trim(),
      players: game.strategies,
      cards: $("clue-cards").value.trim(),
      e: game.entries,
    });
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
    drawEvents(answer);
    drawNotebook(answer);
    drawOdds(answer);
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
      say(answer.end);
    }
  }

  // The engine's events (what the seat saw of the table), a list item per
  // turn: the suggestion, then how it went (who showed, who could not,
  // the accusation), and the end, each in the engine's words. Prompts,
  // refusals and the answers to the notebook, odds and hand commands stay
  // in the terminal's view.
  function drawEvents(answer) {
    const items = [];
    let turn = null;
    for (const event of answer.events) {
      if (event.event === "suggested") {
        turn = { text: `Turn ${event.turn}: ${event.text}`, you: event.seat === answer.seat, details: [] };
        items.push(turn);
      } else if (event.event === "ended") {
        items.push({ text: event.text, details: [], end: true });
      } else if (turn) {
        turn.details.push(event.text);
      }
    }
    const list = $("clue-events");
    const known = list.children.length;
    list.replaceChildren(
      ...items.map((item) => {
        const li = element("li", { text: item.text });
        if (item.end) li.className = "end";
        else if (item.you) li.className = "you";
        if (item.details.length > 0) {
          li.append(element("ul", {}, item.details.map((detail) => element("li", { text: detail }))));
        }
        return li;
      }),
    );
    if (list.children.length !== known) list.scrollTop = list.scrollHeight;
  }

  // The notebook's grid: a row per card under its category's heading, a
  // column per seat and the envelope; each cell is the engine's mark.
  function drawNotebook(answer) {
    const table = $("clue-notebook");
    if (!answer.notebook) {
      table.replaceChildren();
      return;
    }
    const owners = [];
    for (let seat = 1; seat <= answer.players; seat++) {
      owners.push(seat === answer.seat ? "you" : `seat ${seat}`);
    }
    owners.push("envelope");
    const head = element("tr", {}, [element("th", { text: "card" })]);
    head.firstChild.scope = "col";
    for (const owner of owners) {
      const th = element("th", { text: owner });
      th.scope = "col";
      head.append(th);
    }
    const rows = [element("thead", {}, [head])];
    let card = 0;
    for (const category of answer.categories) {
      const body = element("tbody");
      const title = element("th", { text: category.name });
      title.colSpan = owners.length + 1;
      title.scope = "rowgroup";
      body.append(element("tr", { className: "category" }, [title]));
      for (const name of category.cards) {
        const marks = answer.notebook[card++];
        const th = element("th", { text: name });
        th.scope = "row";
        const row = element("tr", {}, [th]);
        if (marks.includes("held")) row.className = "solved";
        for (const mark of marks) {
          const symbol = { held: "●", "not held": "✕", unknown: "" }[mark];
          const td = element("td", { className: mark.replace(" ", "-") });
          td.dataset.mark = mark;
          if (symbol) {
            const shown = element("span", { text: symbol });
            shown.setAttribute("aria-hidden", "true");
            td.append(shown);
          }
          td.append(element("span", { className: "visually-hidden", text: mark }));
          row.append(td);
        }
        body.append(row);
      }
      rows.push(body);
    }
    table.replaceChildren(...rows);
  }

  // The envelope odds: per category, a bar for each card the envelope may
  // hold, most likely first (the order of the terminal's `odds`).
  function drawOdds(answer) {
    const box = $("clue-odds");
    if (!answer.odds) {
      box.replaceChildren();
      return;
    }
    const { exact, deals, chances } = answer.odds;
    $("clue-odds-about").textContent = exact
      ? `Exact: ${deals} deals of the cards you have not seen fit what you saw; each bar is the share of them that put the card in the envelope.`
      : "Estimated: too many deals fit what you saw to count them exactly.";
    let card = 0;
    const parts = [];
    for (const category of answer.categories) {
      const bars = category.cards
        .map((name) => ({ name, chance: chances[card++] }))
        .filter((entry) => entry.chance > 0)
        .sort((a, b) => b.chance - a.chance);
      parts.push(element("h3", { text: category.name }));
      for (const { name, chance } of bars) {
        const meter = element("meter");
        meter.min = 0;
        meter.max = 1;
        meter.value = chance;
        meter.setAttribute("aria-label", `${name}: ${(100 * chance).toFixed(1)}% in the envelope`);
        parts.push(element("div", { className: "clue-bar" }, [
          element("span", { text: name }),
          meter,
          element("span", { className: "chance", text: `${(100 * chance).toFixed(1)}%` }),
        ]));
      }
    }
    box.replaceChildren(...parts);
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
