// The engine's refusals (a bad FEN, a file it cannot read, a link with an illegal move) in the
// interface's language: the API's prefixes ("loadGame: pgn: ") go, and the messages the engine
// gives most (core/position.cpp's FEN checks, core/formats/pgn.cpp's moves) are said in the
// language shown; any other message is kept as the engine wrote it after the translated lead.
import { t } from './i18n.js';

const side = (name) => t(name === 'Red' ? 'red' : 'black');

// [pattern, i18n key, params from the match]
const Known = [
  [/^invalid FEN: empty FEN$|^empty FEN$/, 'errEmptyFen', () => ({})],
  [/the board has (\d+) ranks/, 'errRanks', (m) => ({ n: m[1] })],
  [/rank (\d+) has (\d+) files, expected 9/, 'errFiles', (m) => ({ rank: m[1], n: m[2] })],
  [/rank (\d+) has more than 9 files/, 'errFiles', (m) => ({ rank: m[1], n: '>9' })],
  [/unknown piece letter (\S+) on rank (\d+)/, 'errLetter', (m) => ({ letter: m[1], rank: m[2] })],
  [/bad side to move/, 'errSide', () => ({})],
  [/(Red|Black) has no general/, 'errNoGeneral', (m) => ({ side: side(m[1]) })],
  [/(Red|Black) has (\d+) generals/, 'errGenerals', (m) => ({ side: side(m[1]), n: m[2] })],
  [/(Red|Black) has (\d+) \w+s, at most (\d+) are possible/, 'errTooMany', (m) => ({ side: side(m[1]), n: m[2], max: m[3] })],
  [/on ([a-i]\d): \w+s can never stand there/, 'errPlace', (m) => ({ square: m[1] })],
  [/the generals face each other/, 'errGeneralsFace', () => ({})],
  [/the side not to move \((Red|Black)\) is in check/, 'errNotToMoveInCheck', (m) => ({ side: side(m[1]) })],
  [/^line (\d+): (.+) is not a legal move for (Red|Black) at move (\d+)/, 'errPgnMove', (m) => ({ line: m[1], move: m[2], side: side(m[3]), number: m[4] })],
  [/^illegal move '([^']+)' at ply (\d+)/, 'errLinkMove', (m) => ({ move: m[1], n: m[2] })],
  [/no moves and no FEN tag/, 'errNotAGame', () => ({})],
];

/** The engine's `message` without the API's prefixes, in the interface's language where known. */
export function engineDetail(message) {
  const text = String(message ?? '')
    .replace(/^(?:[A-Za-z]+: )+/, '')
    .replace(/^invalid FEN: /, '');
  for (const [pattern, key, params] of Known) {
    const m = pattern.exec(text);
    if (m) return t(key, params(m));
  }
  return text;
}

/** "Bad FEN: …" and the like: `lead` an i18n key with an {error} parameter. */
export function errorText(lead, error) {
  return t(lead, { error: engineDetail(error?.message ?? error) });
}
