// Opening positions for matches: openings.txt of the shared data (scripts/dev/data-dir.mjs), one per
// line:
//   FEN ; moves m1 m2 ... ; eval E ; depth D ; name
// The FEN is the position after the moves (ICCS, from the initial position).

import { readFileSync } from 'node:fs';

import { dataFile } from '../dev/data-dir.mjs';
import { checkOpening } from './referee.mjs';

/** Where openings.txt is read from when --openings is not given. */
export function defaultOpeningsPath() {
  return dataFile('openings.txt');
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
