// Types of the `chuhan` package (browser entry wasm/index.js, Node entry wasm/index.node.js).
// Hand-written; the contracts are in README.md and wasm/client.js, the ranges in the engine's
// contract (core/contract.h, sent to the client as Engine.contract). Checked by `tsc --noEmit` on
// wasm/test/types/example.ts in npm test.

export interface EngineOptions {
  /** Where chuhan.wasm is served. Default: next to the package's JS (`new URL('./dist/chuhan.wasm', import.meta.url)`). Under Node also a file path. */
  wasmUrl?: string | URL;
  /** Where chuhan-mt.wasm (the threaded build, fetched only for threads > 1) is served. Default: next to chuhan.wasm. */
  threadedWasmUrl?: string | URL;
  /**
   * Search threads (range: Engine.contract.options.threads; default 1). More than one needs shared
   * memory: always under Node, in browsers a cross-origin isolated page (COOP same-origin, COEP
   * require-corp). Elsewhere the engine searches with one thread and says so in
   * Engine.threadsWarning and a console warning; it never fails for that. The threaded build runs
   * from the package's own files (worker-mt.js, dist/chuhan-mt.*), served as they are: an app
   * bundle that does not carry them gets one thread, with the same warning.
   */
  threads?: number;
  /**
   * Where the opening explorer's data is (fetched on the first explore(), masterGame() or
   * openings(), about 0.7 MB). Default: the package's `data/openings.bin` (`new URL('./data/openings.bin',
   * import.meta.url)`). Under Node also a file path.
   */
  openingsUrl?: string | URL;
  /** Where the worker script is. Default: the package's own (`worker.js` in browsers, `worker.node.js` under Node). */
  workerUrl?: string | URL;
  /** Transposition table size in MB (range and default: Engine.contract.options.hashMB). */
  hashMB?: number;
  /**
   * How stop() interrupts a search. 'auto' (default): a shared memory flag when SharedArrayBuffer
   * is available (Node; cross-origin isolated pages), otherwise 'terminate'. 'shared' fails
   * without SharedArrayBuffer. 'terminate': end the worker and start a fresh one from the compiled
   * module, restoring the position and options (the hash table starts empty).
   */
  stopMode?: 'auto' | 'shared' | 'terminate';
}

/**
 * Search limits, each a whole number in its range in Engine.contract.limits; times in milliseconds. A limit
 * that ends the search (movetime, depth, nodes, wtime/btime) or infinite: true is required;
 * unknown keys are rejected.
 */
export interface SearchLimits {
  /** Think exactly this long. */
  movetime?: number;
  /** Iterations to search. */
  depth?: number;
  /** Node budget. */
  nodes?: number;
  /** Stop once a mate in at most this many moves is found (with another limit, or infinite). */
  mate?: number;
  /** Red's (w) and Black's (b) remaining clock (0: none left) and increment per move. */
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  /** Moves to the next time control. */
  movestogo?: number;
  /** Search until stop(). */
  infinite?: boolean;
}

/** One report, after each iteration of the search. */
export interface SearchInfo {
  depth: number;
  seldepth?: number;
  /** 1 unless setOption('multiPV', n) asked for more lines. */
  multipv?: number;
  /** Centipawns from the side to move, or moves to mate (negative: being mated). */
  score: { cp?: number; mate?: number };
  /** Present when the search stopped while an aspiration window had failed: the score is only a bound. */
  bound?: 'lowerbound' | 'upperbound';
  nodes: number;
  nps: number;
  /** Milliseconds since the search started. */
  time: number;
  /** The threads that searched (Engine.threads). */
  threads: number;
  /** Permille of the hash table in use. */
  hashfull?: number;
  /** Principal variation in ICCS moves. */
  pv: string[];
  /** The same moves in Chinese notation (炮二平五 …). */
  pvNames: string[];
}

export interface BestMove {
  /** ICCS move; null when the side to move has no legal move. */
  bestmove: string | null;
  /** Expected reply. */
  ponder?: string;
  /** True when the move came from the opening book (setOption('ownBook', true)) without a search. */
  book?: boolean;
}

/** Why a game ended: stable names (contract.reasons), for code and translations alike. */
export type ResultReason =
  | 'checkmate'
  | 'stalemate'
  | 'perpetual_check'
  | 'perpetual_chase'
  | 'repetition'
  | 'rule_60'
  | 'insufficient_material'
  /** Declared (setResult(), a file), not judged from the board: */
  | 'resignation'
  | 'time'
  | 'agreement';

