// Opening positions for matches: ../shared/data/openings.txt (relative to the repository root,
// falling back to /work/shared/data), one per line:
//   FEN ; moves m1 m2 ... ; eval E ; depth D ; name
// The FEN is the position after the moves (ICCS, from the initial position).

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { repoRoot } from './engines.mjs';
import { checkOpening } from './referee.mjs';

/** Where openings.txt is read from when --openings is not given. */
export function defaultOpeningsPath() {
  const candidates = [];
  if (process.env.CHUHAN_DATA_DIR) candidates.push(resolve(process.env.CHUHAN_DATA_DIR, 'openings.txt'));
  candidates.push(resolve(repoRoot, '..', 'shared', 'data', 'openings.txt'));
  candidates.push('/work/shared/data/openings.txt');
  return candidates.find((p) => existsSync(p)) || candidates[candidates.length - 1];
}

/** Reads and checks (with ffish) the openings: [{index, fen, moves, name}]. */
export function loadOpenings(ff, path) {
  const text = readFileSync(path, 'utf8');
  const openings = [];
  text.split('\n').forEach((raw, lineNo) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const fields = line.split(' ; ').map((f) => f.trim());
    const fen = fields[0];
    let moves = [];
    let name = '';
    for (const f of fields.slice(1)) {
      if (f.startsWith('moves')) moves = f.split(/\s+/).slice(1);
      else if (!/^(eval|depth)\b/.test(f)) name = name || f;
    }
    const problem = checkOpening(ff, fen, moves);
    if (problem) throw new Error(`${path}:${lineNo + 1}: ${problem}`);
    openings.push({ index: openings.length, fen, moves, name: name || `opening ${openings.length + 1}` });
  });
  if (openings.length === 0) throw new Error(`${path}: no openings`);
  return openings;
}
