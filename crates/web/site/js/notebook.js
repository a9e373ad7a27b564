// The Cluedo notebook (notebook.html): a game played at a real table,
// recorded by taps and answered by `games --notebook` (crates/web/src/
// notebook.rs, clue-sim's `--assist` compiled to WebAssembly). The page
// decides nothing: it writes the `--assist` text from what was tapped and
// draws what comes back. The forms offer only what the answer allows: the
// cards of each category, the seats of the crate's asking order, the named
// cards to be shown.
//
// The game is the text `--assist` reads and the seat names. Both go in
// the address (`notebook.html?names=Ann,Bob,Cid&t=...`) and in the
// browser's storage, so a reload, a closed tab or a shared link comes
// back to the same game.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const STORE = "puzzle-judges-notebook";
  // head: "P ME\n" and the card set's text; groups: the turns and wrong
  // accusations as the page records them.
  const state = { names: [], head: "", hand: [], groups: [], table: null, editing: null };
  let asked = 0; // the latest request's number: older answers are dropped

  const call = (ask, body) => puzzleJudges.game.ask("--notebook", `names ${state.names.join(" ")}\nask ${ask}\n${body}`);

  function seatName(seat) {
    return state.names[seat - 1] + (seat === state.table.me ? " (you)" : "");
  }

  function text() {
    let out = state.head + `hand ${state.hand.join(" ")}\n`;
    let turn = 0;
    for (const group of state.groups) {
      if (group.kind === "accuse") {
        out += `accuse ${group.seat} ${group.cards.join(" ")} wrong\n`;
        continue;
      }
      turn += 1;
      out += `turn ${turn} ${group.suggester} suggests ${group.cards.join(" ")}\n`;
      for (const seat of state.table.asking[group.suggester - 1]) {
        if (seat === group.shower) break;
        out += `pass ${seat}\n`;
      }
      if (group.shower) out += `show ${group.shower}${group.shown ? " " + group.shown : ""}\n`;
      else out += "none\n";
    }
    return out;
  }

  function names() {
    return $("nb-names").value.trim().split(/\s+/).filter((name) => name !== "");
  }

  function fillSeats() {
    const count = names().length;
    const select = $("nb-me");
    const old = select.value;
    select.replaceChildren(...names().map((name, i) => new Option(`${i + 1}: ${name}`, String(i + 1))));
    if (old && Number(old) <= count) select.value = old;
  }

  function showError(message) {
    $("nb-error").textContent = message;
    $("nb-error").hidden = !message;
  }

  // Set the table: the crate reads P, the seat and the card set.
  async function setTable(event) {
    event.preventDefault();
    state.names = names();
    const cards = $("nb-cards").value.trim();
    state.head = `${state.names.length} ${$("nb-me").value}\n${cards ? cards + "\n" : ""}`;
    try {
      state.table = await call("cards", state.head);
    } catch (error) {
      showError(error.message);
      return;
    }
    showError("");
    state.hand = [];
    const box = $("nb-hand-cards");
    box.replaceChildren();
    for (const category of state.table.categories) {
      for (const card of category.cards) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = card;
        button.setAttribute("aria-pressed", "false");
        button.dataset.card = card;
        button.addEventListener("click", () => {
          const on = button.getAttribute("aria-pressed") !== "true";
          button.setAttribute("aria-pressed", String(on));
          state.hand = [...box.querySelectorAll("button[aria-pressed=true]")].map((b) => b.dataset.card);
          $("nb-hand-status").textContent = `${state.hand.length} of ${state.table.sizes[state.table.me - 1]} cards`;
        });
        box.append(button);
      }
    }
    $("nb-hand-status").textContent = `0 of ${state.table.sizes[state.table.me - 1]} cards`;
    $("nb-hand-pick").hidden = false;
  }

  function start() {
    state.groups = [];
    refresh();
  }

  // Reads a whole text (an import, the address, the storage) through the
  // engine and takes its entries as the page's.
  async function load(body, seatNames) {
    const firstLine = body.split("\n")[0].trim().split(/\s+/);
    const count = Number(firstLine[0]) || 0;
    state.names = seatNames && seatNames.length === count ? seatNames
      : Array.from({ length: count }, (_, i) => `Seat${i + 1}`);
    let answer;
    try {
      answer = await call("notebook", body);
    } catch (error) {
      showError(error.message);
      return false;
    }
    showError("");
    state.table = answer;
    state.head = `${answer.players} ${answer.me}\n${answer.cards_text || ""}`;
    state.hand = answer.hand;
    state.groups = answer.groups.map((group) => group.kind === "accuse"
      ? { kind: "accuse", seat: group.seat, cards: group.cards }
      : { kind: "turn", suggester: group.suggester, cards: group.cards, shower: group.shower, shown: group.shown });
    $("nb-names").value = state.names.join(" ");
    fillSeats();
    $("nb-me").value = String(answer.me);
    await refresh();
    return true;
  }

  function keep() {
    const body = text();
    const saved = { names: state.names, text: body };
    try {
      localStorage.setItem(STORE, JSON.stringify(saved));
    } catch (_) { /* storage may be off: the address still keeps it */ }
    puzzleJudges.game.address({ names: state.names.join(","), t: body });
    $("nb-text").value = body;
  }

  async function refresh() {
    const number = ++asked;
    document.body.dataset.asked = String(number);
    const body = text();
    keep();
    $("nb-setup").hidden = true;
    $("nb-game").hidden = false;
    let answer;
    const start = performance.now();
    try {
      answer = await call("notebook", body);
    } catch (error) {
      if (number === asked) showError(error.message);
      return;
    }
    if (number !== asked) return;
    window.puzzleJudgesNotebookMs = performance.now() - start;
    showError("");
    state.table = answer;
    drawNotebook(answer);
    drawEntries(answer);
    drawForm();
    document.body.dataset.answered = String(number);
    $("nb-accuse").textContent = "Working out the advice…";
    $("nb-suggestions").replaceChildren();
    if (answer.contradiction) {
      $("nb-accuse").textContent = "";
      return;
    }
    let advice;
    try {
      advice = await call("advice", body);
    } catch (error) {
      if (number === asked) $("nb-accuse").textContent = error.message;
      return;
    }
    if (number !== asked) return;
    drawAdvice(advice);
    document.body.dataset.advised = String(number);
  }

  function drawNotebook(answer) {
    const trouble = $("nb-trouble");
    trouble.replaceChildren();
    trouble.hidden = !answer.contradiction;
    const grid = $("nb-grid");
    grid.replaceChildren();
    $("nb-why").textContent = "Select a + or - to see why it holds.";
    if (answer.contradiction) {
      const c = answer.contradiction;
      const line = document.createElement("span");
      line.id = "nb-trouble-message";
      line.textContent = `Line ${c.line}: ${c.message}`;
      trouble.append(line);
      if (c.entry !== null) {
        const group = answer.entries[c.entry].group;
        const edit = document.createElement("button");
        edit.type = "button";
        edit.id = "nb-trouble-edit";
        edit.textContent = `Edit entry ${group + 1}`;
        edit.addEventListener("click", () => beginEdit(group));
        trouble.append(" ", edit);
      }
      $("nb-odds").replaceChildren();
      $("nb-deals").textContent = "";
      return;
    }
    const head = grid.insertRow();
    const corner = document.createElement("th");
    corner.textContent = "Card";
    head.append(corner);
    const owners = [...answer.names.map((name, i) => (i + 1 === answer.me ? "you" : name)), "Envelope"];
    for (const owner of owners) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = owner;
      head.append(th);
    }
    let card = 0;
    for (const category of answer.categories) {
      for (const name of category.cards) {
        const row = grid.insertRow();
        row.dataset.card = name;
        const th = document.createElement("th");
        th.scope = "row";
        th.textContent = name;
        row.append(th);
        answer.marks[card].forEach((mark, owner) => {
          const td = row.insertCell();
          td.className = mark === "+" ? "plus" : mark === "-" ? "minus" : "";
          td.dataset.mark = mark;
          const reason = answer.reasons[card][owner];
          if (mark === "?") {
            td.textContent = "?";
            return;
          }
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = mark;
          button.setAttribute("aria-label", `${name}, ${owners[owner]}: ${mark === "+" ? "holds" : "does not hold"}`);
          button.addEventListener("click", () => {
            for (const old of grid.querySelectorAll("td.selected")) old.classList.remove("selected");
            td.classList.add("selected");
            $("nb-why").textContent = reason || "No reason was given for this mark.";
          });
          td.append(button);
        });
        card += 1;
      }
    }
    $("nb-deals").textContent = `${answer.deals} deals fit everything entered.`;
    const odds = $("nb-odds");
    odds.replaceChildren();
    card = 0;
    for (const category of answer.categories) {
      const title = document.createElement("h3");
      title.textContent = category.name;
      odds.append(title);
      for (const name of category.cards) {
        const bar = document.createElement("div");
        bar.className = "nb-bar";
        bar.dataset.card = name;
        const label = document.createElement("span");
        label.className = "name";
        label.textContent = name;
        const meter = document.createElement("meter");
        meter.min = 0;
        meter.max = 1;
        meter.value = Number(answer.chances[card]);
        meter.setAttribute("aria-label", `${name} in the envelope`);
        const value = document.createElement("span");
        value.className = "chance";
        value.textContent = answer.chances[card];
        bar.append(label, meter, value);
        odds.append(bar);
        card += 1;
      }
    }
  }

  function drawAdvice(advice) {
    const a = advice.accusation;
    $("nb-accuse").textContent = a.accuse
      ? `Accuse now: ${a.cards.join(", ")} (chance ${a.chance}).`
      : `Do not accuse yet: the likeliest envelope, ${a.cards.join(", ")}, has chance ${a.chance}.`;
    $("nb-suggestions").replaceChildren(...advice.suggestions.map((s) => {
      const li = document.createElement("li");
      li.textContent = `In the ${s.room}: suggest ${s.cards.join(", ")} (score ${s.score})`;
      return li;
    }));
  }

  function drawEntries(answer) {
    const list = $("nb-entries");
    const bad = answer.contradiction && answer.contradiction.entry !== null
      ? answer.entries[answer.contradiction.entry].group : -1;
    list.replaceChildren(...state.groups.map((group, index) => {
      const li = document.createElement("li");
      if (index === bad) li.className = "bad";
      const words = document.createElement("span");
      if (group.kind === "accuse") {
        words.textContent = `${seatName(group.seat)} accused ${group.cards.join(", ")}: wrong.`;
      } else {
        const shower = group.shower ? `${seatName(group.shower)} showed ${group.shown || "a card"}` : "nobody showed";
        words.textContent = `${seatName(group.suggester)} suggested ${group.cards.join(", ")}; ${shower}.`;
      }
      const edit = document.createElement("button");
      edit.type = "button";
      edit.className = "secondary";
      edit.textContent = "Edit";
      edit.setAttribute("aria-label", `Edit entry ${index + 1}`);
      edit.addEventListener("click", () => beginEdit(index));
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "secondary";
      remove.textContent = "Delete";
      remove.setAttribute("aria-label", `Delete entry ${index + 1}`);
      remove.addEventListener("click", () => {
        state.groups.splice(index, 1);
        state.editing = null;
        refresh();
      });
      li.append(words, " ", edit, " ", remove);
      return li;
    }));
  }

  // The form: the kind, who, one card per category, then who showed (a
  // seat of the asking order, or nobody) and which card when you saw it.
  function drawForm(preset) {
    const table = state.table;
    const kind = document.querySelector("input[name=nb-kind]:checked").value;
    const who = $("nb-who");
    const oldWho = preset ? String(preset.kind === "accuse" ? preset.seat : preset.suggester) : nextSeat(who.value);
    const seats = table.names.map((_, i) => i + 1)
      .filter((seat) => !table.out.includes(seat) || (preset && String(seat) === oldWho));
    who.replaceChildren(...seats.map((seat) => new Option(seatName(seat), String(seat))));
    if (seats.map(String).includes(oldWho)) who.value = oldWho;
    const named = $("nb-named");
    const oldCards = preset ? preset.cards : [...named.querySelectorAll("select")].map((s) => s.value);
    named.replaceChildren(...table.categories.map((category, i) => {
      const p = document.createElement("p");
      const label = document.createElement("label");
      label.htmlFor = `nb-card-${i}`;
      label.textContent = category.name;
      const select = document.createElement("select");
      select.id = `nb-card-${i}`;
      select.replaceChildren(...category.cards.map((card) => new Option(card, card)));
      if (category.cards.includes(oldCards[i])) select.value = oldCards[i];
      select.addEventListener("change", () => drawAnswers());
      p.append(label, " ", select);
      return p;
    }));
    $("nb-shower-row").hidden = kind !== "turn";
    drawAnswers(preset);
  }

  // After a new suggestion, the seat after its suggester (the first of
  // the crate's asking order) that is not out; else the seat picked.
  function nextSeat(picked) {
    const table = state.table;
    const last = state.groups[state.groups.length - 1];
    if (state.editing !== null || !last || last.kind !== "turn" || String(last.suggester) !== picked) return picked;
    const next = table.asking[last.suggester - 1].find((seat) => !table.out.includes(seat));
    return next ? String(next) : picked;
  }

  function drawAnswers(preset) {
    const table = state.table;
    const kind = document.querySelector("input[name=nb-kind]:checked").value;
    const suggester = Number($("nb-who").value);
    const cards = [...$("nb-named").querySelectorAll("select")].map((s) => s.value);
    const shower = $("nb-shower");
    const oldShower = preset ? String(preset.shower || 0) : shower.value;
    const order = table.asking[suggester - 1];
    shower.replaceChildren(...order.map((seat) => new Option(seatName(seat), String(seat))), new Option("Nobody", "0"));
    if ([...shower.options].some((o) => o.value === oldShower)) shower.value = oldShower;
    const showing = Number(shower.value);
    const seen = kind === "turn" && showing !== 0 && (suggester === table.me || showing === table.me);
    const shown = $("nb-shown");
    const oldShown = preset ? preset.shown : shown.value;
    shown.replaceChildren(...cards.map((card) => new Option(card, card)));
    if (cards.includes(oldShown)) shown.value = oldShown;
    $("nb-shown-row").hidden = !seen;
    const passes = [];
    for (const seat of order) {
      if (seat === showing) break;
      passes.push(state.names[seat - 1]);
    }
    $("nb-passes").textContent = kind === "turn" && passes.length > 0 ? `Passed: ${passes.join(", ")}.` : "";
  }

  function formEntry() {
    const kind = document.querySelector("input[name=nb-kind]:checked").value;
    const who = Number($("nb-who").value);
    const cards = [...$("nb-named").querySelectorAll("select")].map((s) => s.value);
    if (kind === "accuse") return { kind, seat: who, cards };
    const shower = Number($("nb-shower").value) || null;
    const shown = shower && !$("nb-shown-row").hidden ? $("nb-shown").value : null;
    return { kind, suggester: who, cards, shower, shown };
  }

  function beginEdit(index) {
    const group = state.groups[index];
    state.editing = index;
    document.querySelector(`input[name=nb-kind][value=${group.kind}]`).checked = true;
    $("nb-editing").textContent = `Editing entry ${index + 1}.`;
    $("nb-add").textContent = "Save the entry";
    $("nb-cancel").hidden = false;
    drawForm(group);
    $("nb-who").focus();
  }

  function endEdit() {
    state.editing = null;
    $("nb-editing").textContent = "";
    $("nb-add").textContent = "Add";
    $("nb-cancel").hidden = true;
  }

  $("nb-names").addEventListener("input", fillSeats);
  $("nb-setup").addEventListener("submit", setTable);
  $("nb-start").addEventListener("click", start);
  $("nb-who").addEventListener("change", () => drawAnswers());
  $("nb-shower").addEventListener("change", () => drawAnswers());
  for (const radio of document.querySelectorAll("input[name=nb-kind]")) radio.addEventListener("change", () => drawForm());
  $("nb-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const entry = formEntry();
    if (state.editing === null) state.groups.push(entry);
    else state.groups[state.editing] = entry;
    endEdit();
    refresh();
  });
  $("nb-cancel").addEventListener("click", () => {
    endEdit();
    drawForm();
  });
  $("nb-import").addEventListener("click", () => load($("nb-text").value, state.names));
  $("nb-new").addEventListener("click", () => {
    try {
      localStorage.removeItem(STORE);
    } catch (_) { /* nothing kept */ }
    history.replaceState(null, "", location.pathname);
    state.groups = [];
    endEdit();
    $("nb-game").hidden = true;
    $("nb-setup").hidden = false;
    $("nb-hand-pick").hidden = true;
  });

  fillSeats();
  const params = new URLSearchParams(location.search);
  puzzleJudges.ready.then(() => {
    if (params.has("t")) return load(params.get("t"), (params.get("names") || "").split(",").filter((n) => n));
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(STORE) || "null");
    } catch (_) { /* nothing kept */ }
    if (saved && saved.text) return load(saved.text, saved.names);
    return null;
  }).then(() => { window.puzzleJudgesNotebookReady = true; });
})();
