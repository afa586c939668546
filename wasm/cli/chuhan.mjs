#!/usr/bin/env node
// `npx chuhan`: the WebAssembly build as a command, with the native binary's command line and
// UCI/UCCI loop (core/cli/, compiled into wasm/dist/chuhan-cli.wasm; see wasm/cli/bindings.cpp).
//
//   npx chuhan                  UCI on stdin/stdout (UCCI when the first command is `ucci`)
//   npx chuhan analyze|bench|perft|go ...|--version|--help    one command (`npx chuhan --help`)
//
// A command given as arguments runs on this thread. The protocol loop runs in a worker thread
// that blocks waiting for input, while this thread reads standard input and hands each line over
// (a MessagePort, with a shared counter to wake the worker). A search runs inline in the worker
// and polls for lines as it goes, so `stop`, `isready`, `ponderhit` and `quit` are heard at once;
// end of input acts as `quit`. Output is written synchronously, line by line.
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { MessageChannel, Worker, isMainThread, receiveMessageOnPort, workerData } from 'node:worker_threads';

import createChuhanModule from '../dist/chuhan-cli.mjs';

// Writes one line to `fd` in full, waiting out a pipe that is momentarily full. Output that
// cannot be written (a closed pipe: `| head -1`; a full disk: `> /dev/full`) ends the process
// with one line on standard error and status 1, as the native binary does.
function writeLine(fd, text) {
  const bytes = Buffer.from(text + '\n');
  for (let done = 0; done < bytes.length; ) {
    try {
      done += writeSync(fd, bytes, done);
    } catch (e) {
      if (e.code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
        continue;
      }
      if (fd !== 2) {
        try {
          writeSync(2, `chuhan: cannot write the output (${e.code ?? e.message})\n`);
        } catch {}
      }
      process.exit(1);
    }
  }
}

// EvalFile's reader (wasm/cli/bindings.cpp): the bytes of the regular file at `path` if it holds
// at most `maxBytes`, else what is wrong; never waits on a FIFO or reads more than it may keep.
const ErrorNames = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', ELOOP: 'Too many levels of symbolic links' };
function readNetFile(path, maxBytes) {
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return 'a directory, not a file';
    if (!stat.isFile()) return 'not a regular file';
    if (stat.size > maxBytes) return `too large: ${stat.size} bytes (at most ${maxBytes})`;
    const bytes = Buffer.alloc(stat.size + 1);
    let got = 0;
    for (let n; got < bytes.length && (n = readSync(fd, bytes, got, bytes.length - got, null)) > 0; ) got += n;
    if (got > maxBytes) return `too large: more than ${maxBytes} bytes`;
    return new Uint8Array(bytes.buffer, bytes.byteOffset, got);
  } catch (e) {
    return ErrorNames[e.code] ?? e.code ?? 'cannot read it';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

async function loadModule() {
  const module = await WebAssembly.compile(readFileSync(new URL('../dist/chuhan-cli.wasm', import.meta.url)));
  return createChuhanModule({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      return {};
    },
    print: () => {},
    printErr: (text) => writeLine(2, `chuhan: ${text}`),
  });
}

const out = (line) => writeLine(1, line);

if (!isMainThread) {
  // The protocol loop. `posted` counts the lines handed over (the last one is null: end of input).
  const { port, posted } = workerData;
  let taken = 0;
  const next = (wait) => {
    for (;;) {
      const message = receiveMessageOnPort(port);
      if (message) return taken++, message.message;
      if (!wait) return undefined;
      Atomics.wait(posted, 0, taken);
    }
  };
  const chuhan = await loadModule();
  // While a search runs: the next line if there is one; end of input acts as `quit`.
  const poll = () => {
    const line = next(false);
    return line === undefined ? null : (line ?? 'quit');
  };
  const protocol = new chuhan.Protocol(out, poll, readNetFile);
  for (let line = next(true); protocol.execute(line ?? 'quit') && line !== null; line = next(true));
  port.close();
} else if (process.argv.length > 2) {
  const chuhan = await loadModule();
  process.exitCode = chuhan.runCommandLine(process.argv.slice(2), out, (line) => writeLine(2, line));
} else {
  const posted = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL(import.meta.url), { workerData: { port: port2, posted }, transferList: [port2] });
  const hand = (line) => {
    port1.postMessage(line);
    Atomics.add(posted, 0, 1);
    Atomics.notify(posted, 0);
  };
  createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', hand).on('close', () => hand(null));
  worker.on('error', (e) => {
    writeLine(2, `chuhan: ${e.message}`);
    process.exit(1);
  });
  worker.on('exit', (code) => process.exit(code));
}
