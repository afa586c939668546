// The engine worker: one WebAssembly module instance and one Engine, answering typed messages
// that mirror chuhan::Engine. Shared by the browser module workers (worker.js, and worker-mt.js for
// the threaded build) and the Node worker_threads entry (worker.node.js), which differ in how they
// talk to their parent and which Emscripten glue they bring.
//
// Protocol. Requests are {id, cmd, ...}; every request gets exactly one final reply with its id
// ('ready', 'moves', 'bestmove', 'result' or 'error'); a 'go' first sends {type:'moves'} (the
// root moves, so that the client can answer a stop with a legal move even before the first
// report) and {type:'info'} after each iteration.
//
//   {id, cmd:'init', module, threads?, stopBuffer?, hashMB?, multiPV?, moveOverhead?, ownBook?, skillLevel?, useNNUE?, restore?, openings?}
//        openings: the opening explorer's data (a Uint8Array), when the client has it
//        restore: the requests that made the game, replayed in order (a new worker for a crashed
//        or terminated one: the game, its tree and its cursor come back as they were)
//        threads > 1: `module` is the threaded build (dist/chuhan-mt.*), whose glue is imported
//        only then, with a pool of threads - 1 pthread workers made before any search (a search
//        blocks this worker, and a worker cannot start while its creator is blocked)
//                                            -> {id, type:'ready', version, contract}
//   {id, cmd:'position', fen, moves}         -> {id, type:'result', value: game} | error
//   {id, cmd:'play', move, from?}            -> {id, type:'result', value: cursor record + created} | error
//        (from: a node number; the move is played there, opening a variation if that node has a
//        continuation; default the cursor)
//   {id, cmd:'goTo', node}                   -> {id, type:'result', value: cursor record} | error
//   {id, cmd:'undo', plies}                  -> {id, type:'result', value: cursor record} | error
//   {id, cmd:'removeNode', node}             -> {id, type:'result', value: {removed, parent, children, cursor}} | error
//   {id, cmd:'promote', node, toMain}        -> {id, type:'result', value: {parent, children}} | error
//   {id, cmd:'setComment', node, text}       -> {id, type:'result'} | error
//   {id, cmd:'setTag', name, value}          -> {id, type:'result'} | error
//   {id, cmd:'setResult', result, reason}    -> {id, type:'result'} | error
//   {id, cmd:'loadGame', data, format, encoding} -> {id, type:'result', value: game} | error
//        (data: a string or a Uint8Array of a file's bytes)
//   {id, cmd:'saveGame', format, notation, comments, variations} -> {id, type:'result', value: text} | error
//   {id, cmd:'checkPosition', fen}           -> {id, type:'result', value: {problems, check, result, legalMoves}}
//        (a position editor's check: every problem of the FEN; the game is not touched)
//   {id, cmd:'offerDraw', side}              -> {id, type:'result', value: {accepted, reason, score?}} | error
//        (side 'w' | 'b' | '': the side the offer is made to; a short search may run)
//   {id, cmd:'readGames', data, format, encoding, notation, max} -> {id, type:'result', value: [game summary | {error}]} | error
//        (every game of a file, each {tags, startFen, result, declared, plies, text}; the game is not touched)
//   {id, cmd:'fen'}                          -> {id, type:'result', value: fen}
//   {id, cmd:'legalMoves'}                   -> {id, type:'moves', moves}
//   {id, cmd:'go', limits}                   -> {id, type:'moves', moves}, {id, type:'info', info}*,
//                                               {id, type:'bestmove', bestmove, ponder?, book?} | error
//   {id, cmd:'stop'}                         -> {id, type:'result'}: a search blocks this worker,
//        so a 'stop' message only arrives between searches; searches are stopped through the shared
//        flag (stopBuffer) or by terminating the worker.
//   {id, cmd:'perft', depth}                 -> {id, type:'result', value: leaves} | error ('stopped'
//        when the shared flag ended it; without one the client stops a perft by terminating)
//   {id, cmd:'bench', depth?}                -> {id, type:'result', value: {nodes, nps, time}}
//   {id, cmd:'gameResult'}                   -> {id, type:'result', value: {over, result?, reason?}}
//   {id, cmd:'game'}                         -> {id, type:'result', value: game}
//   {id, cmd:'moveNames', style}             -> {id, type:'result', value: names of the game's moves}
//   {id, cmd:'moveName', iccs, style}        -> {id, type:'result', value: name} | error (not legal)
//   {id, cmd:'pgn', tags?}                   -> {id, type:'result', value: PGN text}
//   {id, cmd:'loadPgn', text}                -> as loadGame with format 'pgn'
//   {id, cmd:'inCheck'}                      -> {id, type:'result', value: boolean}
//   {id, cmd:'newGame'}                      -> {id, type:'result'}
//   {id, cmd:'seedRandom', seed}             -> {id, type:'result'}  (seed: a whole number >= 0)
//   {id, cmd:'setOption', name, value}       -> {id, type:'result'} | error (the contract's options;
//        a hash the memory cannot hold is an error and the old one stays)
//   {id, cmd:'openings', data}               -> {id, type:'result', value: {games, positions, openings, credit, about}} | error
//        (data: the bytes of the explorer's data file, wasm/data/openings.bin)
//   {id, cmd:'explore', fen?}                -> {id, type:'result', value: entry | null} | error (no data, bad FEN)
//        (no fen: the cursor's position, its opening named as the game goes; entry: core/explorer.h to_json)
//   {id, cmd:'masterGame', game}             -> {id, type:'result', value: master game with its moves} | error
//   {id, cmd:'state'}                        -> {id, type:'result', value: {fen, hashMB, sharedStop, instance, threads}}
//   {id, cmd:'crash', how}                   test hook: 'throw' (uncaught error), 'exit' (the
//                                            thread exits), 'binding' (a call into wasm throws)
//   game: {tags, fen, result, declared, moves, nodes, cursor, line, legalMoves} and a cursor record:
//   a node {id, parent, ply, move, chinese, wxf, moved, captured, fen, turn, moveNumber, check,
//   result, comment, nag, children} with the legal moves (core/formats/game_json.h, index.d.ts)
//   contract: the engine's ranges, options and names (bindings.cpp contract_to_js)
//   error reply: {id, type:'error', message, fatal?}. `fatal` means the module may be in a broken
//   state (a trap or an exception crossed the wasm stack): the client starts a new worker.

