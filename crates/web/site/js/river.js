// The river page. The game is the `games` engine's (crates/web/src/river.rs,
// which replays river-crossing's own game): this file keeps the player's
// entries, sends them all with the puzzle on every move, and draws the JSON
// answer. The address keeps the puzzle and the entries:
// river.html?p=3&d=3&c=2&play=h,1:1,1:0 (a crossing as priests:devils, `h`
// a hint), so a reload or a shared link comes back to the same point. It decides nothing: which crossing is allowed, the hint, the plan
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
    redo: $("river-redo"),
    restart: $("river-restart"),
    newGame: $("river-new"),
  };
  const status = $("river-status");
  const crossingsLine = $("river-crossings");

  // The player's entries, the lines the terminal game reads: crossings
  // ("1 1") and hints ("h"). Each step of `moves` is one crossing with the
  // hints asked before it, or a whole Solve; `pending` holds the hints asked
  // since the last step. Undo takes back a step, Redo brings it back.
  const moves = new puzzleJudges.game.Moves(stepsOf(params.get("play") || ""));
  let pending = moves.list.length > 0 && moves.list[moves.list.length - 1].every((entry) => entry === "h")
    ? moves.list.pop()
    : [];
  let boarded = { priests: 0, devils: 0 }; // who sits in the boat before Cross
  let game = null; // the engine's last answer
  let busy = false; // a request or Solve's animation is under way
  let stopping = false; // Stop was pressed while Solve plays

  for (const [name, value] of Object.entries(puzzle)) $(`river-${name}`).value = value;
  buttons.cross.addEventListener("click", () => act(cross));
  buttons.hint.addEventListener("click", () => act(hint));
  buttons.solve.addEventListener("click", () => (solving() ? (stopping = true) : act(solve)));
  buttons.undo.addEventListener("click", () => act(undo));
  buttons.redo.addEventListener("click", () => act(redo));
  buttons.restart.addEventListener("click", () => act(restart));
  for (const place of Object.values(places)) place.addEventListener("click", board);
  puzzleJudges.game.keys(buttons);
  act(async () => show(await ask(entries())));

  function entries() {
    return [...moves.list.flat(), ...pending];
  }

  async function cross() {
    const entry = `${boarded.priests} ${boarded.devils}`;
    const answer = await ask([...entries(), entry]);
    // A refused crossing changes nothing: it is not kept, and the boat
    // keeps its passengers so that the player can change them.
    if (answer.turn !== "refused") {
      moves.push([...pending, entry]);
      pending = [];
      boarded = { priests: 0, devils: 0 };
    }
    show(answer);
  }

  async function hint() {
    const answer = await ask([...entries(), "h"]);
    pending.push("h");
    if (answer.hint) boarded = answer.hint;
    show(answer);
  }

  // Plays the rest of the canonical plan: one request for the whole plan,
  // each crossing drawn in turn, then the crossings shown become one step
  // (Undo takes them back together). Stop ends the showing: the crossings
  // shown so far are kept.
  async function solve() {
    const answer = await ask([...entries(), "solve"]);
    if (answer.plan === null) {
      show(answer);
      return;
    }
    boarded = { priests: 0, devils: 0 };
    const steps = answer.plan;
    const perStep = Math.min(STEP_MS, SOLVE_MS / Math.max(steps.length, 1));
    const began = performance.now();
    let shown = 0;
    stopping = false;
    buttons.solve.textContent = "Stop";
    buttons.solve.disabled = false;
    try {
      while (shown < steps.length && !stopping) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(perStep, 16)));
        if (stopping) break;
        shown = Math.min(steps.length, Math.floor((performance.now() - began) / perStep) + 1);
        draw(answer.puzzle, steps[shown - 1].state, true);
        crossingsLine.textContent = `Crossings: ${answer.crossings + shown}`;
      }
    } finally {
      buttons.solve.textContent = "Solve";
      stopping = false;
    }
    if (shown > 0) {
      moves.push([...pending, ...steps.slice(0, shown).map((step) => `${step.load.priests} ${step.load.devils}`)]);
      pending = [];
    }
    show(await ask(entries()));
  }

  function solving() {
    return buttons.solve.textContent === "Stop";
  }

  // Takes back the last step, and the hints asked after it.
  async function undo() {
    pending = [];
    moves.undo();
    boarded = { priests: 0, devils: 0 };
    show(await ask(entries()));
  }

  async function redo() {
    pending = [];
    moves.redo();
    boarded = { priests: 0, devils: 0 };
    show(await ask(entries()));
  }

  async function restart() {
    moves.clear();
    pending = [];
    boarded = { priests: 0, devils: 0 };
    show(await ask(entries()));
  }

  // Runs one action at a time; an error of the engine (a bad puzzle) goes
  // to the status line as the engine wrote it, with a way back.
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
      puzzleJudges.game.fail($("river-error"), error.message);
      for (const button of [buttons.cross, buttons.hint, buttons.solve, buttons.undo, buttons.redo]) {
        button.disabled = true;
      }
    } finally {
      busy = false;
      places.left.parentElement.removeAttribute("aria-busy");
    }
  }

  // The engine's answer to the puzzle and `lines`, parsed.
  function ask(lines) {
    return puzzleJudges.game.ask("--river", [puzzleLine, ...lines].join("\n") + "\n");
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
    drawGraph(answer.graph);
    const focused = document.activeElement;
    buttons.cross.disabled = answer.over;
    buttons.hint.disabled = answer.over;
    buttons.solve.disabled = answer.over;
    buttons.undo.disabled = !moves.canUndo;
    buttons.redo.disabled = !moves.canRedo;
    if (focused && focused.disabled) buttons.restart.focus();
    // The address keeps the game: the puzzle and every entry, a crossing
    // as priests:devils.
    puzzleJudges.game.address({
      p: puzzle.p,
      d: puzzle.d,
      c: puzzle.c,
      state: puzzle.state,
      play: entries().map((entry) => entry.replace(" ", ":")).join(","),
    });
  }

  // The steps of an address's `play` list: each crossing with the hints
  // before it, and the hints after the last crossing as a step of their own
  // (taken back into `pending` above). The engine checks every entry.
  function stepsOf(play) {
    const steps = [];
    let step = [];
    for (const item of play.split(",")) {
      if (item === "") continue;
      const entry = item.replace(":", " ");
      step.push(entry);
      if (entry !== "h") {
        steps.push(step);
        step = [];
      }
    }
    if (step.length > 0) steps.push(step);
    return steps;
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

  // ---- "How it's solved": the state graph, as the engine gives it ----

  // Draws the engine's `graph`: every state a game from the start can
  // visit in columns by crossings from the start, the crossings between
  // them, the state now, and the rest of the canonical plan from it. A
  // graph too large to draw gets how many states lie at each distance, and
  // the state now with its neighbours (drawn the same way).
  function drawGraph(graph) {
    const svg = $("river-graph");
    const caption = $("river-graph-caption");
    const summary = $("river-graph-summary");
    const now = graph.now;
    const total = graph.layers.reduce((sum, count) => sum + count, 0);
    const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
    let states;
    let crossings;
    if (graph.drawn) {
      states = graph.states;
      crossings = graph.crossings;
      caption.textContent =
        `The ${plural(total, "state")} a game from the start can visit, in columns by ` +
        `crossings from the start; a line is a crossing, the state now is ringed, and ` +
        `the thick lines are the rest of the shortest plan.`;
      summary.hidden = true;
    } else {
      // The state now and its neighbours, each line a crossing from it.
      states = [now, ...graph.neighbours];
      crossings = graph.neighbours.map((next) =>
        (next.layer ?? Infinity) < (now.layer ?? Infinity)
          ? { from: next.state, to: now.state }
          : { from: now.state, to: next.state });
      const more = graph.neighbour_count - graph.neighbours.length;
      caption.textContent =
        `${plural(total, "state")} in ${plural(graph.layers.length, "layer")} are too many ` +
        `to draw: here the state now (ringed) and ${plural(graph.neighbour_count, "state")} ` +
        `one crossing from it${more > 0 ? ` (the first ${graph.neighbours.length} drawn)` : ""}, ` +
        `in columns by crossings from the start; below, how many states lie at each distance.`;
      summary.hidden = false;
      drawLayers(graph.layers, now.layer);
    }
    drawStates(svg, states, crossings, now.state, graph.plan || []);
    $("river-graph-said").textContent = described(now, "Now");
  }

  // One sentence about a state: where everyone is, and its distances.
  function described(state, label) {
    const [p, d, bank] = state.state.split(",");
    const toGoal = state.to_goal === null
      ? "the goal cannot be reached from here"
      : `${state.to_goal} crossing${state.to_goal === 1 ? "" : "s"} to the goal`;
    const fromStart = state.layer === null ? "" : `, ${state.layer} from the start`;
    return `${label}: ${state.state}, ${p} priests and ${d} devils on the left bank, ` +
      `the boat ${bank === "L" ? "left" : "right"}: ${toGoal}${fromStart}.`;
  }

  const SVG = "http://www.w3.org/2000/svg";
  const COLUMN = 66; // px between columns
  const ROW = 34; // px between states of a column
  const NODE = { width: 50, height: 24 };

  function drawStates(svg, states, crossings, nowName, plan) {
    // Columns: the distinct layers, in order (a neighbourhood may skip some).
    const layers = [...new Set(states.map((state) => state.layer))].sort(
      (a, b) => (a ?? Infinity) - (b ?? Infinity));
    const columns = layers.map((layer) => states.filter((state) => state.layer === layer));
    const tallest = Math.max(...columns.map((column) => column.length));
    const width = columns.length * COLUMN + 8;
    const height = tallest * ROW + 28;
    const place = {};
    columns.forEach((column, x) => {
      const top = 22 + ((tallest - column.length) * ROW) / 2;
      column.forEach((state, y) => {
        place[state.state] = { x: 4 + x * COLUMN + COLUMN / 2, y: top + y * ROW + ROW / 2 };
      });
    });
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    columns.forEach((column, x) => {
      const label = element("text", { x: 4 + x * COLUMN + COLUMN / 2, y: 12, class: "river-graph-layer" });
      label.textContent = column[0].layer ?? "";
      svg.append(label);
    });
    const planStep = new Map(plan.slice(1).map((name, index) => [`${plan[index]}>${name}`, index + 1]));
    for (const crossing of crossings) {
      const [a, b] = [place[crossing.from], place[crossing.to]];
      const step = planStep.get(`${crossing.from}>${crossing.to}`) || planStep.get(`${crossing.to}>${crossing.from}`);
      const line = element("line", {
        x1: a.x, y1: a.y, x2: b.x, y2: b.y,
        class: step ? "river-graph-crossing river-graph-plan" : "river-graph-crossing",
        "data-from": crossing.from,
        "data-to": crossing.to,
      });
      if (step) line.dataset.plan = step;
      svg.append(line);
    }
    const onPlan = new Set(plan);
    for (const state of states) {
      const at = place[state.state];
      const classes = ["river-graph-state"];
      if (state.to_goal === null) classes.push("river-graph-lost");
      if (onPlan.has(state.state)) classes.push("river-graph-on-plan");
      const node = element("g", {
        class: classes.join(" "),
        "data-state": state.state,
        tabindex: "0",
        role: "img",
        "aria-label": described(state, "State").replace(/^State: /, "").replace(/\.$/, ""),
      });
      if (state.state === nowName) node.setAttribute("aria-current", "true");
      const title = element("title", {});
      title.textContent = described(state, "State");
      const box = element("rect", {
        x: at.x - NODE.width / 2, y: at.y - NODE.height / 2,
        width: NODE.width, height: NODE.height, rx: 5,
      });
      const text = element("text", { x: at.x, y: at.y + 4 });
      // A lost state says so in its label too, not by colour alone.
      text.textContent = state.to_goal === null ? `${state.state} ×` : state.state;
      node.append(title, box, text);
      const tell = () => { $("river-graph-said").textContent = described(state, "State"); };
      node.addEventListener("mouseenter", tell);
      node.addEventListener("focus", tell);
      svg.append(node);
    }
  }

  // One bar per distance from the start: how many states lie there.
  function drawLayers(layers, nowLayer) {
    const svg = $("river-graph-layers");
    const bar = Math.max(1, Math.min(8, Math.floor(640 / layers.length)));
    const most = Math.max(...layers);
    const width = layers.length * bar;
    const height = 60;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    layers.forEach((count, layer) => {
      const tall = Math.max(1, Math.round((count / most) * (height - 2)));
      svg.append(element("rect", {
        x: layer * bar, y: height - tall, width: Math.max(1, bar - (bar > 2 ? 1 : 0)), height: tall,
        class: layer === nowLayer ? "river-graph-bar river-graph-bar-now" : "river-graph-bar",
        "data-layer": layer,
        "data-count": count,
      }));
    });
    const widest = layers.indexOf(most);
    $("river-graph-layers-said").textContent =
      `Distances 0 to ${layers.length - 1} from the start; the most states, ${most}, ` +
      `lie ${widest} crossing${widest === 1 ? "" : "s"} away` +
      (nowLayer === null ? "." : `; the state now lies ${nowLayer} away (the dark bar).`);
  }

  function element(name, attributes) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    return node;
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
