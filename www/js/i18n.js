// Interface text in Chinese and English. t(key, params) looks a string up in the current
// language; elements with data-i18n="key" (text) or data-i18n-label="key" (aria-label and title)
// are filled by translate(root).

const Text = {
  zh: {
    title: '楚汉象棋',
    newGame: '新局',
    playRed: '执红',
    playBlack: '执黑',
    playBoth: '双人',
    side: '我方',
    level: '难度',
    undo: '悔棋',
    redo: '还原',
    hint: '提示',
    resign: '认输',
    flip: '翻转',
    analysis: '分析',
    language: 'English',
    elo: '等级分约',
    puzzles: '残局练习',
    puzzleGrade: '难度',
    gradeAll: '全部',
    gradeEasy: '易',
    gradeMedium: '中',
    gradeHard: '难',
    puzzleNext: '下一题',
    puzzleRetry: '重做',
    puzzleTask: '《适情雅趣》第{number}局 {title}：{side}先，{mate}步杀',
    puzzleSolved: '解对了！',
    puzzleKind: '类型',
    kindMate: '杀局（古谱）',
    kindTactic: '战术（实战）',
    puzzleTacticTask: '{side}先：找出唯一取胜的一着',
    puzzleMate: '{side}先，{mate}步杀',
    puzzleWrongStatus: '这步不能在限定步数内杀，已退回，再想想。',
    puzzleWrong: '这步不行，请重走',
    puzzleProgress: '已解 {solved} / {total} · 连对 {streak}（最佳 {best}）',
    puzzlesUnavailable: '残局题目未能载入',
    languageLabel: '切换语言',
    moves: '棋谱',
    position: '局面',
    fen: 'FEN',
    loadFen: '载入 FEN',
    copyFen: '复制 FEN',
    pgn: 'PGN',
    exportPgn: '导出 PGN',
    importPgn: '导入 PGN',
    download: '下载',
    start: '开局',
    live: '回到当前',
    previous: '上一步',
    next: '下一步',
    thinking: '电脑思考中…',
    bookMove: '开局库',
    loading: '引擎加载中…',
    redToMove: '红方走棋',
    blackToMove: '黑方走棋',
    yourMove: '轮到你走',
    viewing: '正在查看第 {n} 步',
    viewingNoMoves: '正在查看第 {n} 步：按 » 回到当前局面，或按“从此处续下”',
    playHere: '从此处续下',
    share: '分享链接',
    analysisLines: '分析线路',
    review: '复盘',
    stopReview: '停止复盘',
    reviewProgress: '已分析 {done} / {total}',
    reviewDone: '复盘完成：{blunders} 步大错，{mistakes} 步错着，{inaccuracies} 步缓着',
    reviewNote: '第 {ply} 手 {name}{sign}：损失约 {loss}，更好的是 {best}（{line}）',
    evalGraph: '形势图（点击查看该步）',
    evalBar: '形势（红方所占比例）',
    sound: '声音',
    linkCopied: '链接已复制',
    badLink: '链接中的棋局有误：{error}',
    square: '{square}，{piece}',
    emptyPoint: '空',
    engineMoved: '引擎走 {name}（{move}）',
    pieceNames: { K: '红帅', A: '红仕', B: '红相', N: '红马', R: '红车', C: '红炮', P: '红兵', k: '黑将', a: '黑士', b: '黑象', n: '黑马', r: '黑车', c: '黑炮', p: '黑卒' },
    hintIs: '提示：{name}',
    depth: '深度',
    score: '评分',
    nps: '速度',
    threads: '线程',
    pv: '主变',
    mateIn: '{n} 步杀',
    matedIn: '{n} 步被杀',
    redWins: '红胜',
    blackWins: '黑胜',
    draw: '和棋',
    checkmate: '将死',
    stalemate: '困毙',
    perpetual_check: '长将判负',
    perpetual_chase: '长捉判负',
    repetition: '重复局面',
    rule_60: '六十回合自然限着',
    insufficient_material: '双方无进攻子力',
    resignation: '认输',
    time: '超时',
    timeControl: '用时',
    noClock: '不计时',
    minutesPlus: '{m}分+{s}秒',
    illegalMove: '这步棋不合规则',
    engineRestarted: '引擎出错已重启，对局保留。',
    badFen: 'FEN 有误：{error}',
    badPgn: 'PGN 有误：{error}',
    savedGameDamaged: '保存的对局已损坏，无法恢复，已开始新对局；原存档另存于 chuhan.game.damaged。',
    storageFull: '存储空间已满，对局暂不能保存（上次保存的对局保留）；可继续下棋。',
    storageUnavailable: '此浏览器不能保存对局；可继续下棋。',
    offlineUnavailable: '此浏览器不允许离线使用（Service Worker 被拒绝）；联网时可正常使用。',
    check: '将军！',
    board: '象棋棋盘。方向键移动光标，回车或空格选子、走子。',
  },
  en: {
    title: 'Chuhan Xiangqi',
    newGame: 'New game',
    playRed: 'Red',
    playBlack: 'Black',
    playBoth: 'Two players',
    side: 'Play as',
    level: 'Level',
    undo: 'Undo',
    redo: 'Redo',
    hint: 'Hint',
    resign: 'Resign',
    flip: 'Flip',
    analysis: 'Analysis',
    language: '中文',
    elo: '≈ Elo',
    puzzles: 'Puzzles',
    puzzleGrade: 'Difficulty',
    gradeAll: 'All',
    gradeEasy: 'Easy',
    gradeMedium: 'Medium',
    gradeHard: 'Hard',
    puzzleNext: 'Next puzzle',
    puzzleRetry: 'Try again',
    puzzleTask: 'Shiqing Yaqu No. {number} {title}: {side} to move, mate in {mate}',
    puzzleSolved: 'Solved!',
    puzzleKind: 'Kind',
    kindMate: 'Mates (classic)',
    kindTactic: 'Tactics (from games)',
    puzzleTacticTask: '{side} to move: find the one move that wins',
    puzzleMate: '{side} to move, mate in {mate}',
    puzzleWrongStatus: 'That move does not mate in the moves left; it was taken back. Try again.',
    puzzleWrong: 'Not that move: try again',
    puzzleProgress: 'Solved {solved} / {total} · streak {streak} (best {best})',
    puzzlesUnavailable: 'The puzzles could not be loaded',
    languageLabel: 'Switch language',
    moves: 'Moves',
    position: 'Position',
    fen: 'FEN',
    loadFen: 'Load FEN',
    copyFen: 'Copy FEN',
    pgn: 'PGN',
    exportPgn: 'Export PGN',
    importPgn: 'Import PGN',
    download: 'Download',
    start: 'Start',
    live: 'Back to game',
    previous: 'Previous',
    next: 'Next',
    thinking: 'Engine is thinking…',
    bookMove: 'Book move',
    loading: 'Loading the engine…',
    redToMove: 'Red to move',
    blackToMove: 'Black to move',
    yourMove: 'Your move',
    viewing: 'Viewing move {n}',
    viewingNoMoves: 'Viewing move {n}: press » to return to the game, or “Play from here”',
    playHere: 'Play from here',
    share: 'Share link',
    analysisLines: 'Lines',
    review: 'Review game',
    stopReview: 'Stop review',
    reviewProgress: 'Reviewed {done} / {total}',
    reviewDone: 'Review done: blunders {blunders}, mistakes {mistakes}, inaccuracies {inaccuracies}',
    reviewNote: 'Ply {ply} {name}{sign} loses about {loss}; better was {best} ({line})',
    evalGraph: 'Evaluation graph (click to see that move)',
    evalBar: 'Evaluation (Red’s share)',
    sound: 'Sound',
    linkCopied: 'Link copied',
    badLink: 'The link’s game is wrong: {error}',
    square: '{square}, {piece}',
    emptyPoint: 'empty',
    engineMoved: 'Engine played {name} ({move})',
    pieceNames: { K: 'red general', A: 'red advisor', B: 'red elephant', N: 'red horse', R: 'red rook', C: 'red cannon', P: 'red soldier', k: 'black general', a: 'black advisor', b: 'black elephant', n: 'black horse', r: 'black rook', c: 'black cannon', p: 'black soldier' },
    hintIs: 'Hint: {name}',
    depth: 'Depth',
    score: 'Score',
    nps: 'Speed',
    threads: 'Threads',
    pv: 'PV',
    mateIn: 'mate in {n}',
    matedIn: 'mated in {n}',
    redWins: 'Red wins',
    blackWins: 'Black wins',
    draw: 'Draw',
    checkmate: 'checkmate',
    stalemate: 'stalemate (no legal move)',
    perpetual_check: 'perpetual check loses',
    perpetual_chase: 'perpetual chase loses',
    repetition: 'repetition',
    rule_60: '60-move rule',
    insufficient_material: 'no attacking pieces left',
    resignation: 'resignation',
    time: 'on time',
    timeControl: 'Clock',
    noClock: 'None',
    minutesPlus: '{m} min + {s} s',
    illegalMove: 'That move is not legal',
    engineRestarted: 'The engine failed and was restarted; the game is kept.',
    badFen: 'Bad FEN: {error}',
    badPgn: 'Bad PGN: {error}',
    savedGameDamaged: 'The saved game is damaged and could not be restored; a new game has started. The saved copy is kept as chuhan.game.damaged.',
    storageFull: 'Storage is full: the game cannot be saved for now (the last saved game is kept). Play on.',
    storageUnavailable: 'This browser does not let the game be saved. Play on.',
    offlineUnavailable: 'This browser does not allow offline use (service worker refused); the app works while online.',
    check: 'Check!',
    board: 'Xiangqi board. Arrow keys move the cursor; Enter or Space picks up and moves a piece.',
  },
};

