// The river page. The game is the `games` engine's (crates/web/src/river.rs,
// which replays river-crossing's own game): this file keeps the player's
// entries, sends them all with the puzzle on every move, and draws the JSON
// answer. It decides nothing: which crossing is allowed, the hint, the plan
// and the end of the game all come from the engine, and every sentence in
// the status line is the terminal game's.
(function () {
  "use strict";

  // At most this many figures of each kind are drawn in one place; the
  // count beside them says how many there are (1000 figures help nobody).
  const FEW = 5;
  // Solve shows each crossing this long, and all of them within SOLVE_MS.
  const STEP_MS = 500;
  const SOLVE_MS = 4000;

  const params = new URLSearchParams(location.search);
  const puzzle = {
    p: params.get("p") || "3",
    d: params.get("d") || "3",
    c: params.get("c") || "2",
    state: params.get("state") || "",
  };
  // The request's first line: the puzzle as the terminal game reads it, with
  // the game under way on the same line. The engine checks every number.
  const puzzleLine = [puzzle.p, puzzle.d, puzzle.c, ...puzzle.state.split(/[\s,]+/)]
    .filter((word) => word !== "")
    .join(" ");

  const $ = (id) => document.getElementById(id);
  const places = { left: $("river-left"), right: $("river-right"), boat: $("river-boat") };
  const buttons = {
    cross: $("river-cross"),
    hint: $("river-hint"),
    solve: $("river-solve"),
    undo: $("river-undo"),
    restart: $("river-restart"),
  };
  const status = $("river-status");
  const crossingsLine = $("river-crossings");

  let entries = []; // the lines after the puzzle: crossings ("1 1") and hints ("h")
  let boarded = { priests: 0, devils: 0 }; // who sits in the boat before Cross
  let game = null; // the engine's last answer
  let busy = false; // a request or Solve's animation is under way

  for (const [name, value] of Object.entries(puzzle)) $(`river-${name}`).value = value;
  buttons.cross.addEventListener("click", () => act(cross));
  buttons.hint.addEventListener("click", () => act(hint));
  buttons.solve.addEventListener("click", () => act(solve));
  buttons.undo.addEventListener("click", () => act(undo));
  buttons.restart.addEventListener("click", () => act(restart));
  for (const place of Object.values(places)) place.addEventListener("click", board);
  act(restart);

  async function cross() {
    const entry = `${boarded.priests} ${boarded.devils}`;
    const answer = await ask([...entries, entry]);
    // A refused crossing changes nothing: it is not kept, and the boat
    // keeps its passengers so that the player can change them.
    if (answer.turn !== "refused") {
      entries.push(entry);
      boarded = { priests: 0, devils: 0 };
    }
    show(answer);
  }

  async function hint() {
    const answer = await ask([...entries, "h"]);
    entries.push("h");
    if (answer.hint) boarded = answer.hint;
    show(answer);
  }

  // Plays the rest of the canonical plan: one request for the whole plan,
  // each crossing drawn in turn, then the plan's crossings become entries.
  async function solve() {
    const answer = await ask([...entries, "solve"]);
    if (answer.plan === null) {
      show(answer);
      return;
    }
    boarded = { priests: 0, devils: 0 };
    const steps = answer.plan;
    const perStep = Math.min(STEP_MS, SOLVE_MS / Math.max(steps.length, 1));
    const began = performance.now();
    let shown = 0;
    while (shown < steps.length) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(perStep, 16)));
      shown = Math.min(steps.length, Math.floor((performance.now() - began) / perStep) + 1);
      draw(answer.puzzle, steps[shown - 1].state, true);
      crossingsLine.textContent = `Crossings: ${answer.crossings + shown}`;
    }
    for (const step of steps) entries.push(`${step.load.priests} ${step.load.devils}`);
    show(await ask(entries));
  }

  // Takes back the last crossing, and the hints asked after it.
  async function undo() {
    while (entries.length > 0 && entries[entries.length - 1] === "h") entries.pop();
    entries.pop();
    boarded = { priests: 0, devils: 0 };
    show(await ask(entries));
  }

  async function restart() {
    entries = [];
    boarded = { priests: 0, devils: 0 };
    show(await ask(entries));
  }

  // Runs one action at a time; an error of the engine (a bad puzzle) goes
  // to the status line as the engine wrote it.
  async function act(action) {
    if (busy) return;
    busy = true;
    places.left.parentElement.setAttribute("aria-busy", "true");
    try {
      await action();
    } catch (error) {
      game = null;
      status.classList.add("river-error");
      status.textContent = error.message;
      for (const button of [buttons.cross, buttons.hint, buttons.solve, buttons.undo]) {
        button.disabled = true;
      }
    } finally {
      busy = false;
      places.left.parentElement.removeAttribute("aria-busy");
    }
  }

  // The engine's answer to the puzzle and `lines`, parsed.
  async function ask(lines) {
    const request = [puzzleLine, ...lines].join("\n") + "\n";
    const { stdout, stderr, status: exit } = await puzzleJudges.run("games", ["--river"], request);
    if (exit !== 0) throw new Error(stderr.trim());
    return JSON.parse(stdout);
  }

  function show(answer) {
    game = answer;
    status.classList.remove("river-error");
    status.textContent = answer.said.join("\n");
    crossingsLine.textContent = `Crossings: ${answer.crossings}`;
    $("river-priests").textContent = answer.puzzle.priests;
    $("river-devils").textContent = answer.puzzle.devils;
    $("river-boat-size").textContent = answer.puzzle.capacity;
    draw(answer.puzzle, answer.state, answer.over);
    const focused = document.activeElement;
    buttons.cross.disabled = answer.over;
    buttons.hint.disabled = answer.over;
    buttons.solve.disabled = answer.over;
    buttons.undo.disabled = !entries.some((entry) => entry !== "h");
    if (focused && focused.disabled) buttons.restart.focus();
  }

  // Boards a figure from the boat's bank, or sends one in the boat back.
  function board(event) {
    const figure = event.target.closest("button.river-figure");
    if (!figure || busy || !game || figure.getAttribute("aria-disabled") === "true") return;
    const kind = figure.dataset.kind === "priest" ? "priests" : "devils";
    boarded[kind] += figure.dataset.place === "boat" ? -1 : 1;
    draw(game.puzzle, game.state, game.over);
  }

  // Draws the banks and the boat; the figures that stand on the boat's bank
  // (and those in the boat) can be clicked. Keeps the keyboard focus on the
  // figure that had it, or on its neighbour when it went away.
  function draw(puzzleSize, state, over) {
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset
      : {};
    for (const bank of ["left", "right"]) {
      const here = state.boat === bank;
      const standing = {
        priests: state[bank].priests - (here ? boarded.priests : 0),
        devils: state[bank].devils - (here ? boarded.devils : 0),
      };
      fill(places[bank], bank, standing, !here || over);
    }
    fill(places.boat, "boat", boarded, over);
    places.boat.classList.toggle("river-boat-right", state.boat === "right");
    const label = document.createElement("p");
    label.className = "river-boat-size";
    label.textContent = `boat for ${puzzleSize.capacity}`;
    places.boat.append(label);
    if (focused.place) {
      const same = `button.river-figure[data-place="${focused.place}"]`;
      const target =
        document.querySelector(`${same}[data-key="${focused.key}"]`) ||
        [...document.querySelectorAll(`${same}[data-kind="${focused.kind}"]`)].pop() ||
        document.querySelector(same) ||
        document.querySelector("button.river-figure:not([aria-disabled=true])") ||
        buttons.cross;
      target.focus();
    }
  }

  // One place's figures: a few of each kind, and the counts beside them.
  function fill(place, name, people, inactive) {
    place.replaceChildren();
    const figures = document.createElement("div");
    figures.className = "river-figures";
    for (const kind of ["priest", "devil"]) {
      const count = people[`${kind}s`];
      for (let index = 0; index < Math.min(count, FEW); index++) {
        figures.append(figure(name, kind, index, inactive));
      }
    }
    place.append(figures);
    // The banks always say their counts; the boat only when it holds more
    // than its figures show.
    if (name !== "boat" || people.priests > FEW || people.devils > FEW) {
      const counts = document.createElement("p");
      counts.className = "river-count";
      counts.textContent = `priests ${people.priests} · devils ${people.devils}`;
      place.append(counts);
    }
  }

  function figure(place, kind, index, inactive) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `river-figure river-${kind}`;
    button.setAttribute("aria-label", kind);
    button.dataset.place = place;
    button.dataset.kind = kind;
    button.dataset.key = `${kind}-${index}`;
    if (inactive) button.setAttribute("aria-disabled", "true");
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 40");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", `#river-${kind}`);
    svg.append(use);
    button.append(svg);
    return button;
  }
})();
