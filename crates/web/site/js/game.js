// What every game page shares (river, Cluedo, Nim, werewolf, Go):
// window.puzzleJudges.game, loaded after loader.js.
//
//   game.ask(flag, request)   the engine's answer: runs `games FLAG` on the
//                             request text and parses its JSON; a refusal
//                             rejects with an Error whose message is the
//                             engine's `error:` line (the crate's words)
//   new game.Moves(list)      the moves so far with Undo and Redo
//   game.address(params)      puts the game in the address bar (reload and a
//                             shared link restore it), without a new
//                             history entry
//   game.keys(buttons)        the keys every game page answers (below)
//   game.fail(box, message)   shows an error line and a way back
//
// The keys, the same on every page, never taken from a text field: Undo
// `u` or Ctrl+Z, Redo `r`, Ctrl+Y or Ctrl+Shift+Z, Hint `h`, Solve `s`,
// New game `n`, Restart `Escape`. A key presses its page's button, so a
// disabled button ignores it, as a click would.
//
// Nothing here knows a rule: the rules are the engine's (crates/web/src).
(function () {
  "use strict";

  async function ask(flag, request) {
    const { stdout, stderr, status } = await puzzleJudges.run("games", [flag], request);
    if (status !== 0) throw new Error(stderr.split("\n")[0]);
    return JSON.parse(stdout);
  }

  // The moves made so far, and the ones undone that Redo can bring back;
  // a new move forgets those.
  class Moves {
    constructor(list = []) {
      this.list = [...list];
      this.undone = [];
    }
    push(...moves) {
      this.list.push(...moves);
      this.undone = [];
    }
    // Takes back `count` moves (or fewer, when fewer were made).
    undo(count = 1) {
      for (let i = 0; i < count && this.list.length > 0; i++) this.undone.push(this.list.pop());
    }
    redo(count = 1) {
      for (let i = 0; i < count && this.undone.length > 0; i++) this.list.push(this.undone.pop());
    }
    get canUndo() {
      return this.list.length > 0;
    }
    get canRedo() {
      return this.undone.length > 0;
    }
    clear() {
      this.list = [];
      this.undone = [];
    }
  }

  // `params`: name -> value; a null, undefined or "" value is left out,
  // and an array gives the name once per item (URLSearchParams.getAll
  // reads them back). The order given is the address's order. Commas and
  // colons stay as they are, so that an address reads as the page
  // documents it.
  function address(params) {
    const parts = [];
    for (const [name, value] of Object.entries(params)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === null || item === undefined || item === "") continue;
        parts.push(`${name}=${encodeURIComponent(String(item)).replace(/%2C/gi, ",").replace(/%3A/gi, ":")}`);
      }
    }
    const query = parts.length > 0 ? `?${parts.join("&")}` : "";
    if (query !== location.search) history.replaceState(null, "", location.pathname + query + location.hash);
  }

  const KEYS = [
    ["undo", (e) => (e.key === "u" && !mod(e)) || (ctrl(e) && !e.shiftKey && e.key.toLowerCase() === "z")],
    ["redo", (e) => (e.key === "r" && !mod(e)) || (ctrl(e) && e.key.toLowerCase() === "y") ||
      (ctrl(e) && e.shiftKey && e.key.toLowerCase() === "z")],
    ["hint", (e) => e.key === "h" && !mod(e)],
    ["solve", (e) => e.key === "s" && !mod(e)],
    ["newGame", (e) => e.key === "n" && !mod(e)],
    ["restart", (e) => e.key === "Escape" && !mod(e)],
  ];
  const ctrl = (e) => (e.ctrlKey || e.metaKey) && !e.altKey;
  const mod = (e) => e.ctrlKey || e.metaKey || e.altKey;

  // `buttons`: {undo, redo, hint, solve, newGame, restart}, any of them.
  function keys(buttons) {
    document.addEventListener("keydown", (event) => {
      const target = event.target;
      if (target.closest && target.closest("input, textarea, select, [contenteditable=true]")) return;
      for (const [name, matches] of KEYS) {
        const button = buttons[name];
        if (!button || !matches(event)) continue;
        event.preventDefault();
        if (!button.disabled && !button.closest("[hidden]")) button.click();
        return;
      }
    });
  }

  // Shows `message` (the crate's `error:` line) in `box`, with a link to
  // the page's default game: a bad address never leaves a blank page.
  function fail(box, message) {
    const back = document.createElement("a");
    back.href = location.pathname.split("/").pop() || "index.html";
    back.textContent = "Start a new game";
    const line = document.createElement("code");
    line.textContent = message;
    box.replaceChildren(line, " ", back);
    box.hidden = false;
  }

  window.puzzleJudges.game = { ask, Moves, address, keys, fail };
})();