export const Languages = ['zh', 'en'];
let lang = 'en';

/** The language a visitor probably reads: Chinese for a zh browser, else English. */
export function preferredLanguage(saved, navigatorLanguage) {
  if (Languages.includes(saved)) return saved;
  return /^zh\b/i.test(navigatorLanguage ?? '') ? 'zh' : 'en';
}

export function setLanguage(code) {
  lang = Languages.includes(code) ? code : 'en';
}

export function language() {
  return lang;
}

/** The text of `key` with {name} placeholders filled from `params`; the key itself if unknown. */
export function t(key, params = {}) {
  const text = Text[lang][key] ?? Text.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** "Red wins — checkmate" for an outcome {result, reason}. */
// `reason` is the engine's stable name of a reason (contract.reasons) or 'resignation'.
export function outcomeText({ result, reason }) {
  const who = result === '1-0' ? t('redWins') : result === '0-1' ? t('blackWins') : t('draw');
  return `${who} — ${t(reason)}`;
}

/** Fills data-i18n (text content) and data-i18n-label (aria-label + title) under `root`. */
export function translate(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel));
    el.title = t(el.dataset.i18nLabel);
  }
  if (root.documentElement) root.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** A board point for screen readers: "e2, red cannon" (piece: a FEN letter, or none). */
export function squareText(square, piece) {
  const names = Text[lang].pieceNames ?? Text.en.pieceNames;
  return t('square', { square, piece: piece ? names[piece] : t('emptyPoint') });
}