export interface GameResult {
  over: boolean;
  result?: '1-0' | '0-1' | '1/2-1/2';
  reason?: ResultReason;
}

export interface BenchResult {
  /** Total nodes: the engine's signature, identical to the native `chuhan bench`. */
  nodes: number;
  nps: number;
  /** Milliseconds. */
  time: number;
}

export type NotationStyle = 'iccs' | 'wxf' | 'chinese';

/** 'w': Red to move, 'b': Black to move. */
export type Side = 'w' | 'b';

/** A position of a game, as the engine sees it. */
export interface PositionRecord {
  /** FEN (as the engine writes it: Red upper case, `w`/`b`). */
  fen: string;
  turn: Side;
  /** The FEN's full-move number. */
  moveNumber: number;
  /** The side to move is in check. */
  check: boolean;
  /** The rules' verdict here, from the moves that led here. */
  result: GameResult;
}

/**
 * A node of the game record: a position and the move that led to it (none at the root, node 0).
 * Node numbers are given in the order nodes are made and never change: a removed node leaves a
 * hole (null in GameRecord.nodes).
 */
export interface NodeRecord extends PositionRecord {
  id: number;
  /** The node before (null at the root). */
  parent: number | null;
  /** Plies from the start position. */
  ply: number;
  /** The move, in ICCS, and its names: 炮二平五, C2=5. Absent at the root. */
  move?: string;
  chinese?: string;
  wxf?: string;
  /** The piece that moved and the one it took, as FEN letters (R, n, ...). */
  moved?: string;
  captured?: string;
  /** The comment after the move (at the root: about the whole game). */
  comment?: string;
  /** PGN annotation: 1 !, 2 ?, 3 !!, 4 ??, 5 !?, 6 ?!, or another $n. */
  nag?: number;
  /** The moves played from here: children[0] continues this line, the others are variations. */
  children: number[];
}

/** The node the cursor is at, with its legal moves: what a page needs after a move or a jump. */
export interface CursorRecord extends NodeRecord {
  legalMoves: string[];
}

/** What play() answers: the new cursor, and whether the move made a new node (else it was there). */
export interface PlayRecord extends CursorRecord {
  created: boolean;
}

/** A game: its record (tags, start, result, every node) and the cursor into it. */
export interface GameRecord {
  /** Tags such as Event, Site, Date, Round, Red, Black, ECCO, Opening (start and result have their own fields). */
  tags: Record<string, string>;
  /** FEN of the start position. */
  startFen: string;
  /** The result to show: the declared one, else the verdict at the end of the main line. */
  result: GameResult;
  /** The result the players or the file declared ({over: false} when none). */
  declared: GameResult;
  /** ICCS moves of the main line. */
  moves: string[];
  /** Every node by number: nodes[n].id === n; null where a node was removed. */
  nodes: Array<NodeRecord | null>;
  /** The node the cursor is at, the line from the start to it, and its legal moves. */
  cursor: number;
  line: number[];
  legalMoves: string[];
}

/** What removeNode() answers. */
export interface RemovedNodes {
  /** The numbers of the removed node and of every node after it. */
  removed: number[];
  /** The removed node's parent and its children now. */
  parent: number;
  children: number[];
  /** Where the cursor is now (it leaves a removed line for the parent). */
  cursor: CursorRecord;
}

/** Formats loadGame() reads ('auto': detected from the bytes) and saveGame() writes: Engine.contract.formats. */
export type ReadFormat = 'auto' | 'pgn' | 'xqf' | 'dhtmlxq' | 'fen';
export type WriteFormat = 'pgn' | 'dhtmlxq' | 'fen' | 'json';
/** Text encodings of files given as bytes ('auto': detected). */
export type TextEncoding = 'auto' | 'utf-8' | 'gbk' | 'gb18030' | 'big5' | 'utf-16le' | 'utf-16be';

/** One thing that keeps a FEN from being played (Engine.checkPosition). */
export interface PositionProblem {
  /**
   * 'syntax' (not a FEN: ranks, files, letters, side, counters), 'unreachable' (a piece on a point
   * it may never stand on), 'no_general', 'too_many' (more of a kind than a side has),
   * 'generals_facing', 'not_to_move_in_check' (the side that just moved left its general attacked).
   */
  code: 'syntax' | 'unreachable' | 'no_general' | 'too_many' | 'generals_facing' | 'not_to_move_in_check';
  /** The engine's message (English), as setPosition() would reject the FEN with it. */
  message: string;
  /** The side concerned. */
  side?: Side;
  /** The kind of piece concerned, as a FEN letter (unreachable, too_many, no_general). */
  piece?: string;
  /** too_many: how many there are and the most a side can have. */
  count?: number;
  max?: number;
  /** The points concerned (ICCS squares such as 'c5'). */
  squares: string[];
}

