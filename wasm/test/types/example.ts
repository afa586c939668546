// A typed use of the package, checked by `tsc --noEmit` (npm test): every call of the API with its
// argument and result types, and misuses that must not type-check (@ts-expect-error).
import { createEngine } from 'chuhan';
import type {
  Contract,
  CursorRecord,
  DrawAnswer,
  ExplorerEntry,
  GameRecord,
  GameSummary,
  MasterGame,
  NodeRecord,
  OpeningsInfo,
  PlayRecord,
  PositionCheck,
  RemovedNodes,
  ResultReason,
  SearchInfo,
} from 'chuhan';

async function main(): Promise<void> {
  const engine = await createEngine({ hashMB: 32, stopMode: 'auto', openingsUrl: new URL('./openings.bin', 'https://example.com/') });
  const contract: Contract = engine.contract;
  const maxDepth: number = contract.limits.depth.max;
  const ends: boolean = contract.limits.movetime.endsSearch;
  const bookDefault: boolean = contract.options.ownBook.default;

  const game: GameRecord = await engine.setPosition('startpos', ['h2e2']);
  const first: NodeRecord | null = game.nodes[game.line[1]];
  const firstName: string | undefined = first?.chinese;
  const startTurn: 'w' | 'b' = game.nodes[0]!.turn;

  const reply: PlayRecord = await engine.play('h9g7');
  const legal: string[] = reply.legalMoves;
  const reason: ResultReason | undefined = reply.result.reason;
  if (reply.result.over && reply.result.reason === 'perpetual_check') console.log('lost by perpetual check');

  const best = await engine.go({ depth: Math.min(8, maxDepth), mate: 3 }, (info: SearchInfo) => {
    const score: number | undefined = info.score.cp ?? info.score.mate;
    console.log(info.depth, score, info.pv.join(' '));
  });
  const move: string | null = best.bestmove;
  await engine.stop();

  const loaded: GameRecord = await engine.loadPgn(await engine.pgn({ Red: 'Chuhan' }));
  const variation: PlayRecord = await engine.play('b9c7', { from: 1 });
  const created: boolean = variation.created;
  const there: CursorRecord = await engine.goTo(variation.parent ?? 0);
  await engine.undo();
  const removed: RemovedNodes = await engine.removeNode(variation.id);
  await engine.promote(removed.children[0], { toMain: true });
  await engine.setComment(there.id, 'a comment');
  await engine.setTag('Red', 'Chuhan');
  await engine.setResult('1-0', 'resignation');
  const pgn: string = await engine.saveGame('pgn', { notation: 'wxf', variations: false });
  const fromBytes: GameRecord = await engine.loadGame(new Uint8Array([0x58, 0x51]), { format: 'xqf', encoding: 'gbk' });
  console.log(created, pgn, fromBytes.tags.Event, engine.contract.formats.read);
  const checked: PositionCheck = await engine.checkPosition('4k4/9/9/9/9/9/9/9/9/4K4 w');
  for (const problem of checked.problems) console.log(problem.code, problem.squares.join(' '), problem.side, problem.count);
  const draw: DrawAnswer = await engine.offerDraw({ side: 'b' });
  if (draw.accepted && draw.reason === 'insufficient_material') await engine.setResult('1/2-1/2', 'agreement');
  const games = await engine.readGames('1. h2e2 h9g7 *', { notation: 'iccs', max: 10 });
  for (const g of games) if (!('error' in g)) console.log((g as GameSummary).plies, g.tags.Red, g.text);
  // @ts-expect-error: a side is 'w' or 'b'
  await engine.offerDraw({ side: 'red' });
  const names: string[] = await engine.moveNames('wxf');
  await engine.setOption('multiPV', 2);
  await engine.setOption('ownBook', true);
  await engine.setOption('threads', 2);
  const threads: number = engine.threads;
  const threadsWarning: string | null = engine.threadsWarning;
  const maxThreads: number = contract.options.threads.max;
  console.log(threads, threadsWarning, maxThreads);
  const leaves: number = await engine.perft(3);

  const here: ExplorerEntry | null = await engine.explore();
  const start: ExplorerEntry | null = await engine.explore('startpos');
  const eco: string | undefined = start?.opening?.eco;
  const firstMove: string | undefined = start?.moves[0]?.move;
  const redWins: number | undefined = here?.moves[0]?.red;
  const master: MasterGame = await engine.masterGame(start?.topGames[0]?.id ?? 0);
  const masterMoves: string[] = master.moves;
  const info: OpeningsInfo = await engine.openings();
  console.log(eco, firstMove, redWins, masterMoves, master.year, info.credit);
  // @ts-expect-error explore takes a FEN, not a list of moves
  await engine.explore(['h2e2']);
  console.log(ends, bookDefault, firstName, startTurn, legal, reason, move, loaded.moves, names, leaves);

  // @ts-expect-error reasons are stable names, not display text
  const old: ResultReason = 'perpetual check';
  // @ts-expect-error play() takes one move, not a list
  await engine.play(['h2e2']);
  // @ts-expect-error ownBook is a check option
  await engine.setOption('ownBook', 1);
  // @ts-expect-error no such limit
  await engine.go({ plies: 3 });
  // @ts-expect-error XQF is read, not written
  await engine.saveGame('xqf');
  // @ts-expect-error setPosition resolves with the game, which has no `fen` of its own
  console.log((await engine.setPosition('startpos')).fen, old);
  engine.terminate();
}

void main();
