// A native engine over UCI for the puzzle tools: send a command, collect its answer.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export class UciEngine {
  constructor(command) {
    this.proc = spawn(command, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = createInterface({ input: this.proc.stdout });
    this.waiters = [];
    this.lines.on('line', (line) => this.waiters.forEach((w) => w(line)));
  }

  send(text) {
    this.proc.stdin.write(text + '\n');
  }

  // Sends `text` and resolves with the lines answered up to the first that starts with `until`.
  until(text, until) {
    return new Promise((resolve) => {
      const seen = [];
      const waiter = (line) => {
        seen.push(line);
        if (line.startsWith(until)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(seen);
        }
      };
      this.waiters.push(waiter);
      this.send(text);
    });
  }

  async start(hashMB = 64) {
    await this.until('uci', 'uciok');
    this.send(`setoption name Hash value ${hashMB}`);
  }

  // Searches `position` (the text after UCI's `position`) for `ms` from a cleared hash; resolves
  // with the exact info lines of the last iteration reported, by line number: [{depth, mate?, cp?,
  // pv}], and every exact line of line 1 in order (to see when the best move settled).
  async search(position, ms) {
    await this.until('ucinewgame\nisready', 'readyok');
    this.send(`position ${position}`);
    const lines = (await this.until(`go movetime ${ms}`, 'bestmove'))
      .map(parseInfo)
      .filter(Boolean);
    const last = [];
    for (const info of lines) last[info.multipv - 1] = info;
    return { lines: last, history: lines.filter((i) => i.multipv === 1) };
  }

  // The FEN of `position` (the `d` command).
  async fen(position) {
    this.send(`position ${position}`);
    const lines = await this.until('d', 'Fen:');
    return lines.at(-1).slice('Fen:'.length).trim();
  }

  quit() {
    this.send('quit');
  }
}

function parseInfo(line) {
  if (!line.startsWith('info depth ') || / (lower|upper)bound/.test(line)) return null;
  const score = / score (cp|mate) (-?\d+)/.exec(line);
  const pv = / pv (.*)$/.exec(line);
  if (!score || !pv) return null;
  const multipv = / multipv (\d+)/.exec(line);
  return { depth: Number(/^info depth (\d+)/.exec(line)[1]), multipv: Number(multipv?.[1] ?? 1), [score[1]]: Number(score[2]), pv: pv[1].trim().split(/\s+/) };
}
