// The one loader every page shares: window.puzzleJudges.
//
//   puzzleJudges.run(binary, args, stdin) -> Promise<{stdout, stderr, status}>
//
// runs one of the binaries (werewolf, stone-game, nim, go-ko, river-crossing,
// clue-sim, and the game pages' engine, games) on `args` (an array of
// strings, the command line after the binary's name) and `stdin` (a string,
// sent as UTF-8, or the bytes themselves as a Uint8Array or ArrayBuffer,
// which spares a large input its encoding), and resolves to what the native
// binary gives for the same: its standard output and standard error
// (strings) and its exit status. The binaries are the crates themselves
// compiled to WebAssembly (scripts/web.sh), embedded (gzipped, as base64) in
// binaries.js, which every page loads with a <script> tag before this file.
//
// Each run happens in a Web Worker, so a long one never freezes the page; a
// worker is reused once it is idle, and a new one is started while all are
// busy. puzzleJudges.stop() ends every run under way (their promises reject
// with an Error whose name is "Stopped"). puzzleJudges.ready resolves once
// every embedded binary is compiled.
(function () {
  "use strict";
  const embedded = self.puzzleJudgesWasm || {};
  const modules = {};
  for (const name of Object.keys(embedded)) modules[name] = compile(embedded[name]);

  // One embedded binary: base64 of the gzipped module (scripts/web.sh),
  // inflated by the browser's own DecompressionStream, then compiled.
  async function compile(base64) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return WebAssembly.compile(await new Response(inflated).arrayBuffer());
  }

  // The worker's source: the WASI runner (wasi.js, loaded before this file)
  // and a message handler, from a Blob, since a page opened from the disk may
  // not start a worker from a file.
  function workerMain() {
    self.onmessage = (event) => {
      const { id, module, args, stdin } = event.data;
      try {
        const result = runWasi(module, args, stdin);
        self.postMessage({ id, result }, [result.stdout.buffer, result.stderr.buffer]);
      } catch (error) {
        self.postMessage({ id, error: String(error) });
      }
    };
  }
  const workerUrl = URL.createObjectURL(
    new Blob([`${runWasi.toString()}\n(${workerMain.toString()})();\n`], {
      type: "text/javascript",
    }),
  );

  const idle = [];
  const busy = new Map(); // worker -> {reject}
  let nextId = 0;
  const decoder = new TextDecoder();

  function startWorker() {
    return idle.pop() || new Worker(workerUrl);
  }

  async function run(binary, args, stdin) {
    if (!(binary in modules)) {
      throw new Error(`unknown binary "${binary}" (this page has: ${Object.keys(modules).join(", ")})`);
    }
    if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) {
      throw new TypeError("args must be an array of strings");
    }
    const module = await modules[binary];
    const input =
      stdin instanceof Uint8Array
        ? stdin.slice()
        : stdin instanceof ArrayBuffer
          ? new Uint8Array(stdin.slice(0))
          : new TextEncoder().encode(stdin === undefined ? "" : String(stdin));
    const worker = startWorker();
    const id = nextId++;
    const result = await new Promise((resolve, reject) => {
      busy.set(worker, { reject });
      worker.onmessage = (event) => {
        if (event.data.id !== id) return;
        busy.delete(worker);
        idle.push(worker);
        if (event.data.error) reject(new Error(event.data.error));
        else resolve(event.data.result);
      };
      worker.onerror = (event) => {
        busy.delete(worker);
        worker.terminate();
        reject(new Error(event.message || "the worker failed"));
      };
      worker.postMessage({ id, module, args: [binary, ...args], stdin: input }, [input.buffer]);
    });
    if (result.status === null) {
      throw new Error(`${binary} stopped: ${result.trap}`);
    }
    return {
      stdout: decoder.decode(result.stdout),
      stderr: decoder.decode(result.stderr),
      status: result.status,
    };
  }

  function stop() {
    for (const [worker, { reject }] of busy) {
      worker.terminate();
      const error = new Error("stopped");
      error.name = "Stopped";
      reject(error);
    }
    busy.clear();
  }

  self.puzzleJudges = {
    run,
    stop,
    binaries: Object.keys(modules),
    ready: Promise.all(Object.values(modules)).then(() => undefined),
  };
})();
