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
    const request = `new ${puzzle.n} ${puzzle.m} ${puzzle.l} ${puzzle.seed}\n${moves.list.join(" ")}\n${action || ""}\n`;
    const answer = await game.ask("--werewolf", request);
    game.address({ ...puzzle, marks: moves.list.join(",") });
    draw(answer, action);
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
    }
    const marked = new Set(answer.marked);
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
