// The Nim page. The game is the `games` engine's (crates/web/src/nim.rs,
// which replays the moves through the nim crate's Game): this file keeps
// the moves made (both players', in order), sends them all with the game on
// every move, and draws the JSON answer. It decides nothing: which take is
// allowed, whose move it is, the computer's answer, the hint, the end and
// every sentence come from the engine.
(function () {
  "use strict";

  const game = puzzleJudges.game;
  // Piles of at most this many stones are drawn stone by stone (24 stones of
  // 1.6rem wrap to two rows on a phone); larger ones show their count and
  // take a number.
  const DRAWN = 24;
  // New game draws piles of 1 to this many stones: small enough to draw,
  // large enough to make the game worth playing.
  const NEW_MOST = 15;

  const params = new URLSearchParams(location.search);
  const present = (name) => params.has(name) && params.get(name) !== "";
  const setup = {
    piles: present("piles") ? params.get("piles") : "3,5,7",
    set: present("set") ? params.get("set") : null,
    misere: present("misere") && params.get("misere") !== "0",
    first: present("first") ? params.get("first") : "you",
  };
  const initial = present("play") ? params.get("play").split(",").map((move) => move.replace(":", " ")) : [];
  const moves = new game.Moves(initial);

  const $ = (id) => document.getElementById(id);
  const buttons = {
    hint: $("nim-hint"),
    undo: $("nim-undo"),
    redo: $("nim-redo"),
    restart: $("nim-restart"),
    newGame: $("nim-new"),
  };
  const pilesBox = $("nim-piles");
  const status = $("nim-status");
  let answer = null; // the engine's last answer
  let busy = false;

  $("nim-form-piles").value = setup.piles;
  $("nim-form-set").value = setup.set || "";
  $("nim-form-misere").checked = setup.misere;
  $("nim-form-first").value = setup.first === "computer" ? "computer" : "you";

  buttons.hint.addEventListener("click", () => act(hint));
  buttons.undo.addEventListener("click", () => act(undo));
  buttons.redo.addEventListener("click", () => act(redo));
  buttons.restart.addEventListener("click", () => act(restart));
  buttons.newGame.addEventListener("click", () => act(newGame));
  pilesBox.addEventListener("click", onTake);
  pilesBox.addEventListener("submit", onTake);
  game.keys(buttons);
  act(load, true);

  // The first answer: a bad address or form value ends here, with the
  // engine's error line and a way back.
  async function load() {
    const next = await ask(moves.list);
    // A refused last move of the address is shown with its reason, and not
    // kept as a move of the game.
    if (next.refused !== null) moves.list.pop();
    show(next);
  }

  async function take(pile, stones) {
    const move = `${pile} ${stones}`;
    const next = await ask([...moves.list, move]);
    if (next.refused === null) moves.push(move);
    show(next);
  }

  function hint() {
    if (answer && answer.hint_said) status.textContent = answer.hint_said;
    if (answer && answer.hint) {
      const stone = pilesBox.querySelector(
        `[data-pile="${answer.hint.pile}"] button[data-take="${answer.hint.take}"]`);
      if (stone) stone.focus();
    }
  }

  // Undo takes back the person's last move and the computer's answer to it:
  // back to the last position where the person was to move. Whose move a
  // position is, the engine says: on the computer's, it answers at once.
  async function undo() {
    for (let count = moves.list.length - 1; count >= 0; count--) {
      const earlier = await ask(moves.list.slice(0, count));
      if (earlier.computer === null) {
        moves.undo(moves.list.length - count);
        show(earlier);
        return;
      }
    }
  }

  // Redo brings back the person's move and the computer's answer to it:
  // while the engine would answer (the computer is to move), the answer
  // Undo took back is brought back instead.
  async function redo() {
    moves.redo(1);
    let next = await ask(moves.list);
    while (next.computer !== null && moves.canRedo) {
      moves.redo(1);
      next = await ask(moves.list);
    }
    show(next);
  }

  async function restart() {
    moves.clear();
    show(await ask(moves.list));
  }

  // The same kind of game on new piles, as many as before.
  async function newGame() {
    const count = Math.max(1, answer ? answer.piles.length : 3);
    const piles = [];
    for (let i = 0; i < count; i++) piles.push(1 + Math.floor(Math.random() * NEW_MOST));
    setup.piles = piles.join(",");
    $("nim-form-piles").value = setup.piles;
    moves.clear();
    show(await ask(moves.list));
  }

  // One action at a time. An error on the first answer (the address's
  // game) replaces the game with the error line and a way back; later the
  // status line shows it (a take the engine could not read).
  async function act(action, first = false) {
    if (busy) return;
    busy = true;
    pilesBox.setAttribute("aria-busy", "true");
    try {
      await action();
    } catch (error) {
      if (first || answer === null) {
        $("nim-game").hidden = true;
        game.fail($("nim-error"), error.message);
      } else {
        status.textContent = error.message;
      }
    } finally {
      busy = false;
      pilesBox.removeAttribute("aria-busy");
    }
  }

  function ask(list) {
    const rule = ["nim", setup.misere ? "--misere" : "", setup.set !== null ? `--moves ${setup.set}` : ""]
      .filter((word) => word !== "")
      .join(" ");
    const piles = setup.piles.split(",");
    const lines = [rule, setup.first, `${piles.length} ${piles.join(" ")}`, ...list];
    return game.ask("--nim", lines.join("\n") + "\n");
  }

  function show(next) {
    answer = next;
    // The engine played the computer's answer: it is a move of the game.
    if (next.computer) moves.list.push(`${next.computer.pile} ${next.computer.take}`);
    game.address({
      piles: setup.piles,
      set: setup.set,
      misere: setup.misere ? "1" : null,
      first: setup.first === "computer" ? "computer" : null,
      play: moves.list.map((move) => move.replace(" ", ":")).join(","),
    });
    status.textContent = next.said.join(" ");
    $("nim-moves").textContent = `Moves: ${next.moves}`;
    $("nim-title").textContent = title(next);
    $("nim-rule").textContent = ruleText(next);
    drawPiles(next);
    drawSolution(next.solution, next.rule);
    const focused = document.activeElement;
    buttons.hint.disabled = next.over || next.turn !== "you";
    // The person has moved once the game holds more than the computer's
    // opening move (which the engine plays at once when it moves first).
    buttons.undo.disabled = next.moves <= (next.first === "computer" ? 1 : 0);
    buttons.redo.disabled = !moves.canRedo;
    if (focused && focused.disabled) buttons.restart.focus();
  }

  // The game as it started (the piles of the address).
  function title(next) {
    const piles = setup.piles.split(",").join(" ");
    if (next.rule === "misere") return `Misère Nim on ${piles}`;
    if (next.rule === "subtraction") return `S-Nim {${next.set.join(", ")}} on ${piles}`;
    return `Nim on ${piles}`;
  }

  function ruleText(next) {
    const first = next.first === "you" ? "You moved first." : "The computer moved first.";
    if (next.rule === "misere") return `A move takes any number of stones from one pile; whoever takes the last stone loses. ${first}`;
    if (next.rule === "subtraction") {
      const sizes = next.set.join(", ");
      return `A move takes exactly ${sizes.replace(/, (\d+)$/, " or $1")} stones from one pile; whoever cannot move loses. ${first}`;
    }
    return `A move takes any number of stones from one pile; whoever takes the last stone wins. ${first}`;
  }

  // Each pile: a region named "pile I: K stones", its stones as buttons
  // (the first on the left; a stone takes itself and those after it), or
  // for a large pile its count and a number to take. Keeps the focus on the
  // pile that had it.
  function drawPiles(next) {
    const had = document.activeElement && pilesBox.contains(document.activeElement)
      ? document.activeElement.closest("[data-pile]").dataset.pile
      : null;
    const active = !next.over && next.turn === "you";
    pilesBox.replaceChildren();
    next.piles.forEach((count, index) => {
      const pile = index + 1;
      const region = document.createElement("section");
      region.className = "nim-pile";
      region.setAttribute("role", "region");
      region.setAttribute("aria-label", `pile ${pile}: ${count} ${count === "1" ? "stone" : "stones"}`);
      region.dataset.pile = String(pile);
      const label = document.createElement("span");
      label.className = "nim-pile-name";
      label.setAttribute("aria-hidden", "true");
      label.textContent = `${pile}`;
      region.append(label);
      const stones = document.createElement("div");
      stones.className = "nim-stones";
      if (BigInt(count) <= BigInt(DRAWN)) {
        const size = Number(count);
        for (let stone = 1; stone <= size; stone++) {
          const taken = size - stone + 1;
          const button = document.createElement("button");
          button.type = "button";
          button.className = "nim-stone";
          button.dataset.take = String(taken);
          button.setAttribute("aria-label", `take ${taken} ${taken === 1 ? "stone" : "stones"} from pile ${pile}`);
          if (!active) button.disabled = true;
          stones.append(button);
        }
        const shown = document.createElement("span");
        shown.className = "nim-count";
        shown.setAttribute("aria-hidden", "true");
        shown.textContent = size === 0 ? "empty" : `${size}`;
        stones.append(shown);
      } else {
        const form = document.createElement("form");
        form.className = "nim-big";
        const heap = document.createElement("span");
        heap.className = "nim-heap";
        heap.textContent = `${count} stones`;
        const input = document.createElement("input");
        input.type = "text";
        input.inputMode = "numeric";
        input.size = 8;
        input.name = "take";
        input.setAttribute("aria-label", `stones to take from pile ${pile}`);
        input.disabled = !active;
        const button = document.createElement("button");
        button.type = "submit";
        button.className = "secondary";
        button.textContent = "Take";
        button.setAttribute("aria-label", `take from pile ${pile}`);
        button.disabled = !active;
        form.append(heap, " ", input, " ", button);
        stones.append(form);
      }
      region.append(stones);
      pilesBox.append(region);
    });
    if (had !== null) {
      const region = pilesBox.querySelector(`[data-pile="${had}"]`);
      const target = (region && region.querySelector("button:not(:disabled), input:not(:disabled)")) ||
        pilesBox.querySelector("button:not(:disabled)") || buttons.restart;
      target.focus();
    }
  }

  function onTake(event) {
    const region = event.target.closest("[data-pile]");
    if (!region || busy) return;
    if (event.type === "submit") {
      event.preventDefault();
      const stones = event.target.elements.take.value.trim();
      if (stones !== "") act(() => take(region.dataset.pile, stones));
      return;
    }
    const stone = event.target.closest("button.nim-stone");
    if (stone && !stone.disabled) act(() => take(region.dataset.pile, stone.dataset.take));
  }

  function drawSolution(solution, rule) {
    $("nim-value-head").textContent = rule === "subtraction" ? "Grundy value" : "Value";
    const rows = solution.rows.map((row) => {
      const tr = document.createElement("tr");
      for (const [text, mono] of [[row.pile, false], [row.stones, false], [row.value, false], [row.binary, true]]) {
        const cell = document.createElement(tr.children.length === 0 ? "th" : "td");
        if (tr.children.length === 0) cell.scope = "row";
        if (mono) cell.className = "mono";
        cell.textContent = String(text);
        tr.append(cell);
      }
      return tr;
    });
    $("nim-solution-rows").replaceChildren(...rows);
    $("nim-xor").textContent = solution.xor;
    $("nim-xor-binary").textContent = solution.xor_binary;
    const period = $("nim-period");
    if (solution.period) {
      const count = Number(solution.period.preperiod) + Number(solution.period.period);
      const more = count > solution.period.values.length ? " ..." : "";
      period.textContent = `Grundy values of piles 0 to ${solution.period.values.length - 1}: ${solution.period.values.join(" ")}${more}`;
      period.hidden = false;
    } else {
      period.hidden = true;
    }
    $("nim-solution-said").replaceChildren(...solution.said.map((sentence) => {
      const p = document.createElement("p");
      p.textContent = sentence;
      return p;
    }));
    drawFigure(solution);
  }

  // The figure of "How it's solved", as the engine lays it out
  // (solution.columns or solution.positions, the crate's nim::figure).
  const SVG = "http://www.w3.org/2000/svg";
  const figureBox = $("nim-figure-box");
  const mexLine = $("nim-mex");
  // The S-Nim position the person selected; null until they select one
  // (then the first pile's position is shown).
  let chosen = null;
  let positions = null; // the engine's solution.positions, while drawn

  function svg(name, attributes = {}, text = null) {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    if (text !== null) element.textContent = text;
    return element;
  }

  function drawFigure(solution) {
    const focused = document.activeElement && figureBox.contains(document.activeElement)
      ? document.activeElement.dataset.position
      : undefined;
    $("nim-figure-caption").textContent = solution.columns ? solution.columns.said : solution.positions.said;
    if (solution.columns) {
      positions = null;
      mexLine.hidden = true;
      figureBox.replaceChildren(drawColumns(solution.columns, solution.rows));
    } else {
      positions = solution.positions;
      figureBox.replaceChildren(drawPositions(positions));
      select(selectedPosition(), false);
      if (focused !== undefined) {
        const again = figureBox.querySelector(`[data-position="${focused}"]`);
        if (again) again.focus();
      }
    }
  }

  // Nim: a row of binary digits per pile (the rows' own `binary`), a row of
  // each column's count of ones and parity, and with a winning move its
  // pile after the move, the flipped bits marked, and the parities after.
  function drawColumns(columns, rows) {
    const CELL = 26;
    const ROW = 24;
    const LEFT = 112;
    const width = columns.bits.length;
    const change = columns.change;
    const lines = rows.length + 2 + (change ? 3 : 0);
    const figure = svg("svg", {
      width: LEFT + width * CELL + 8, height: 24 + lines * ROW, class: "nim-columns",
      role: "img", "aria-labelledby": "nim-figure-caption",
    });
    columns.bits.forEach((column, index) => {
      const head = svg("text", { x: LEFT + index * CELL + CELL / 2, y: 16, class: "nim-head" }, "2");
      head.append(svg("tspan", { dy: -6, "font-size": "0.7em" }, String(column.bit)));
      figure.append(head);
    });
    let y = 24;
    const digits = (label, binary, pile, flips, extra) => {
      const row = svg("g", { class: `nim-bits ${extra}`, "data-pile": pile });
      row.append(svg("text", { x: LEFT - 8, y: y + ROW / 2 + 5, class: "nim-label" }, label));
      columns.bits.forEach((column, index) => {
        const digit = binary[index];
        const flip = flips.includes(column.bit);
        const cell = svg("g", {
          class: `nim-digit${digit === "1" ? " nim-one" : ""}${flip ? " nim-flip" : ""}`,
          "data-pile": pile, "data-bit": column.bit, "data-digit": digit,
        });
        if (flip) cell.setAttribute("data-flips", "true");
        cell.append(svg("rect", { x: LEFT + index * CELL + 2, y: y + 2, width: CELL - 4, height: ROW - 4, rx: 3 }),
          svg("text", { x: LEFT + index * CELL + CELL / 2, y: y + ROW / 2 + 5 }, digit));
        row.append(cell);
      });
      figure.append(row);
      y += ROW;
    };
    const parities = (label, key, extra) => {
      const row = svg("g", { class: `nim-parities ${extra}` });
      row.append(svg("text", { x: LEFT - 8, y: y + ROW / 2 + 5, class: "nim-label" }, label));
      columns.bits.forEach((column, index) => {
        const parity = column[key];
        const cell = svg("g", {
          class: `nim-parity nim-${parity}`, "data-column": column.bit, "data-parity": parity,
        });
        if (key === "parity") cell.setAttribute("data-ones", column.ones);
        const text = key === "parity" ? `${column.ones}` : "";
        cell.append(svg("rect", { x: LEFT + index * CELL + 2, y: y + 2, width: CELL - 4, height: 2 * ROW - 4, rx: 3 }));
        if (text !== "") cell.append(svg("text", { x: LEFT + index * CELL + CELL / 2, y: y + ROW / 2 + 4 }, text));
        cell.append(svg("text", { x: LEFT + index * CELL + CELL / 2, y: y + ROW + (text === "" ? 2 : 8), class: "nim-word" }, parity));
        row.append(cell);
      });
      figure.append(row);
      y += 2 * ROW;
    };
    rows.forEach((row) => {
      const changes = change !== null && change.pile === row.pile;
      digits(`${changes ? "\u25b8 " : ""}pile ${row.pile}`, row.binary, row.pile, changes ? change.flips : [],
        changes ? "nim-changes" : "");
    });
    parities("ones", "parity", "");
    if (change) {
      digits(`pile ${change.pile} after`, change.to, change.pile, change.flips, "nim-after");
      parities("after", "after", "nim-after");
    }
    figure.setAttribute("height", y + 4);
    return figure;
  }

  // S-Nim: the positions on a line, each a button (its Grundy value inside,
  // its number and W or L below, the piles drawn there below that), and
  // the moves as arrows above: every position's when the engine says they
  // are few, otherwise the selected one's.
  const STEP = 34;
  const px = (n) => 24 + n * STEP;
  function arcHeight(span) {
    return Math.min(12 + span * 7, 90);
  }

  function drawPositions(figure) {
    const drawn = figure.positions;
    const longest = Math.max(1, ...drawn.flatMap((position) => position.moves.map((to) => position.position - to)));
    const base = 16 + arcHeight(longest) + 20;
    const piles = new Map();
    for (const pile of figure.piles) {
      if (pile.position === null) continue;
      piles.set(pile.position, [...(piles.get(pile.position) || []), pile.pile]);
    }
    const picture = svg("svg", {
      width: px(drawn.length - 1) + 26, height: base + 78, class: "nim-positions",
      role: "group", "aria-label": "the positions, their Grundy values and moves",
    });
    const defs = svg("defs");
    const marker = svg("marker", {
      id: "nim-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto",
    });
    marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z" }));
    defs.append(marker);
    picture.append(defs, svg("g", { class: "nim-arcs", "data-base": base }));
    for (const position of drawn) {
      const n = position.position;
      const outcome = position.loses ? "loss" : "win";
      const here = piles.get(n) || [];
      const node = svg("g", {
        class: `nim-position nim-${outcome}${here.length > 0 ? " nim-current" : ""}`,
        "data-position": n, "data-grundy": position.grundy, "data-outcome": outcome,
        role: "button", tabindex: -1, "aria-pressed": "false",
        "aria-label": `position ${n}: Grundy value ${position.grundy}, ${position.loses ? "L" : "W"}` +
          (here.length > 0 ? `, ${here.length === 1 ? "pile" : "piles"} ${here.join(", ")}` : ""),
      });
      // What a click or a tap hits: the whole column of the position.
      node.append(svg("rect", { x: px(n) - STEP / 2, y: base - 20, width: STEP, height: 92, class: "nim-hit" }));
      if (here.length > 0) {
        node.setAttribute("data-piles", here.join(" "));
        node.append(svg("circle", { cx: px(n), cy: base, r: 17, class: "nim-ring" }));
      }
      node.append(svg("circle", { cx: px(n), cy: base, r: 13, class: "nim-node" }),
        svg("text", { x: px(n), y: base + 5, class: "nim-grundy" }, String(position.grundy)),
        svg("text", { x: px(n), y: base + 34, class: "nim-n" }, String(n)),
        svg("text", { x: px(n), y: base + 50, class: "nim-mark" }, position.loses ? "L" : "W"));
      if (here.length > 0) {
        node.append(svg("text", { x: px(n), y: base + 68, class: "nim-here" }, `\u25b2${here.join(",")}`));
      }
      picture.append(node);
    }
    picture.addEventListener("click", (event) => {
      const node = event.target.closest("[data-position]");
      if (node) select(Number(node.dataset.position), true);
    });
    picture.addEventListener("focusin", (event) => {
      const node = event.target.closest("[data-position]");
      if (node) select(Number(node.dataset.position), false);
    });
    picture.addEventListener("keydown", onPositionKey);
    return picture;
  }

  // The selected position: the person's, while drawn, else the first
  // drawn pile's, else 0.
  function selectedPosition() {
    const last = positions.positions.length - 1;
    if (chosen !== null && chosen <= last) return chosen;
    const pile = positions.piles.find((one) => one.position !== null);
    return pile ? pile.position : 0;
  }

  // Selects position n: its moves' arrows in bold, its mex below. A click,
  // Enter, Space or the focus selects.
  function select(n, byPerson) {
    if (positions === null) return;
    const node = figureBox.querySelector(`[data-position="${n}"]`);
    if (!node) return;
    if (byPerson || document.activeElement === node) chosen = n;
    for (const other of figureBox.querySelectorAll("[data-position]")) {
      const on = other === node;
      other.classList.toggle("nim-selected", on);
      other.setAttribute("aria-pressed", on ? "true" : "false");
      other.setAttribute("tabindex", on ? "0" : "-1");
    }
    const arcs = figureBox.querySelector(".nim-arcs");
    const base = Number(arcs.dataset.base);
    const from = positions.all_moves ? positions.positions : [positions.positions[n]];
    arcs.replaceChildren(...from.flatMap((position) => position.moves.map((to) => {
      const span = position.position - to;
      const bold = position.position === n;
      return svg("path", {
        d: `M${px(position.position) - 4},${base - 14} A${(span * STEP - 8) / 2},${arcHeight(span)} 0 0 0 ${px(to) + 4},${base - 14}`,
        class: `nim-move${bold ? " nim-move-selected" : ""}`,
        "data-from": position.position, "data-to": to, "marker-end": "url(#nim-arrow)",
      });
    })));
    // The selected position's arrows over the others.
    for (const path of arcs.querySelectorAll(".nim-move-selected")) arcs.append(path);
    mexLine.textContent = positions.positions[n].said;
    mexLine.hidden = false;
  }

  // Arrow keys move along the positions (the focus selects), Home and End
  // go to the ends, Enter and Space select.
  function onPositionKey(event) {
    const node = event.target.closest("[data-position]");
    if (!node || positions === null) return;
    const n = Number(node.dataset.position);
    const last = positions.positions.length - 1;
    const to = { ArrowLeft: n - 1, ArrowRight: n + 1, Home: 0, End: last }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      const next = figureBox.querySelector(`[data-position="${Math.max(0, Math.min(last, to))}"]`);
      if (next) next.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      select(n, true);
    }
  }
})();