/** What checkPosition() answers. */
export interface PositionCheck {
  /** Everything wrong, in the order setPosition() meets them; empty for a legal position. */
  problems: PositionProblem[];
  /** Legal positions: the side to move is in check, the rules' verdict as it stands, its legal moves. */
  check: boolean;
  result: GameResult;
  legalMoves: number;
}

/**
 * Why the engine accepts or refuses a draw: 'insufficient_material', 'no_mating_material',
 * 'drawn_ending', 'losing' (it is being mated), 'worse', 'level' (level with little left) accept;
 * 'game_over', 'winning' (it mates), 'better', 'play_on' (level, plenty to play for) refuse.
 */
export type DrawReason =
  | 'game_over'
  | 'insufficient_material'
  | 'no_mating_material'
  | 'winning'
  | 'losing'
  | 'better'
  | 'drawn_ending'
  | 'worse'
  | 'level'
  | 'play_on';

export interface DrawAnswer {
  accepted: boolean;
  reason: DrawReason;
  /** The short search's score from the side asked, when one ran. */
  score?: { cp?: number; mate?: number };
}

/** One game of a file, as readGames() reads it. */
export interface GameSummary {
  tags: Record<string, string>;
  startFen: string;
  result: GameResult;
  declared: GameResult;
  /** Plies of the main line. */
  plies: number;
  /** The game as PGN (loadGame() reads it back). */
  text: string;
}

/** A whole-number range, both ends included. */
export interface Range {
  min: number;
  max: number;
}

/**
 * The engine's contract (core/contract.h): what the client validates arguments against. Sent by
 * the worker when it starts.
 */
export interface Contract {
  /** Ranges of the search limits; `endsSearch`: a search with this limit ends by itself. */
  limits: Record<Exclude<keyof SearchLimits, 'infinite'>, Range & { endsSearch: boolean }>;
  options: {
    hashMB: Range & { type: 'spin'; default: number };
    multiPV: Range & { type: 'spin'; default: number };
    moveOverhead: Range & { type: 'spin'; default: number };
    ownBook: { type: 'check'; default: boolean };
    threads: Range & { type: 'spin'; default: number };
    skillLevel: Range & { type: 'spin'; default: number };
    useNNUE: { type: 'check'; default: boolean };
  };
  perftDepth: Range;
  benchDepth: Range & { default: number };
  notations: NotationStyle[];
  formats: { read: ReadFormat[]; write: WriteFormat[] };
  results: Array<'1-0' | '0-1' | '1/2-1/2'>;
  reasons: ResultReason[];
}

/** An opening by its ECCO code ('C45'), range ('C40-C49') or family ('C00-C99'), with its names. */
export interface OpeningName {
  eco: string;
  /** The name in Chinese (中炮对屏风马) and in English. */
  zh: string;
  en: string;
}

/** A move masters played in a position: how many games went on with it and how they ended. */
export interface ExplorerMove {
  /** ICCS, and its names in the position: 炮二平五, C2=5. */
  move: string;
  chinese: string;
  wxf: string;
  games: number;
  red: number;
  draw: number;
  black: number;
}

/** A master game through a position. */
export interface MasterGameSummary {
  /** Its number for masterGame(). */
  id: number;
  red: string;
  black: string;
  /** 0 when unknown. */
  year: number;
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  event: string;
  /** Its ECCO code as the collection files it ('' when none). */
  eco: string;
  plies: number;
}

/** What masters played in a position (explore()). */
export interface ExplorerEntry {
  /** Games through the position and how they ended. 0 when the position is not in the data but its line named an opening. */
  games: number;
  red: number;
  draw: number;
  black: number;
  opening: OpeningName | null;
  /** Most played first. */
  moves: ExplorerMove[];
  /** Best-known first (both players with many games in the collection). */
  topGames: MasterGameSummary[];
}

/** A master game whole: moves in ICCS from the start position. */
export interface MasterGame extends MasterGameSummary {
  moves: string[];
}

/** The explorer's data: its figures, the credit its licence asks for, and how it was built (JSON text). */
export interface OpeningsInfo {
  /** Master games kept whole (masterGame() ids 0 .. games - 1), not the games counted (explore('startpos').games). */
  games: number;
  /** Positions the data knows (reached by enough master games, mirror images merged). */
  positions: number;
  /** Opening names (ECCO codes, ranges and families). */
  openings: number;
  credit: string;
  about: string;
}

