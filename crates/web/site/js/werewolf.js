// The werewolf page. The puzzle, the marking's state, Check, Hint, Solve
// and the count of an entered puzzle are the `games --werewolf` engine's
// (crates/web/src/werewolf.rs, on the werewolf crate): this file keeps the
// moves (a player's number toggles their mark, `solve` marks the answer),
// sends them with the puzzle on every click, and draws the JSON answer.
(function () {
  "use strict";

  const game = puzzleJudges.game;
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // The default puzzle is the example; the engine checks every value.
  const puzzle = {
    n: params.get("n") || "8",
    m: params.get("m") || "2",
    l: params.get("l") || "3",
    seed: params.get("seed") || "42",
    level: params.get("level") || "", // easy, hard, or any
  };
  const marks = (params.get("marks") || "").split(",").filter((word) => word !== "");
  const moves = new game.Moves(marks);
  const buttons = {
    check: $("ww-check"),
    hint: $("ww-hint"),
    solve: $("ww-solve"),
    undo: $("ww-undo"),
    redo: $("ww-redo"),
    restart: $("ww-restart"),
    newGame: $("ww-new"),
  };
  const status = $("ww-status");
  let shown = null; // the sentences drawn, to redraw the list only for a new puzzle
  let busy = false;

  for (const [name, value] of Object.entries(puzzle)) $(`ww-form-${name}`).value = value;
  buttons.check.addEventListener("click", () => act(() => refresh("check")));
  buttons.hint.addEventListener("click", () => act(() => refresh("hint")));
  buttons.solve.addEventListener("click", () => act(() => { moves.push("solve"); return refresh(); }));
  buttons.undo.addEventListener("click", () => act(() => { moves.undo(); return refresh(); }));
  buttons.redo.addEventListener("click", () => act(() => { moves.redo(); return refresh(); }));
  buttons.restart.addEventListener("click", () => act(() => { moves.clear(); return refresh(); }));
  buttons.newGame.addEventListener("click", () => act(() => {
    puzzle.seed = String(Math.floor(Math.random() * 4294967296));
    $("ww-form-seed").value = puzzle.seed;
    moves.clear();
    return refresh();
  }));
  $("ww-players").addEventListener("click", (event) => {
    const button = event.target.closest("button.ww-player");
    if (!button) return;
    act(() => { moves.push(button.dataset.player); return refresh(); });
  });
  $("ww-count").addEventListener("click", enter);
  game.keys(buttons);
  act(() => refresh());

  // One action at a time; an engine error (a bad address or form value)
  // shows the crate's line and a way back.
  async function act(action) {
    if (busy) return;
    busy = true;
    $("ww-players").setAttribute("aria-busy", "true");
    try {
      await action();
    } catch (error) {
      game.fail($("ww-error"), error.message);
      status.textContent = error.message;
      status.className = "ww-status ww-bad";
      for (const button of Object.values(buttons)) if (button !== buttons.newGame) button.disabled = true;
    } finally {
      busy = false;
      $("ww-players").removeAttribute("aria-busy");
    }
  }

  async function refresh(action) {
    const level = puzzle.level ? ` ${puzzle.level}` : "";
    const request = `new ${puzzle.n} ${puzzle.m} ${puzzle.l} ${puzzle.seed}${level}\n${moves.list.join(" ")}\n${action || ""}\n`;
    const answer = await game.ask("--werewolf", request);
    game.address({ ...puzzle, marks: moves.list.join(",") });
    draw(answer, action);
  }

  // The grade: the level, each deduction (a case split marked), and the
  // note when the level asked was not found.
  function drawLevel(answer) {
    const note = $("ww-note");
    note.hidden = answer.note === null;
    note.textContent = answer.note || "";
    $("ww-level").textContent = answer.level === "easy"
      ? "Easy: following what each statement forces decides every player, in these steps."
      : answer.level === "hard"
        ? "Hard: the steps below need a case split (suppose a player's role, and reach a contradiction)."
        : "More than the rules and one case split at a time: the counting above decides it.";
    $("ww-steps").replaceChildren(...answer.steps.map((step) => {
      const item = document.createElement("li");
      item.textContent = step.sentence;
      if (step.case_split) item.className = "ww-split";
      return item;
    }));
  }

  function draw(answer, action) {
    $("ww-error").hidden = true;
    $("ww-n").textContent = answer.puzzle.players;
    $("ww-m").textContent = answer.puzzle.werewolves;
    $("ww-l").textContent = answer.puzzle.liars;
    const list = $("ww-players");
    const key = JSON.stringify(answer.sentences);
    if (shown !== key) {
      shown = key;
      list.replaceChildren(...answer.sentences.map((sentence, index) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "ww-player";
        button.dataset.player = String(index + 1);
        button.setAttribute("aria-label", `player ${index + 1}`);
        button.textContent = `Player ${index + 1}`;
        const said = document.createElement("span");
        said.className = "ww-said";
        said.textContent = sentence;
        item.append(button, said);
        return item;
      }));
      $("ww-how-lines").replaceChildren(...answer.how.map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }));
      drawTable(answer.table, answer.puzzle);
      drawLevel(answer);
    }
    const marked = new Set(answer.marked);
    $("ww-weights").querySelectorAll("[data-player]").forEach((bar) => {
      bar.setAttribute("data-marked", String(marked.has(Number(bar.dataset.player))));
    });
    list.querySelectorAll("li").forEach((item, index) => {
      item.querySelector("button").setAttribute("aria-pressed", String(marked.has(index + 1)));
      item.classList.toggle("ww-hinted", answer.hint !== null && answer.hint.player === index + 1);
    });
    status.className = "ww-status";
    if (action === "check") {
      status.textContent = answer.check.join("\n");
      status.classList.add(answer.solved ? "ww-good" : "ww-bad");
    } else if (action === "hint") {
      status.textContent = answer.hint ? `Hint: ${answer.hint.said}` : "Every player is marked right: Check says Solved.";
    } else if (moves.list.length > 0 && moves.list[moves.list.length - 1] === "solve") {
      status.textContent = "Solved: the answer is marked (Undo takes it back).";
    } else {
      status.textContent = `Marked as werewolves: ${answer.marked.length === 0 ? "nobody" : answer.marked.join(", ")}.`;
    }
    buttons.undo.disabled = !moves.canUndo;
    buttons.redo.disabled = !moves.canRedo;
    buttons.restart.disabled = !moves.canUndo;
    for (const name of ["check", "hint", "solve"]) buttons[name].disabled = false;
  }

  // The figure of "How it's solved", all from the engine's `table`: the
  // players' weights as bars, then the (count, liars) cells the solver's
  // prefix tables reach, shaded by how many of the lowest players it takes,
  // and the answer's path from player N down. Nothing here is computed but
  // positions.
  function drawTable(table, numbers) {
    const svg = $("ww-weights");
    const unit = 16;
    const left = 34;
    const players = table.weights.length;
    const columns = table.liars_to - table.liars_from + 1;
    const rows = table.cells.length;
    const most = Math.max(1, ...table.weights.map(Math.abs));
    const barUnit = Math.min(8, 40 / most);
    const zero = 6 + most * barUnit;
    const gridTop = zero + most * barUnit + 34;
    const gridBottom = gridTop + rows * unit;
    const width = left + Math.max(players, columns) * unit + 4;
    const height = gridBottom + 30;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.style.maxWidth = `${width * 2.5}px`;
    const parts = [];
    const wolves = new Set(table.path.filter((step) => step.werewolf).map((step) => step.player));
    const text = (x, y, words, anchor) => add(parts, "text", { x, y, "text-anchor": anchor || "middle" }, words);
    text(2, zero + 3, "w", "start");
    table.weights.forEach((weight, index) => {
      const x = left + index * unit;
      const group = add(parts, "g", {
        "data-player": index + 1,
        "data-weight": weight,
        class: wolves.has(index + 1) ? "ww-bar ww-wolf" : "ww-bar",
      });
      add(group.children, "title", {}, `player ${index + 1}: weight ${weight >= 0 ? "+" : ""}${weight}`);
      const size = Math.abs(weight) * barUnit;
      add(group.children, "rect", { x: x + 2, y: weight > 0 ? zero - size : zero, width: unit - 4, height: Math.max(size, 1) });
      add(group.children, "text", { x: x + unit / 2, y: zero + most * barUnit + 14, "text-anchor": "middle" }, index + 1);
    });
    add(parts, "line", { x1: left, y1: zero, x2: left + players * unit, y2: zero, class: "ww-axis" });
    const cellX = (liars) => left + (liars - table.liars_from) * unit;
    const cellY = (count) => gridTop + (rows - 1 - count) * unit;
    table.cells.forEach((row, count) => {
      text(left - 6, cellY(count) + unit / 2 + 3, count, "end");
      row.forEach((first, column) => {
        const liars = table.liars_from + column;
        const box = { x: cellX(liars), y: cellY(count), width: unit, height: unit };
        if (first === null) {
          add(parts, "rect", { ...box, class: "ww-empty" });
          return;
        }
        const shade = 0.15 + 0.75 * (1 - first / Math.max(1, players));
        const cell = add(parts, "rect", {
          ...box,
          class: "ww-cell",
          "data-cell": `${count},${liars}`,
          "data-first": first,
          "fill-opacity": shade.toFixed(2),
        });
        add(cell.children, "title", {}, `${count} werewolves, ${liars} false statements: made by players 1 to ${first} (or more)`);
      });
    });
    for (let liars = table.liars_from; liars <= table.liars_to; liars++) {
      if (columns <= 20 || liars % 5 === 0) text(cellX(liars) + unit / 2, gridBottom + 11, liars);
    }
    text(2, gridTop - 5, "werewolves", "start");
    text(left + columns * unit / 2, gridBottom + 25, "false statements");
    if (table.path.length > 0) {
      const centre = (count, liars) => [cellX(liars) + unit / 2, cellY(count) + unit / 2];
      const points = [centre(numbers.werewolves, numbers.liars), ...table.path.map((step) => centre(step.count, step.liars))];
      add(parts, "polyline", { points: points.map((point) => point.join(",")).join(" "), class: "ww-route" });
      const [x, y] = points[0];
      const start = add(parts, "circle", { cx: x, cy: y, r: 5, class: "ww-start", "data-at": `${numbers.werewolves},${numbers.liars}` });
      add(start.children, "title", {}, `all ${players} players: ${numbers.werewolves} werewolves, ${numbers.liars} false statements`);
      table.path.forEach((step, index) => {
        const [cx, cy] = points[index + 1];
        const mark = add(parts, "circle", {
          cx, cy, r: step.werewolf ? 4 : 1.5,
          class: step.werewolf ? "ww-step ww-wolf" : "ww-step",
          "data-path": step.player,
          "data-werewolf": String(step.werewolf),
          "data-at": `${step.count},${step.liars}`,
        });
        add(mark.children, "title", {}, `player ${step.player} ${step.werewolf ? "werewolf" : "human"}: players below make ${step.count} werewolves, ${step.liars} false statements`);
      });
    }
    svg.replaceChildren(...parts.map(build));
    const filled = `the tables fill ${table.filled} cells (the table of the players below each player, and of all of them)`;
    $("ww-effort").textContent = table.sets_tried === null
      ? `Against a plain search: ${filled}.`
      : `A plain search tries C(${players}, ${numbers.werewolves}) = ${table.sets_tried} sets of ${numbers.werewolves} players; ${filled}.`;
  }

  // SVG nodes as plain records first, then built: `add` keeps the order.
  function add(parts, name, attributes, words) {
    const part = { name, attributes, words, children: [] };
    parts.push(part);
    return part;
  }

  function build(part) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", part.name);
    for (const [key, value] of Object.entries(part.attributes)) node.setAttribute(key, String(value));
    if (part.words !== undefined) node.textContent = String(part.words);
    node.append(...part.children.map(build));
    return node;
  }

  // "Enter a puzzle": how many answers it has, and the judge's line.
  async function enter() {
    const line = $("ww-entered");
    const sentences = $("ww-entered-sentences");
    line.className = "ww-status";
    try {
      const answer = await game.ask("--werewolf", `judge\n${$("ww-input").value}`);
      let count;
      if (answer.answers === null) count = `The answers could not be counted (${answer.count_error}).`;
      else if (answer.answers === 0) count = "This puzzle has no answer.";
      else if (answer.answers === 1) count = "This puzzle has exactly one answer.";
      else count = `This puzzle has ${answer.capped ? "at least " : ""}${answer.answers} answers.`;
      line.textContent = `${count} The judge prints: ${answer.printed}`;
      sentences.replaceChildren(...answer.sentences.map((sentence) => {
        const item = document.createElement("li");
        item.textContent = sentence;
        return item;
      }));
    } catch (error) {
      line.textContent = error.message;
      line.classList.add("ww-bad");
      sentences.replaceChildren();
    }
  }
})();
