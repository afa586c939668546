// Where the shared test data is, for every Node script and test: $CHUHAN_DATA_DIR when set, else
// ../shared/data beside the checkout. (Shell scripts: scripts/data-dir.sh; the native tests:
// native-tests/data_files.cpp.)
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The data directory (not checked). */
export function dataDir() {
  return resolve(process.env.CHUHAN_DATA_DIR || resolve(repoRoot, '..', 'shared', 'data'));
}

/** The path of data file `name` (e.g. 'openings.txt'); throws saying where it looked if it is missing. */
export function dataFile(name) {
  const path = resolve(dataDir(), name);
  if (!existsSync(path))
    throw new Error(`${path} not found: the shared data is ../shared/data beside the checkout, or set CHUHAN_DATA_DIR`);
  return path;
}
