// The Go page. Every rule is the `games --go` engine's (crates/web/src/go.rs,
// which replays go-ko's own Game and SGF reader): this file keeps the
// entries played, sends them all on every move, and draws the JSON answer.
// It decides nothing: the verdicts, captures, refusals, every position of a
// record, every sentence about them and every point's name and SGF letters
// come from the engine.
//
// The address: play `go.html?size=19&rules=simple&moves=Bdd,Wpp,B-,bcc`
// (moves Bdd/Wdd, passes B-/W-, setup bdd/wdd/edd, as the engine reads
// them; `colour=B` or `W` when one colour always plays); a judge's position
// `go.html?position=...` (when short); a record `go.html?sgf=...&game=K&move=N`
// (the record itself only when short: a long one is kept for this tab in
// sessionStorage, and the address keeps its game and move).
(function () {
  "use strict";

  const game = puzzleJudges.game;
  // The largest board played and drawn (the engine's MAX_PLAY_SIZE).
  const MAX_SIZE = 25;
  // Records and positions up to this many characters ride in the address;
  // longer ones would make an address browsers and chat programs cut.
  const ADDRESS_TEXT = 1500;
  const RULES = ["simple", "tromp-taylor", "nz"];
  // The viewer's address is updated this long after the last step (a held
  // arrow key steps about 30 times a second).
  const ADDRESS_DELAY_MS = 150;

  const $ = (id) => document.getElementById(id);
  const boardBox = $("go-board");
  const lines = $("go-lines");
  const status = $("go-status");
  const buttons = {
    undo: $("go-undo"),
    redo: $("go-redo"),
    pass: $("go-pass"),
    clear: $("go-clear"),
    explain: $("go-explain"),
    first: $("go-first"),
    prev: $("go-prev"),
    next: $("go-next"),
    last: $("go-last"),
  };
  const fields = {
    size: $("go-size"),
    rules: $("go-rules"),
    colour: $("go-colour"),
    setup: $("go-setup"),
    position: $("go-position"),
    sgf: $("go-sgf"),
    file: $("go-file"),
    keepGoing: $("go-keep-going"),
    games: $("go-games"),
    slider: $("go-slider"),
  };

  const params = new URLSearchParams(location.search);
  let mode = "play"; // "play", "position" or "sgf"
  let size = 19;
  let rules = "simple";
  let moves = new game.Moves();
  let answer = null; // the engine's last answer in play or position mode
  let drawn = { rows: 0, cols: 0, grid: null }; // the grid of buttons now
  let record = null; // the SGF bytes loaded (Uint8Array)
  let viewer = null; // {answer, boards, index}
  let busy = false;
  let explainOn = false;
  let searchStep = 0; // the judge's search step drawn (0-based), in play and position
  let pending = null; // a long record's game and move, from the address
  let addressTimer = 0;

  // ------------------------------------------------------------ setup

  for (const button of document.querySelectorAll(".go-presets button")) {
    button.addEventListener("click", () => act(() => newBoard(Number(button.dataset.size))));
  }
  fields.size.addEventListener("change", () => act(() => newBoard(fields.size.value)));
  fields.rules.addEventListener("change", () => act(changeRules));
  fields.colour.addEventListener("change", () => {
    if (mode === "play") showPlay(answer);
  });
  buttons.undo.addEventListener("click", () => act(async () => { moves.undo(); await play(); }));
  buttons.redo.addEventListener("click", () => act(async () => { moves.redo(); await play(); }));
  buttons.pass.addEventListener("click", () => act(() => enter(`${toPlay()}-`)));
  buttons.clear.addEventListener("click", () => act(async () => {
    mode = "play";
    moves.clear();
    await play();
  }));
  buttons.explain.addEventListener("click", () => {
    explainOn = !explainOn;
    buttons.explain.setAttribute("aria-pressed", String(explainOn));
    redraw();
  });
  for (const [id, by, other] of [["go-search-prev", -1, "go-search-next"], ["go-search-next", 1, "go-search-prev"]]) {
    $(id).addEventListener("click", () => {
      searchStep += by;
      redraw();
      // At the first or last step the button is disabled: keep the focus.
      if ($(id).disabled) $(other).focus();
    });
  }
  boardBox.addEventListener("click", (event) => {
    const point = event.target.closest("button");
    if (point) act(() => clickPoint(Number(point.dataset.point)));
  });
  boardBox.addEventListener("keydown", moveFocus);
  $("go-position-load").addEventListener("click", () => act(() => loadPosition(fields.position.value, true)));
  $("go-sgf-load").addEventListener("click", () => act(() => {
    record = new TextEncoder().encode(fields.sgf.value);
    return loadSgf(1, null, true);
  }));
  fields.file.addEventListener("change", () => act(async () => {
    const file = fields.file.files[0];
    if (!file) return;
    record = new Uint8Array(await file.arrayBuffer());
    // A big file is not copied into the box: the box would freeze the page.
    fields.sgf.value = record.length <= 200000 ? new TextDecoder().decode(record) : "";
    await loadSgf(1, null, true);
  }));
  fields.games.addEventListener("change", () => act(() => loadSgf(Number(fields.games.value), null, false)));
  fields.keepGoing.addEventListener("change", () => { if (mode === "sgf") act(() => loadSgf(viewer ? viewer.answer.game : 1, null, false)); });
  fields.slider.addEventListener("input", () => goTo(Number(fields.slider.value)));
  buttons.first.addEventListener("click", () => goTo(0));
  buttons.prev.addEventListener("click", () => goTo(viewer.index - 1));
  buttons.next.addEventListener("click", () => goTo(viewer.index + 1));
  buttons.last.addEventListener("click", () => goTo(viewer.boards.length - 1));
  game.keys({ undo: buttons.undo, redo: buttons.redo, restart: buttons.clear });
  document.addEventListener("keydown", navigationKeys);

  act(start);

  // Restores the address's game, or an empty 19x19 board.
  async function start() {
    const failBox = $("go-failed");
    try {
      rules = params.get("rules") || "simple";
      if (!RULES.includes(rules)) throw new Error(`error: the rules are simple, tromp-taylor or nz, found "${rules}"`);
      fields.rules.value = rules;
      const colour = params.get("colour");
      if (colour === "B" || colour === "W") fields.colour.value = colour;
      if (params.has("position")) {
        fields.position.value = params.get("position");
        await loadPosition(fields.position.value, false);
        return;
      }
      if (params.has("sgf") || params.has("game") || params.has("move")) {
        fields.keepGoing.checked = params.get("keep") === "1";
        let text = params.get("sgf");
        if (text === null) text = stored();
        const number = Number(params.get("game") || "1");
        const at = params.has("move") ? Number(params.get("move")) : null;
        if (text === null) {
          status.textContent = `The record is not in the address (it was too long): load it again and it opens at game ${number}, move ${at === null ? "the last" : at}.`;
          pending = { number, at };
          await newBoard(19);
          return;
        }
        if (text.length <= 200000) fields.sgf.value = text;
        record = new TextEncoder().encode(text);
        await loadSgf(number, at, false, true);
        return;
      }
      const sizeText = params.get("size") || "19";
      size = Number(sizeText);
      if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
        throw new Error(`error: the board size is from 1 to ${MAX_SIZE}, found "${sizeText}"`);
      }
      moves = new game.Moves((params.get("moves") || "").split(",").filter((entry) => entry !== ""));
      await play(true);
    } catch (error) {
      game.fail(failBox, error.message);
      status.textContent = error.message;
      status.classList.add("go-error");
    }
  }

  function stored() {
    try {
      return sessionStorage.getItem("go-sgf");
    } catch (error) {
      return null;
    }
  }

  // Runs one action at a time; an engine refusal goes to the status line.
  async function act(action) {
    if (busy) return;
    busy = true;
    $("go-board-wrap").setAttribute("aria-busy", "true");
    try {
      await action();
    } catch (error) {
      status.textContent = error.message;
      status.classList.add("go-error");
    } finally {
      busy = false;
      $("go-board-wrap").removeAttribute("aria-busy");
    }
  }

  // ------------------------------------------------------------- play

  async function newBoard(value) {
    const wanted = Number(value);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_SIZE) {
      fields.size.value = size;
      throw new Error(`error: the board size is from 1 to ${MAX_SIZE}, found "${value}"`);
    }
    size = wanted;
    mode = "play";
    moves.clear();
    await play();
  }

  async function changeRules() {
    const before = rules;
    rules = fields.rules.value;
    if (mode === "sgf") {
      await loadSgf(viewer ? viewer.answer.game : 1, null, false);
    } else if (mode === "play") {
      try {
        await play();
      } catch (error) {
        // These moves are illegal under the new rules: keep the old ones.
        rules = before;
        fields.rules.value = before;
        throw error;
      }
    }
  }

  function request(entries) {
    return `play ${size} ${rules}\n${entries.join(" ")}\n`;
  }

  // Replays the moves kept; shows the position after them.
  async function play(first = false) {
    const reply = await game.ask("--go", request(moves.list));
    // Only a new entry may be refused: moves kept (from the address, or
    // under rules just changed) that are refused are an error.
    if (reply.last && reply.last.refused !== null) throw new Error(`error: ${reply.last.refused}`);
    mode = "play";
    searchStep = 0;
    showPlay(reply, first);
  }

  // Tries one entry: kept when the engine accepts it, shown either way.
  async function enter(entry) {
    const reply = await game.ask("--go", request([...moves.list, entry]));
    if (reply.last && reply.last.refused === null) moves.push(entry);
    searchStep = 0;
    showPlay(reply);
  }

  function toPlay() {
    const chosen = fields.colour.value;
    if (chosen === "B" || chosen === "W") return chosen;
    return answer && answer.mode === "play" ? answer.next : "B";
  }

  async function clickPoint(point) {
    if (mode !== "play" || !answer) return;
    const letters = answer.grid.letters[point];
    if (fields.setup.checked) {
      // Setup cycles the point: empty, black, white, empty.
      const now = answer.board[point];
      const entry = (now === "." ? "b" : now === "X" ? "w" : "e") + letters;
      await enter(entry);
    } else {
      await enter(toPlay() + letters);
    }
  }

  function showPlay(reply, first = false) {
    answer = reply;
    viewer = null;
    status.classList.remove("go-error");
    $("go-viewer").hidden = true;
    $("go-text").hidden = true;
    fields.size.value = size;
    grid(reply.rows, reply.cols, reply.grid);
    const last = reply.last;
    if (last !== null && last.refused !== null) status.classList.add("go-error");
    status.textContent = first ? reply.opening : reply.status;
    $("go-turn").textContent = reply.turns[toPlay()];
    $("go-captures").textContent = reply.captured;
    paint(reply.board, reply.marked, reply.explain, reply.search);
    buttons.undo.disabled = !moves.canUndo;
    buttons.redo.disabled = !moves.canRedo;
    buttons.pass.disabled = false;
    buttons.explain.disabled = false;
    boardBox.removeAttribute("aria-disabled");
    const colour = fields.colour.value;
    game.address({
      size,
      rules: rules === "simple" ? null : rules,
      colour: colour === "alternate" ? null : colour,
      moves: moves.list.join(","),
    });
  }

  // ---------------------------------------------------------- position

  async function loadPosition(text, fromForm) {
    const reply = await game.ask("--go", `position\n${text}`);
    mode = "position";
    answer = reply;
    viewer = null;
    status.classList.remove("go-error");
    $("go-viewer").hidden = true;
    const output = $("go-text");
    output.hidden = false;
    output.textContent = reply.text;
    status.textContent = reply.verdict;
    $("go-turn").textContent = reply.turn;
    $("go-captures").textContent = "";
    buttons.undo.disabled = true;
    buttons.redo.disabled = true;
    buttons.pass.disabled = true;
    if (reply.after !== null) {
      grid(reply.rows, reply.cols, reply.grid);
      searchStep = 0;
      paint(reply.after, reply.point, reply.explain, reply.search);
      boardBox.setAttribute("aria-disabled", "true");
    } else {
      grid(0, 0);
    }
    buttons.explain.disabled = reply.explain === null;
    game.address({ position: text.length <= ADDRESS_TEXT ? text : null });
    if (fromForm) status.focus && status.scrollIntoView({ block: "nearest" });
  }

  // --------------------------------------------------------------- sgf

  async function loadSgf(number, at, fromForm, fromAddress = false) {
    if (record === null) return;
    rules = fields.rules.value;
    if (fromForm && pending) {
      ({ number, at } = pending);
      pending = null;
    }
    const head = `sgf ${rules}${fields.keepGoing.checked ? " keep-going" : ""}${number > 1 ? ` game ${number}` : ""}\n`;
    const headBytes = new TextEncoder().encode(head);
    const bytes = new Uint8Array(headBytes.length + record.length);
    bytes.set(headBytes);
    bytes.set(record, headBytes.length);
    const began = performance.now();
    const reply = await game.ask("--go", bytes);
    const boards = [];
    let board = ".".repeat(reply.rows * reply.cols).split("");
    for (const node of reply.nodes) {
      for (const [point, code] of node.changes) board[point] = code;
      boards.push(board.join(""));
    }
    mode = "sgf";
    viewer = { answer: reply, boards, index: 0 };
    answer = null;
    $("go-viewer").hidden = false;
    // The game list: the terminal's lines (or, after an error, the games
    // it reached).
    const count = reply.choices.length;
    $("go-games-row").hidden = count <= 1;
    if (count > 1) {
      const options = [];
      for (let k = 1; k <= count; k++) {
        const option = document.createElement("option");
        option.value = String(k);
        option.textContent = reply.choices[k - 1];
        options.push(option);
      }
      fields.games.replaceChildren(...options);
      fields.games.value = String(reply.game);
    }
    buttons.undo.disabled = true;
    buttons.redo.disabled = true;
    buttons.pass.disabled = true;
    fields.slider.max = String(Math.max(boards.length - 1, 0));
    if (boards.length === 0) {
      grid(0, 0);
      status.textContent = reply.ending.said;
      status.classList.toggle("go-error", reply.ending.error);
      $("go-move").textContent = "";
      $("go-captures").textContent = "";
      $("go-turn").textContent = "";
      $("go-text").hidden = true;
      saveRecord(null);
      return;
    }
    const wanted = at === null || !Number.isFinite(at) ? boards.length - 1 : at;
    goTo(Math.min(Math.max(0, Math.trunc(wanted)), boards.length - 1));
    // How long the load took, request to drawing (the browser test reads it).
    $("go-viewer").dataset.loadMs = (performance.now() - began).toFixed(1);
  }

  // Shows node `index` of the followed game.
  function goTo(index) {
    if (!viewer) return;
    index = Math.min(Math.max(0, index), viewer.boards.length - 1);
    viewer.index = index;
    const reply = viewer.answer;
    const node = reply.nodes[index];
    const lastIndex = viewer.boards.length - 1;
    const drawable = reply.rows <= MAX_SIZE && reply.cols <= MAX_SIZE;
    const text = $("go-text");
    if (drawable) {
      grid(reply.rows, reply.cols, reply.grid);
      paint(viewer.boards[index], node.move ? node.move.point : null, null, null);
      text.hidden = true;
    } else {
      grid(0, 0);
      const board = viewer.boards[index];
      const rows = [];
      for (let r = 0; r < reply.rows; r++) rows.push(board.slice(r * reply.cols, (r + 1) * reply.cols));
      text.textContent = rows.join("\n");
      text.hidden = false;
    }
    boardBox.setAttribute("aria-disabled", "true");
    buttons.explain.disabled = true;
    fields.slider.value = String(index);
    fields.slider.setAttribute("aria-valuetext", node.value);
    $("go-move").textContent = node.step;
    $("go-captures").textContent = node.captured;
    const comment = $("go-comment");
    comment.hidden = node.comment === "";
    comment.textContent = node.comment;
    const ending = index === lastIndex;
    status.textContent = ending ? reply.ending.said : node.said;
    status.classList.toggle("go-error", ending && reply.ending.error);
    $("go-turn").textContent = node.turn;
    buttons.first.disabled = index === 0;
    buttons.prev.disabled = index === 0;
    buttons.next.disabled = index === lastIndex;
    buttons.last.disabled = index === lastIndex;
    // The address follows once the stepping pauses: a browser throttles
    // (and warns about) hundreds of address changes a second.
    clearTimeout(addressTimer);
    addressTimer = setTimeout(() => saveRecord(index), ADDRESS_DELAY_MS);
  }

  // The address: the record when short (else this tab's storage), the game
  // and the node shown.
  function saveRecord(index) {
    const text = new TextDecoder().decode(record);
    const short = text.length <= ADDRESS_TEXT;
    if (!short) {
      try {
        sessionStorage.setItem("go-sgf", text);
      } catch (error) {
        // Too large for this tab's storage: the address keeps the move.
      }
    }
    game.address({
      sgf: short ? text : null,
      rules: rules === "simple" ? null : rules,
      keep: fields.keepGoing.checked ? "1" : null,
      game: viewer && viewer.answer.game > 1 ? viewer.answer.game : null,
      move: index,
    });
  }

  function navigationKeys(event) {
    if (mode !== "sgf" || !viewer) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable=true]")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (event.key in moves) goTo(viewer.index + moves[event.key]);
    else if (event.key === "Home") goTo(0);
    else if (event.key === "End") goTo(viewer.boards.length - 1);
    else return;
    event.preventDefault();
  }

  // ----------------------------------------------------------- drawing

  function redraw() {
    if (mode === "play" && answer) showPlay(answer);
    else if (mode === "position" && answer && answer.after !== null) {
      paint(answer.after, answer.point, answer.explain, answer.search);
    }
  }

  // The lines, star points and coordinates (the engine's `grid`: edge
  // labels, point names and SGF letters), and a button per point; only when
  // the board's size changes.
  function grid(rows, cols, names = null) {
    if (drawn.rows === rows && drawn.cols === cols) return;
    drawn = { rows, cols, grid: names };
    const wrap = $("go-board-wrap");
    wrap.hidden = rows === 0;
    if (rows === 0) {
      boardBox.replaceChildren();
      return;
    }
    wrap.style.aspectRatio = `${cols + 1} / ${rows + 1}`;
    lines.setAttribute("viewBox", `0 0 ${cols + 1} ${rows + 1}`);
    const svg = [];
    for (let r = 0; r < rows; r++) svg.push(`<line x1="1" y1="${r + 1}" x2="${cols}" y2="${r + 1}"/>`);
    for (let c = 0; c < cols; c++) svg.push(`<line x1="${c + 1}" y1="1" x2="${c + 1}" y2="${rows}"/>`);
    for (const [r, c] of stars(rows, cols)) svg.push(`<circle cx="${c + 1}" cy="${r + 1}" r="0.12"/>`);
    for (let c = 0; c < cols; c++) {
      const label = names.columns[c];
      svg.push(`<text x="${c + 1}" y="0.45">${label}</text><text x="${c + 1}" y="${rows + 0.55}">${label}</text>`);
    }
    for (let r = 0; r < rows; r++) {
      const label = names.rows[r];
      svg.push(`<text x="0.42" y="${r + 1}">${label}</text><text x="${cols + 0.58}" y="${r + 1}">${label}</text>`);
    }
    lines.innerHTML = svg.join("");
    boardBox.style.left = `${(0.5 / (cols + 1)) * 100}%`;
    boardBox.style.right = `${(0.5 / (cols + 1)) * 100}%`;
    boardBox.style.top = `${(0.5 / (rows + 1)) * 100}%`;
    boardBox.style.bottom = `${(0.5 / (rows + 1)) * 100}%`;
    boardBox.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
    boardBox.style.gridTemplateRows = `repeat(${rows}, 1fr)`;
    const points = [];
    for (let point = 0; point < rows * cols; point++) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.point = String(point);
      button.tabIndex = -1;
      button.title = `SGF ${names.letters[point]}`;
      points.push(button);
    }
    boardBox.replaceChildren(...points);
    const centre = Math.floor(rows / 2) * cols + Math.floor(cols / 2);
    points[centre].tabIndex = 0;
  }

  function stars(rows, cols) {
    if (rows !== cols || rows < 7) return [];
    const n = rows;
    const edge = n >= 12 ? 3 : 2;
    const at = [edge, n - 1 - edge];
    if (n % 2 === 1 && n >= 9) at.splice(1, 0, (n - 1) / 2);
    const found = [];
    for (const r of at) {
      for (const c of at) {
        const middle = r === (n - 1) / 2 || c === (n - 1) / 2;
        if (middle && n < 13 && !(r === c)) continue;
        found.push([r, c]);
      }
    }
    return found;
  }

  // Puts the stones, the last move's mark, the names, and with "How it's
  // solved" the groups the judge searched and its search step `searchStep`
  // (the engine's `search`): its stones carry data-group="k", its liberties
  // data-liberty="k", k counted from 1; only that step's points do.
  function paint(board, lastPoint, explained, search) {
    const { rows, cols, grid: facts } = drawn;
    const points = boardBox.children;
    const marks = new Map();
    const text = $("go-explained");
    const words = $("go-explained-words");
    const steps = explainOn && explained && search ? search.steps : null;
    const stepped = new Map();
    $("go-search").hidden = steps === null;
    if (steps !== null) {
      searchStep = Math.min(Math.max(searchStep, 0), steps.length - 1);
      const step = steps[searchStep];
      const k = String(searchStep + 1);
      for (const point of step.stones) stepped.set(point, ["group", k]);
      for (const point of step.liberties) stepped.set(point, ["liberty", k]);
      $("go-search-said").textContent = step.said;
      $("go-search-prev").disabled = searchStep === 0;
      $("go-search-next").disabled = searchStep === steps.length - 1;
    }
    if (explainOn && explained) {
      const mark = (point, name) => marks.set(point, `${marks.get(point) || ""} ${name}`);
      for (const point of explained.own.stones) mark(point, "go-own");
      for (const point of explained.own.liberties) mark(point, "go-liberty");
      for (const group of explained.enemies) {
        for (const point of group.stones) mark(point, group.liberties.length === 0 ? "go-dead" : "go-enemy");
        for (const point of group.liberties) mark(point, "go-liberty go-enemy-liberty");
      }
      words.replaceChildren(...explanation(explained));
      text.hidden = false;
    } else {
      text.hidden = true;
      if (explainOn) words.replaceChildren();
    }
    for (let point = 0; point < rows * cols; point++) {
      const button = points[point];
      const code = board[point];
      const stone = code === "X" ? "black" : code === "O" ? "white" : "empty";
      let names = code === "X" ? "go-black" : code === "O" ? "go-white" : "";
      if (point === lastPoint) names += " go-last";
      if (marks.has(point)) names += marks.get(point);
      button.className = names.trim();
      delete button.dataset.group;
      delete button.dataset.liberty;
      if (stepped.has(point)) {
        const [name, k] = stepped.get(point);
        button.dataset[name] = k;
      }
      const suffix = point === lastPoint ? ", last move" : "";
      button.setAttribute("aria-label", `${facts.names[point]}, ${stone}${suffix}`);
    }
  }

  // The judge's search in the engine's words.
  function explanation(explained) {
    const items = explained.items.map((words) => {
      const li = document.createElement("li");
      li.textContent = words;
      return li;
    });
    const head = document.createElement("p");
    head.textContent = explained.heading;
    const list = document.createElement("ul");
    list.replaceChildren(...items);
    return [head, list];
  }

  // Arrow keys move the focus over the points (one point is in the tab
  // order at a time).
  function moveFocus(event) {
    if (mode !== "play") return;
    const button = event.target.closest("button");
    if (!button) return;
    const { rows, cols } = drawn;
    const point = Number(button.dataset.point);
    const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (!(event.key in steps)) return;
    const [dr, dc] = steps[event.key];
    const r = Math.min(Math.max(Math.floor(point / cols) + dr, 0), rows - 1);
    const c = Math.min(Math.max((point % cols) + dc, 0), cols - 1);
    const next = boardBox.children[r * cols + c];
    button.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
    event.preventDefault();
  }

})();
