// Share links: the URL's fragment carries a game, "#fen=<start FEN>&moves=h2e2,h9g7", so that
// opening the link shows the same game (the fragment never reaches a server, and it works
// offline). The engine judges what a link brings, as it does a FEN or a PGN.
import { StartFen } from './fen.js';

/** The link to `startFen` followed by `moves` (ICCS), on the page `base` (a URL string). */
export function shareLink(base, startFen, moves) {
  const url = new URL(base);
  const params = new URLSearchParams();
  if (startFen !== StartFen) params.set('fen', startFen);
  if (moves.length) params.set('moves', moves.join(','));
  url.hash = params.toString();
  return url.href;
}

/** The game a link's fragment carries, {startFen, moves}, or null when it carries none. */
export function sharedGame(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  if (!params.has('fen') && !params.has('moves')) return null;
  const moves = (params.get('moves') ?? '').split(',').filter(Boolean);
  return { startFen: params.get('fen') || StartFen, moves };
}
