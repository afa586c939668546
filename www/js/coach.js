// The controller's coach: the game review (the engine's look at every position of the game's line,
// one goTo() and one go() each, judged by review.js) and "learn from your mistakes" (each marked
// move of one side replayed as a puzzle). It works through the controller's `host`:
//
//   host = {
//     session(), tree(), game(), setGame(game)   the engine session, the record's cache, the view
//     halt()                 stops any search and makes its result stale (a promise)
//     runQueued(fn)          runs fn in the controller's queue, ahead of nothing (a promise)
//     track(search)          the running go() promise, for halt() to stop
//     searchWith(id, limits, onFirst)  a search of node `id` whose reports reach the page
//     emit(type, detail), afterChange(animate), render(animate)
//   }
import * as G from './game.js';
import * as T from './tree.js';
import { Marks, accuracy, markMoves, redValue } from './review.js';

// A try that loses less than the mildest mark (an inaccuracy) counts as a better move.
const GoodEnough = Marks.at(-1).loss;

export class Coach {
  /** The review: {line (node numbers), evals, marks (by node), done, total, running, limits, accuracy: {w, b}}, or null. */
  review = null;
  /** "Learn from your mistakes": {side, nodes (the marked moves to replay), index, state: 'trying' | 'wrong' | 'solved' | 'done', tried}, or null. */
  learn = null;
  #host;
  #run = 0; // the running review's number; a review ends when it changes

  constructor(host) {
    this.#host = host;
  }

  /** Forgets the review and the learning (a new game). */
  clear() {
    this.learn = null;
    if (!this.review) return;
    this.review = null;
    this.#host.emit('review', null);
  }

  /**
   * Reviews the game's line (from the start to the live node): the engine looks at every position
   * (`limits`: {movetime} or {depth}, at full strength, book positions too), one goTo() and one
   * go() each; the moves that lost most are marked with the better move and its line (review.js).
   */
  startReview(limits) {
    const host = this.#host;
    const run = ++this.#run;
    return host.runQueued(async () => {
      await host.halt();
      this.learn = null;
      const session = host.session();
      const line = T.pathTo(host.tree(), host.game().live);
      const nodes = host.tree().nodes;
      this.review = { line, evals: [], marks: {}, done: 0, total: line.length, running: true, limits, accuracy: { w: null, b: null } };
      host.emit('review', this.review);
      for (let i = 0; i < line.length && run === this.#run; i++) {
        const node = nodes[line[i]];
        let first = null;
        const search = session.think(node.id, session.searchLimits(limits), (info) => ((info.multipv ?? 1) === 1 ? (first = info) : null));
        host.track(search);
        const { bestmove } = await search;
        if (run !== this.#run) break; // stopped: this position's search is not finished
        // A finished game's last position has no move: its value is the result.
        const value = bestmove ? (first ? redValue(first.score, node.turn) : null) : redValue({ mate: 0 }, node.turn);
        this.review.evals[i] = value === null ? null : { value, best: bestmove, line: first?.pvNames ?? [], pv: first?.pv ?? [] };
        this.review.done = i + 1;
        this.review.marks = markMoves(this.review.evals, line, nodes);
        this.review.accuracy = accuracy(this.review.evals, line, nodes);
        host.emit('review', this.review);
      }
      this.review = { ...this.review, running: false };
      host.emit('review', this.review);
      host.afterChange(false);
    });
  }

  /** Ends a running review at once, keeping what it has judged. */
  stopReview() {
    if (!this.review?.running) return;
    this.#run++;
    this.#host.session()?.stop();
  }

  /**
   * Replays each move of `side` that the review marked as a mistake or a blunder, as a puzzle: the
   * board shows the position before it, the person finds a better move (the engine's best, or one
   * that loses less than an inaccuracy), and goes on to the next. Runs in the controller's queue.
   */
  async startLearning(side) {
    const review = this.review;
    if (!review || review.running) return;
    await this.#host.halt();
    const nodes = Object.entries(review.marks)
      .filter(([, m]) => m.mover === side && m.kind !== 'inaccuracy')
      .map(([id]) => Number(id))
      .sort((a, b) => review.line.indexOf(a) - review.line.indexOf(b));
    this.learn = { side, nodes, index: 0, state: nodes.length ? 'trying' : 'done', tried: [] };
    this.#showMistake();
  }

  /** The next mistake (after one is solved, or to skip it). Runs in the controller's queue. */
  async nextMistake() {
    if (!this.learn) return;
    await this.#host.halt();
    const index = this.learn.index + 1;
    this.learn = { ...this.learn, index, state: index < this.learn.nodes.length ? 'trying' : 'done', tried: [] };
    this.#showMistake();
  }

  /** Ends the learning. Runs in the controller's queue. */
  async stopLearning() {
    this.learn = null;
    this.#host.emit('learn', null);
    this.#host.afterChange(false);
  }

  #showMistake() {
    const host = this.#host;
    if (this.learn.state === 'trying') host.setGame(G.view(host.game(), this.learnNode()));
    host.emit('learn', this.learn);
    host.afterChange(false);
  }

  /** The position before the mistake being learnt from (a node number), or undefined. */
  learnNode() {
    return this.#host.tree().nodes[this.learn.nodes[this.learn.index]]?.parent;
  }

  /**
   * A try at a mistake's position (a legal move there): the engine's best move solves it and joins
   * the record (a variation); another is played and judged by a search of the position after it,
   * and removed again when it is no better than the mistake. Runs in the controller's queue.
   */
  async learnMove(move) {
    const host = this.#host;
    const session = host.session();
    const id = this.learnNode();
    const mark = this.review.marks[this.learn.nodes[this.learn.index]];
    const beforeValue = this.review.evals[this.review.line.indexOf(id)].value;
    const record = await session.play(move, id);
    host.setGame(G.view(host.game(), record.id));
    if (move === mark.best) {
      this.learn = { ...this.learn, state: 'solved', tried: [...this.learn.tried, move] };
      host.emit('learn', this.learn);
      return host.afterChange(true);
    }
    host.render(true);
    let first = null;
    const { bestmove } = await host.searchWith(record.id, session.searchLimits(this.review.limits), (info) => (first = info));
    const after = bestmove && first ? redValue(first.score, record.turn) : redValue({ mate: 0 }, record.turn);
    const good = (this.learn.side === 'w' ? 1 : -1) * (beforeValue - after) < GoodEnough;
    if (!good && record.created) await session.removeNode(record.id);
    host.setGame(G.view(host.game(), good ? record.id : id));
    this.learn = { ...this.learn, state: good ? 'solved' : 'wrong', tried: [...this.learn.tried, move] };
    host.emit('learn', this.learn);
    host.afterChange(false);
  }
}