// A caller's text in a message, as the engine quotes it (core/quote.h): at most 100 characters,
// control characters escaped, the length of the rest counted.
const MaxQuotedChars = 100;
function quoted(text) {
  const head = JSON.stringify(String(text).slice(0, MaxQuotedChars)).slice(1, -1);
  return String(text).length > MaxQuotedChars ? `'${head}…' (+${String(text).length - MaxQuotedChars} characters)` : `'${head}'`;
}

// `port` is {post(message), listen(handler), exit(code)}. `glue(threaded)` resolves with
// {factory, url}: the Emscripten module factory of the single-threaded or the threaded build and
// the URL of its glue (the threaded build's pthread workers import it), or rejects when this
// worker does not bring that build.
export function serve(port, glue) {
  const instance = Math.random(); // tells a restarted worker from the old one (tests)
  let module = null; // the Emscripten module object
  let threads = 1; // search threads of this instance (more than one: the threaded build)
  let engine = null; // its Engine instance
  let broken = null; // why the instance can no longer be trusted

  const post = (message) => port.post(message);
  const fail = (id, message, fatal = false) => post({ id, type: 'error', message, ...(fatal ? { fatal } : {}) });

  async function init(msg) {
    if (!(msg.module instanceof WebAssembly.Module)) throw new Error('init needs a compiled WebAssembly.Module');
    let instantiateFailed;
    const failed = new Promise((_, reject) => (instantiateFailed = reject));
    threads = Number.isInteger(msg.threads) && msg.threads > 1 ? msg.threads : 1;
    const { factory, url } = await glue(threads > 1);
    module = await Promise.race([
      factory({
        ...(threads > 1 ? { pthreadPoolSize: threads - 1, mainScriptUrlOrBlob: String(url) } : {}),
        // The client compiled the .wasm once; every worker instantiates that Module.
        instantiateWasm(imports, receive) {
          WebAssembly.instantiate(msg.module, imports).then((inst) => receive(inst, msg.module), instantiateFailed);
          return {};
        },
        print: () => {},
        // This worker is the module's "main thread", and blocking it (a search waiting for its
        // helpers) is what it is for; the glue's warning about blocking a page is not for us.
        printErr: (text) => /^Blocking on the main thread/.test(text) || console.warn('chuhan:', text),
        onAbort: (what) => instantiateFailed(new Error(`WebAssembly module aborted: ${what}`)),
      }),
      failed,
    ]);
    engine = new module.Engine();
    if (msg.stopBuffer) {
      module.stopFlag = new Int32Array(msg.stopBuffer);
      engine.useStopFlag(true);
    }
    // A restarted worker asks for the hash its predecessor had; if the memory is not there now,
    // it keeps the default rather than failing to start.
    const contract = module.contract();
    if (threads > 1) {
      const problem = engine.setOption('threads', threads);
      if (problem) throw new Error(`could not start ${threads} search threads: ${problem}`);
    }
    for (const name of Object.keys(contract.options)) {
      if (msg[name] === undefined || name === 'threads') continue;
      const problem = engine.setOption(name, msg[name]);
      if (problem) console.warn('chuhan:', problem);
    }
    if (msg.openings instanceof Uint8Array) {
      const loaded = engine.loadOpenings(msg.openings);
      if (loaded?.error !== undefined) console.warn('chuhan: opening data:', loaded.error);
    }
    for (const request of msg.restore ?? []) {
      const reply = await run(request);
      if (reply?.type === 'error') throw new Error(`could not restore the game: ${reply.message}`);
    }
    return { type: 'ready', version: module.version(), contract };
  }

  // A binding's answer as a reply: {error} as an error, anything else as the result.
  const reply = (value) => (value?.error !== undefined ? { type: 'error', message: value.error } : { type: 'result', value });
  const done = (problem) => (problem ? { type: 'error', message: problem } : { type: 'result' });
  // Node numbers (and ply counts) reach the binding only as whole numbers it can hold.
  const isNode = (n) => Number.isInteger(n) && n >= 0 && n <= 0x7fffffff;
  const badNode = (n) => ({ type: 'error', message: `no node ${typeof n === 'number' ? n : JSON.stringify(n) ?? String(n)} in this game` });

  // Runs one request; returns the final reply (without id) or throws for a fatal error.
  async function run(msg) {
    const { id, cmd } = msg;
    if (cmd === 'init') return init(msg);
    if (cmd === 'crash') return crash(msg.how);
    if (!engine) return { type: 'error', message: 'the engine is not initialised (send init first)' };
    switch (cmd) {
      case 'position':
        return reply(engine.setPosition(msg.fen, msg.moves));
      case 'play':
        if (msg.from !== undefined && !isNode(msg.from)) return badNode(msg.from);
        return reply(engine.play(String(msg.move), msg.from ?? -1));
      case 'goTo':
        return isNode(msg.node) ? reply(engine.goTo(msg.node)) : badNode(msg.node);
      case 'undo':
        if (!isNode(msg.plies)) return { type: 'error', message: `undo: plies must be a whole number from 0, got ${msg.plies}` };
        return reply(engine.undo(msg.plies));
      case 'removeNode':
        return isNode(msg.node) ? reply(engine.removeNode(msg.node)) : badNode(msg.node);
      case 'promote':
        return isNode(msg.node) ? reply(engine.promote(msg.node, msg.toMain === true)) : badNode(msg.node);
      case 'setComment':
        return isNode(msg.node) ? done(engine.setComment(msg.node, String(msg.text))) : badNode(msg.node);
      case 'setTag':
        return done(engine.setTag(String(msg.name), String(msg.value)));
      case 'setResult':
        return done(engine.setResult(String(msg.result), String(msg.reason ?? '')));
      case 'loadGame': {
        const data = msg.data instanceof Uint8Array ? msg.data : String(msg.data);
        return reply(engine.loadGame(data, String(msg.format ?? 'auto'), String(msg.encoding ?? 'auto')));
      }
      case 'saveGame': {
        const saved = engine.saveGame(String(msg.format), String(msg.notation ?? 'chinese'), msg.comments !== false, msg.variations !== false);
        return saved.error ? { type: 'error', message: saved.error } : { type: 'result', value: saved.text };
      }
      case 'checkPosition':
        return { type: 'result', value: engine.checkPosition(String(msg.fen)) };
      case 'offerDraw':
        return reply(engine.offerDraw(String(msg.side ?? '')));
      case 'readGames': {
        const data = msg.data instanceof Uint8Array ? msg.data : String(msg.data);
        const games = engine.readGames(data, String(msg.format ?? 'auto'), String(msg.encoding ?? 'auto'), String(msg.notation ?? 'chinese'), Number(msg.max ?? 100000));
        return Array.isArray(games) ? { type: 'result', value: games } : reply(games);
      }
      case 'fen':
        return { type: 'result', value: engine.fen() };
      case 'openings':
        return msg.data instanceof Uint8Array ? reply(engine.loadOpenings(msg.data)) : reply(engine.openings());
      case 'explore':
        return reply(engine.explore(typeof msg.fen === 'string' ? msg.fen : ''));
      case 'masterGame':
        return isNode(msg.game) ? reply(engine.masterGame(msg.game)) : { type: 'error', message: `no master game ${JSON.stringify(msg.game)}` };
      case 'legalMoves':
        return { type: 'moves', moves: engine.legalMoves() };
      case 'go': {
        post({ id, type: 'moves', moves: engine.legalMoves() });
        const best = engine.go(msg.limits, (info) => {
          // Never let an exception cross back into the search.
          try {
            post({ id, type: 'info', info });
          } catch {}
        });
        if (best.error) return { type: 'error', message: best.error };
        return { type: 'bestmove', bestmove: best.bestmove, ...(best.ponder ? { ponder: best.ponder } : {}), ...(best.book ? { book: true } : {}) };
      }
      case 'stop':
        return { type: 'result' };
      case 'perft': {
        const r = engine.perft(msg.depth);
        if (r.error || r.stopped) return { type: 'error', message: r.error ?? 'stopped' };
        return { type: 'result', value: r.nodes };
      }
      case 'bench': {
        const r = engine.bench(msg.depth ?? module.contract().benchDepth.default);
        return r.error ? { type: 'error', message: r.error } : { type: 'result', value: r };
      }
      case 'gameResult':
        return { type: 'result', value: engine.gameResult() };
      case 'game':
        return { type: 'result', value: engine.game() };
      case 'moveNames':
        return { type: 'result', value: engine.moveNames(msg.style) };
      case 'moveName': {
        const name = engine.moveName(msg.iccs, msg.style);
        return name ? { type: 'result', value: name } : { type: 'error', message: `${quoted(msg.iccs)} is not a legal move here` };
      }
      case 'pgn':
        return { type: 'result', value: engine.pgn(msg.tags ?? {}) };
      case 'loadPgn':
        return reply(engine.loadGame(String(msg.text), 'pgn', 'auto'));
      case 'inCheck':
        return { type: 'result', value: engine.inCheck() };
      case 'newGame':
        engine.newGame();
        return { type: 'result' };
      case 'seedRandom':
        if (!Number.isSafeInteger(msg.seed) || msg.seed < 0) return { type: 'error', message: 'seedRandom: seed must be a whole number from 0' };
        engine.seedRandom(msg.seed);
        return { type: 'result' };
      case 'setOption': {
        const problem = engine.setOption(String(msg.name), msg.value);
        return problem ? { type: 'error', message: problem } : { type: 'result' };
      }
      case 'state':
        return { type: 'result', value: { fen: engine.fen(), hashMB: engine.hashSize(), sharedStop: !!module.stopFlag, instance, threads } };
      default:
        return { type: 'error', message: `unknown command '${cmd}'` };
    }
  }

  function crash(how) {
    if (how === 'exit') port.exit(7);
    if (how === 'binding') engine.go(); // wrong arity: embind throws a BindingError out of the call
    // 'throw' (and 'exit' where a thread cannot exit): an uncaught error outside any handler.
    setTimeout(() => {
      throw new Error('crash requested by a test');
    });
    return null;
  }

  // Requests run strictly one after another (init is asynchronous).
  let chain = Promise.resolve();
  port.listen((msg) => {
    chain = chain.then(async () => {
      const id = msg?.id;
      if (broken) return fail(id, `the engine worker is broken (${broken}); start a new one`, true);
      try {
        const reply = await run(msg);
        if (reply) post({ id, ...reply });
      } catch (e) {
        broken = e?.message ?? String(e);
        fail(id, `engine worker error: ${broken}`, true);
      }
    });
  });
}
