// PGN in the xqbase style Chinese-chess tools read: [Game "Chinese Chess"], [Format "ICCS"],
// moves written "H2-E2", a [FEN] tag when the game does not start from the initial position,
// move numbers counted from the FEN's full-move number ("4... B9-C7" when Black starts), and the
// termination reason as a comment before the result.

import { START_FEN } from './referee.mjs';

function tag(key, value) {
  return `[${key} "${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

function xqbaseMove(move) {
  const u = move.toUpperCase();
  return `${u.slice(0, 2)}-${u.slice(2, 4)}`;
}

function sameStart(fen) {
  return fen.split(' ').slice(0, 2).join(' ') === START_FEN.split(' ').slice(0, 2).join(' ');
}

// Comments must not contain braces.
function comment(text) {
  return `{${String(text).replace(/[{}]/g, '')}}`;
}

/**
 * game: {event, site, date, round, red, black, result, fen, moves (ICCS), reason, opening?,
 *        openingMoves?, timeControl?, notes?: per-move comment strings or null}
 */
export function formatPgn(game) {
  const lines = [
    tag('Game', 'Chinese Chess'),
    tag('Event', game.event || '?'),
    tag('Site', game.site || '?'),
    tag('Date', game.date || '????.??.??'),
    tag('Round', game.round ?? '?'),
    tag('Red', game.red),
    tag('Black', game.black),
    tag('Result', game.result),
  ];
  if (game.opening) lines.push(tag('Opening', game.opening));
  if (!sameStart(game.fen)) lines.push(tag('FEN', game.fen));
  lines.push(tag('Format', 'ICCS'));
  if (game.timeControl) lines.push(tag('TimeControl', game.timeControl));
  lines.push(tag('PlyCount', game.moves.length));
  lines.push(tag('Termination', game.reason));
  lines.push('');

  const fields = game.fen.split(' ');
  let number = Math.max(1, parseInt(fields[5], 10) || 1);
  let black = fields[1] === 'b';
  const words = [];
  if (game.openingMoves && game.openingMoves.length)
    words.push(comment(`opening ${game.openingMoves.map(xqbaseMove).join(' ')}`));
  if (black && game.moves.length) words.push(`${number}...`);
  game.moves.forEach((move, i) => {
    if (!black) words.push(`${number}.`);
    words.push(xqbaseMove(move));
    if (game.notes && game.notes[i]) words.push(comment(game.notes[i]));
    if (black) number += 1;
    black = !black;
  });
  words.push(comment(game.reasonText || game.reason));
  words.push(game.result);

  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) {
      lines.push(line);
      line = w;
    } else {
      line = line ? `${line} ${w}` : w;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n') + '\n\n';
}

/** Today's date as PGN writes it. */
export function pgnDate(d = new Date()) {
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/**
 * The games of a PGN text as formatPgn writes them (and xqbase-style files like them): each as
 * {tags, fen, moves}, tags by name with their values unescaped, fen the FEN tag or the start
 * position, moves ICCS ("h2e2") without the comments' moves (the opening's included).
 */
export function readPgnGames(text) {
  const games = [];
  for (const chunk of text.split(/\n(?=\[Game )/)) {
    const tags = {};
    for (const [, key, value] of chunk.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm))
      tags[key] = value.replace(/\\(.)/g, '$1');
    if (!Object.keys(tags).length) continue;
    const body = chunk.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, '');
    const moves = (body.match(/\b[A-I]\d-[A-I]\d\b/g) ?? []).map((m) => m.replace('-', '').toLowerCase());
    games.push({ tags, fen: tags.FEN ?? START_FEN, moves });
  }
  return games;
}
