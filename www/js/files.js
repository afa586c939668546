// Game files in and out of the page: reading a file the person picks or drops (its bytes, which the
// engine reads: PGN, XQF, DhtmlXQ, FEN, in UTF-8, GBK or Big5) and offering a text as a download.
// The formats themselves are the engine's (loadGame / saveGame).

/** The bytes of a File (or Blob). */
export async function fileBytes(file) {
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * Lets files be dropped onto `element`: `onFile(file)` for the first file dropped; the element
 * carries data-drop="true" while a file is held over it.
 */
export function acceptDrops(element, onFile) {
  const has = (e) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  element.addEventListener('dragover', (e) => {
    if (!has(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    element.dataset.drop = 'true';
  });
  element.addEventListener('dragleave', () => delete element.dataset.drop);
  element.addEventListener('drop', (e) => {
    delete element.dataset.drop;
    const file = e.dataTransfer?.files?.[0];
    if (!file) return;
    e.preventDefault();
    onFile(file);
  });
}

/** Offers `text` as a file download named `name`. */
export function download(text, name, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** The file name to save a game under: its players, or "chuhan", with the format's extension. */
export function fileName(tags, format) {
  const ext = { pgn: 'pgn', dhtmlxq: 'txt', fen: 'fen' }[format] ?? 'txt';
  const who = [tags.Red, tags.Black].filter((x) => x && x !== '?').join('-').replace(/[\\/:*?"<>|\s]+/g, '_');
  return `${who || 'chuhan'}.${ext}`;
}