export type EngineOption = 'hashMB' | 'multiPV' | 'moveOverhead' | 'threads' | 'skillLevel';
export type EngineBooleanOption = 'ownBook' | 'useNNUE';

/**
 * An engine in its own worker. Calls run one at a time in call order; every method rejects with
 * an Error for bad arguments (before anything reaches the worker) or when the engine refuses.
 */
export interface Engine {
  /** The engine's contract: limit and option ranges, notations, result and reason names. */
  readonly contract: Contract;
  /** The threads the engine searches with now (fewer than asked where memory cannot be shared). */
  readonly threads: number;
  /** Why the engine searches with fewer threads than asked for, or null. */
  readonly threadsWarning: string | null;
  /**
   * A new game: FEN (or 'startpos') followed by ICCS moves, in one request whatever the game's
   * length. Resolves with the game (the cursor at its end); rejects saying what is wrong, and the
   * previous game stays.
   */
  setPosition(fen: string, moves?: string[]): Promise<GameRecord>;
  /**
   * Plays one legal move (ICCS, WXF or Chinese) at the cursor, or at node `from`: the node that
   * move already has, else a new node (a variation when that node has a continuation: a move
   * from an earlier position never cuts the game). Resolves with the new cursor. Rejects an
   * illegal move, and any move after a decided position (a decided game stays decided); the game
   * is then unchanged.
   */
  play(move: string, options?: { from?: number }): Promise<PlayRecord>;
  /** Moves the cursor to a node of any line (costs the moves between the two, not the game). */
  goTo(node: number): Promise<CursorRecord>;
  /** Moves the cursor `plies` (default 1) moves back along its line; the moves stay in the record. */
  undo(plies?: number): Promise<CursorRecord>;
  /** Removes a node and every node after it (not the root). */
  removeNode(node: number): Promise<RemovedNodes>;
  /** Moves the variation a node starts one place up among its siblings, or (toMain) to the first place. */
  promote(node: number, options?: { toMain?: boolean }): Promise<{ parent: number; children: number[] }>;
  /** Sets a node's comment ('' removes it). */
  setComment(node: number, text: string): Promise<void>;
  /** Sets a tag ('' removes it); names of letters, digits and _. */
  setTag(name: string, value: string): Promise<void>;
  /** Declares the result, with a reason of contract.reasons or ''. '*' declares none. */
  setResult(result: '1-0' | '0-1' | '1/2-1/2' | '*', reason?: ResultReason | ''): Promise<void>;
  /**
   * Replaces the game with the first game of a file: its text, or its bytes (XQF; PGN or DhtmlXQ
   * in UTF-8, GBK or Big5). The format and encoding are detected unless given. Resolves with the
   * game, the cursor at the end of its main line; rejects saying what is wrong (the game stays).
   */
  loadGame(data: string | Uint8Array | ArrayBuffer, options?: { format?: ReadFormat; encoding?: TextEncoding }): Promise<GameRecord>;
  /**
   * The game as a file: PGN (moves in `notation`, default Chinese; tags, result, comments and
   * variations unless turned off), DhtmlXQ, JSON (GameRecord's record fields), or the FEN of the
   * cursor's position.
   */
  saveGame(format?: WriteFormat, options?: { notation?: NotationStyle; comments?: boolean; variations?: boolean }): Promise<string>;
  /**
   * Every game of a file (a PGN of many games, an EPD of many positions; other formats hold one),
   * at most `max` (default 100000): a summary and the PGN text of each (moves in `notation`,
   * default Chinese), or {error} for a game that cannot be read. The engine's game is not touched.
   */
  readGames(
    data: string | Uint8Array | ArrayBuffer,
    options?: { format?: ReadFormat; encoding?: TextEncoding; notation?: NotationStyle; max?: number },
  ): Promise<Array<GameSummary | { error: string }>>;
  /**
   * Judges a FEN for a position editor without touching the game: every problem (two generals
   * facing, a piece on a point it may never stand on, too many of a kind, the side not to move in
   * check, ...) with the points concerned, or for a legal position its check, verdict and number
   * of legal moves.
   */
  checkPosition(fen: string): Promise<PositionCheck>;
  /**
   * A draw offer made to `side` (default the side to move) in the cursor's position: accepted when
   * the engine judges it drawn (the rules' insufficient material, no material that can mate, a
   * known drawn ending, a level position with little left) or worse for it, with the reason. A
   * short full-strength search (at most 12 plies or 400000 nodes) decides when the material does
   * not. Changes nothing: declare the draw with setResult('1/2-1/2', 'agreement').
   */
  offerDraw(options?: { side?: Side }): Promise<DrawAnswer>;
  /** FEN of the current position. */
  fen(): Promise<string>;
  /** Legal moves of the current position in ICCS. */
  legalMoves(): Promise<string[]>;
  /**
   * Searches the current position. Not queued: while a go() is pending a second one rejects.
   * Resolves with the best move when a limit is reached or stop() is called.
   */
  go(limits: SearchLimits, onInfo?: (info: SearchInfo) => void): Promise<BestMove>;
  /**
   * Ends the pending search promptly (its go() resolves with the best move so far) and any perft,
   * running or queued (it rejects with "perft: stopped"); resolves once they have.
   */
  stop(): Promise<void>;
  /** Leaf count at a depth in contract.perftDepth from the current position; stop() ends it. */
  perft(depth: number): Promise<number>;
  /** The fixed bench (depth 13, 16 MB hash); keeps the position and options. */
  bench(): Promise<BenchResult>;
  /** The game's verdict from its whole history (mate, repetition rules, 60-move rule, material). */
  gameResult(): Promise<GameResult>;
  /** The game: the record and the cursor. */
  game(): Promise<GameRecord>;
  /** Names of the moves from the start to the cursor: 'chinese' (炮二平五, default), 'wxf' (C2=5) or 'iccs' (h2e2). */
  moveNames(style?: NotationStyle): Promise<string[]>;
  /** Name of a legal move of the current position; rejects if it is not legal. */
  moveName(iccs: string, style?: NotationStyle): Promise<string>;
  /**
   * The game as xqbase-style PGN (`[Game "Chinese Chess"]`, `[Format "ICCS"]`, FEN when not the
   * start position; Result from gameResult() unless given). `tags` adds or overrides headers.
   */
  pgn(tags?: Record<string, string>): Promise<string>;
  /**
   * loadGame() for a PGN text: the first game (moves in ICCS, WXF or Chinese). A text with neither
   * a move nor a FEN tag (empty, tags only, a bare result) is refused.
   */
  loadPgn(text: string): Promise<GameRecord>;
  /** True when the side to move is in check. */
  inCheck(): Promise<boolean>;
  /** Clears the hash table and search histories (the position stays). */
  newGame(): Promise<void>;
  /**
   * Makes the random choices (book moves, and the moves a skillLevel below 20 picks) repeatable:
   * the same seed, position and limits give the same move. Not kept across worker restarts.
   */
  seedRandom(seed: number): Promise<void>;
  /**
   * hashMB, multiPV, moveOverhead (ms), in the ranges of contract.options. Kept across worker restarts. A hash
   * the page's memory cannot hold rejects ("not enough memory ...") and the previous one stays.
   * threads: as createEngine({ threads }); a new count starts a new worker with the same position
   * and options (the hash table starts empty).
   * skillLevel (0..20, default 20 = full strength): below 20 go() plays weaker, choosing among
   * its good moves within a margin that grows as the level falls, from a shallower search of
   * several lines, with a fixed movetime varied to 60-100 % of its value. Infinite and mate
   * searches keep full strength; info events report only the lines multiPV asks for.
   */
  setOption(name: EngineOption, value: number): Promise<void>;
  /**
   * ownBook (default false): go() answers a position of the built-in opening book at once with a
   * weighted random book move ({book: true}, no info reports), except for infinite and mate
   * searches and MultiPV. Kept across worker restarts.
   * useNNUE (default true): evaluate with the learned network built into the module; false
   * evaluates with the hand-written evaluation alone (either clears the hash). Kept across
   * worker restarts.
   */
  setOption(name: EngineBooleanOption, value: boolean): Promise<void>;
  /**
   * What masters played (the opening explorer): at the cursor when `fen` is omitted (the opening
   * then named as the game goes: from the last named position of the line), else in `fen`
   * ('startpos' or a FEN). Resolves with null for a position the data does not know. The first
   * call fetches the explorer's data (EngineOptions.openingsUrl), once.
   */
  explore(fen?: string): Promise<ExplorerEntry | null>;
  /** A master game of explore()'s topGames, whole: load its moves to study it. */
  masterGame(id: number): Promise<MasterGame>;
  /** The explorer's data (fetched if needed): its figures and the credit to show with it. */
  openings(): Promise<OpeningsInfo>;
  /** Ends the worker; pending and later calls reject. */
  terminate(): void;
}

/** Compiles the module (once per wasmUrl) and starts an engine in a worker. */
export function createEngine(options?: EngineOptions): Promise<Engine>;
