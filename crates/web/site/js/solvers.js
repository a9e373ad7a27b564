// The solvers page: one panel per binary, each with its flags, its examples
// (from judge-data, examples.js), an input box and Run. The arguments field is
// what runs, split on white space; the flag controls only fill it in, so any
// command line the native binary takes (or refuses) can be typed there.
(function () {
  "use strict";

  // Each binary's flags, as its --help lists them. A flag is a checkbox, or
  // takes a value from a text field or a list. The judge targets come from
  // the examples (every target has samples there).
  const PANELS = [
    {
      binary: "werewolf",
      title: "Werewolf",
      about: "N players, M werewolves, exactly L liars, some werewolf lying and some not: name the werewolves.",
      flags: [],
    },
    {
      binary: "stone-game",
      title: "Stone game",
      about: "Take 1 to 3 stones (or any subtraction set), whoever takes the last stone wins: who wins?",
      flags: [{ name: "--moves", value: "text", hint: "1,3,4" }],
    },
    {
      binary: "nim",
      title: "Nim",
      about: "n piles, take any number from one: does the first player win? Also S-Nim and misère Nim.",
      flags: [
        { name: "--cases" },
        { name: "--move" },
        { name: "--moves", value: "text", hint: "2,5" },
        { name: "--misere" },
      ],
    },
    {
      binary: "go-ko",
      title: "Go: K.O., suicide or safe",
      about: "A stone is placed on a Go board: does it capture, kill itself, or neither? Or replay SGF games.",
      flags: [
        { name: "--show" },
        { name: "--sgf" },
        { name: "--rules", value: ["simple", "tromp-taylor", "nz"] },
        { name: "--summary" },
        { name: "--keep-going" },
      ],
    },
    {
      binary: "river-crossing",
      title: "River crossing",
      about: "Priests and devils cross a river: the shortest safe plan, or with --hint the next step from mid-game.",
      flags: [{ name: "--hint" }],
    },
    {
      binary: "clue-sim",
      title: "Cluedo",
      about: "A seeded Cluedo game among computer players, many games' statistics, or the “Get a Clue!” deduction.",
      flags: [
        { name: "--deduce" },
        { name: "--odds" },
        { name: "--strategy", value: "text", hint: "smart,seed,random" },
        { name: "--games", value: "text", hint: "100" },
        { name: "--rotate" },
      ],
    },
  ];

  const examples = self.puzzleJudgesExamples || {};
  const container = document.getElementById("panels");
  const contents = element("nav", { "aria-label": "Solvers on this page", class: "row" });
  for (const spec of PANELS) {
    contents.append(element("a", { href: `#${spec.binary}`, text: spec.binary }));
    container.appendChild(panel(spec));
  }
  container.before(contents);

  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    node.append(...children);
    return node;
  }

  function panel(spec) {
    const id = spec.binary;
    const own = examples[id] || [];
    const targets = [...new Set(own.map((e) => e.name.match(/^judges\/([^/]+)\//)).filter(Boolean).map((m) => m[1]))];
    const section = element("section", { class: "panel", id, "aria-labelledby": `${id}-title` });
    section.append(
      element("h2", { id: `${id}-title` }, spec.title, " ", element("code", { text: id })),
      element("p", { class: "about", text: spec.about }),
    );

    const exampleList = element("select", { id: `${id}-example` });
    exampleList.append(element("option", { value: "", text: "(your own)" }));
    own.forEach((example, i) => {
      const flags = example.args.length ? `  ${example.args.join(" ")}` : "";
      exampleList.append(element("option", { value: String(i), text: example.name + flags }));
    });
    section.append(
      element("div", { class: "row" }, element("label", { for: `${id}-example`, text: "Example" }), exampleList),
    );

    // The flag controls; each change rewrites the arguments field.
    const controls = element("div", { class: "row", role: "group", "aria-label": `${id} flags` });
    const readers = [];
    for (const flag of spec.flags) {
      const control = flagControl(id, flag);
      controls.append(control.node);
      readers.push(control);
    }
    if (targets.length) {
      const list = element("select", { id: `${id}--judge` });
      list.append(element("option", { value: "", text: "(none)" }));
      for (const target of targets) list.append(element("option", { value: target, text: target }));
      controls.append(element("label", { for: `${id}--judge`, text: "--judge" }), list);
      readers.push({ name: "--judge", input: list, args: () => (list.value ? ["--judge", list.value] : []) });
    }
    if (controls.childElementCount) section.append(controls);

    const args = element("input", { type: "text", id: `${id}-args`, class: "args mono", spellcheck: "false", autocomplete: "off" });
    section.append(
      element("div", { class: "row" }, element("label", { for: `${id}-args`, text: `Arguments: ${id}` }), args),
    );
    const input = element("textarea", { id: `${id}-input`, spellcheck: "false", autocomplete: "off" });
    section.append(element("label", { for: `${id}-input`, text: "Standard input" }), input);

    const runButton = element("button", { type: "button", text: "Run" });
    const helpButton = element("button", { type: "button", class: "secondary", text: "--help" });
    helpButton.setAttribute("aria-label", `${id} --help`);
    const stopButton = element("button", { type: "button", class: "secondary", text: "Stop" });
    stopButton.disabled = true;
    const status = element("span", { class: "status", role: "status", "aria-live": "polite" });
    section.append(element("div", { class: "row" }, runButton, helpButton, stopButton, status));
    const stdout = element("pre", { class: "stdout", "aria-label": `${id} standard output`, tabindex: "0" });
    const stderr = element("pre", { class: "stderr", "aria-label": `${id} standard error`, tabindex: "0" });
    section.append(stdout, stderr);

    const fillArgs = () => {
      args.value = readers.flatMap((reader) => reader.args()).join(" ");
    };
    for (const reader of readers) reader.input.addEventListener("input", fillArgs);
    exampleList.addEventListener("change", () => {
      const example = own[Number(exampleList.value)];
      if (!example) return;
      for (const reader of readers) reader.set(example.args);
      args.value = example.args.join(" ");
      input.value = example.input;
    });
    for (const reader of readers) {
      if (!reader.set) {
        reader.set = (list) => {
          const at = list.indexOf(reader.name);
          reader.input.value = at >= 0 ? list[at + 1] : "";
        };
      }
    }

    async function start(argv) {
      runButton.disabled = helpButton.disabled = true;
      stopButton.disabled = false;
      stdout.textContent = stderr.textContent = "";
      status.textContent = "Running…";
      const began = performance.now();
      try {
        const result = await self.puzzleJudges.run(id, argv, input.value);
        const ms = Math.round(performance.now() - began);
        stdout.textContent = result.stdout;
        stderr.textContent = result.stderr;
        status.textContent = `exit status ${result.status} · ${ms} ms`;
      } catch (error) {
        status.textContent = error.name === "Stopped" ? "Stopped." : `The page failed: ${error.message}`;
      } finally {
        runButton.disabled = helpButton.disabled = false;
        stopButton.disabled = true;
      }
    }
    runButton.addEventListener("click", () => start(args.value.split(/\s+/).filter(Boolean)));
    helpButton.addEventListener("click", () => start(["--help"]));
    stopButton.addEventListener("click", () => self.puzzleJudges.stop());

    if (own.length) {
      exampleList.value = "0";
      exampleList.dispatchEvent(new Event("change"));
    }
    return section;
  }

  // One flag's control: {node, input, name, args(), set(list)?}.
  function flagControl(id, flag) {
    const inputId = `${id}${flag.name}`;
    if (!flag.value) {
      const box = element("input", { type: "checkbox", id: inputId });
      return {
        name: flag.name,
        input: box,
        node: element("label", { for: inputId }, box, ` ${flag.name}`),
        args: () => (box.checked ? [flag.name] : []),
        set: (list) => {
          box.checked = list.includes(flag.name);
        },
      };
    }
    let input;
    if (Array.isArray(flag.value)) {
      input = element("select", { id: inputId });
      input.append(element("option", { value: "", text: "(default)" }));
      for (const value of flag.value) input.append(element("option", { value, text: value }));
    } else {
      input = element("input", { type: "text", id: inputId, placeholder: flag.hint, size: "14", class: "mono" });
    }
    const node = element("span", {}, element("label", { for: inputId, text: `${flag.name} ` }), input);
    return {
      name: flag.name,
      input,
      node,
      args: () => (input.value.trim() ? [flag.name, input.value.trim()] : []),
    };
  }
})();
