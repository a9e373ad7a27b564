// Runs one WebAssembly command (a binary built for wasm32-wasi) as a
// process: its arguments, its standard input as bytes, and back its standard
// output, standard error and exit status. Only what our binaries import is
// provided: arguments, an empty environment, the three standard streams, a
// clock and random bytes (std seeds its HashMap with them; no output depends
// on them). There is no file system: every path call fails with EBADF, which
// is also how a binary learns that its standard error is not a terminal.
//
// The function is self-contained (no closure over this file), because the
// page's worker is built from its source text (loader.js).

// eslint-disable-next-line no-unused-vars
function runWasi(module, args, stdin) {
  const ESUCCESS = 0;
  const EBADF = 8;
  const ENOSYS = 52;
  const stdout = [];
  const stderr = [];
  const encoder = new TextEncoder();
  const argv = args.map((arg) => encoder.encode(arg + "\0"));
  let stdinAt = 0;
  let memory = null;

  class Exit {
    constructor(status) {
      this.status = status;
    }
  }

  const view = () => new DataView(memory.buffer);
  const bytes = () => new Uint8Array(memory.buffer);
  // Each (pointer, length) pair of an iovec array, in order.
  const iovecs = (at, count) => {
    const list = [];
    for (let i = 0; i < count; i++) {
      list.push([view().getUint32(at + 8 * i, true), view().getUint32(at + 8 * i + 4, true)]);
    }
    return list;
  };

  const wasi = {
    args_sizes_get(countAt, sizeAt) {
      view().setUint32(countAt, argv.length, true);
      view().setUint32(sizeAt, argv.reduce((sum, arg) => sum + arg.length, 0), true);
      return ESUCCESS;
    },
    args_get(pointersAt, bufferAt) {
      for (const [i, arg] of argv.entries()) {
        view().setUint32(pointersAt + 4 * i, bufferAt, true);
        bytes().set(arg, bufferAt);
        bufferAt += arg.length;
      }
      return ESUCCESS;
    },
    environ_sizes_get(countAt, sizeAt) {
      view().setUint32(countAt, 0, true);
      view().setUint32(sizeAt, 0, true);
      return ESUCCESS;
    },
    environ_get() {
      return ESUCCESS;
    },
    fd_read(fd, iovsAt, iovsCount, readAt) {
      if (fd !== 0) return EBADF;
      let read = 0;
      for (const [at, length] of iovecs(iovsAt, iovsCount)) {
        const chunk = stdin.subarray(stdinAt, stdinAt + length);
        bytes().set(chunk, at);
        stdinAt += chunk.length;
        read += chunk.length;
        if (chunk.length < length) break;
      }
      view().setUint32(readAt, read, true);
      return ESUCCESS;
    },
    fd_write(fd, iovsAt, iovsCount, writtenAt) {
      const sink = fd === 1 ? stdout : fd === 2 ? stderr : null;
      if (sink === null) return EBADF;
      let written = 0;
      for (const [at, length] of iovecs(iovsAt, iovsCount)) {
        sink.push(bytes().slice(at, at + length));
        written += length;
      }
      view().setUint32(writtenAt, written, true);
      return ESUCCESS;
    },
    fd_prestat_get() {
      return EBADF;
    },
    fd_prestat_dir_name() {
      return EBADF;
    },
    path_filestat_get() {
      return EBADF;
    },
    path_readlink() {
      return EBADF;
    },
    clock_time_get(id, precision, timeAt) {
      const nanoseconds = BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
      view().setBigUint64(timeAt, nanoseconds, true);
      return ESUCCESS;
    },
    random_get(at, length) {
      crypto.getRandomValues(bytes().subarray(at, at + length));
      return ESUCCESS;
    },
    proc_exit(status) {
      throw new Exit(status);
    },
  };
  // Anything else a future binary imports fails as "not supported" instead of
  // failing to link.
  const imports = {
    wasi_snapshot_preview1: new Proxy(wasi, {
      get: (target, name) => target[name] || (() => ENOSYS),
    }),
  };

  const instance = new WebAssembly.Instance(module, imports);
  memory = instance.exports.memory;
  let status = 0;
  let trap = null;
  try {
    instance.exports._start();
  } catch (error) {
    if (error instanceof Exit) {
      status = error.status;
    } else {
      // A trap (a panic under panic=abort, or memory the browser would not
      // give): the native binary would have died of a signal.
      status = null;
      trap = String(error);
    }
  }
  const join = (chunks) => {
    const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return all;
  };
  return { stdout: join(stdout), stderr: join(stderr), status, trap };
}

if (typeof module !== "undefined") module.exports = { runWasi };
