// Where the shared test data is, for every Node script and test: $CHUHAN_DATA_DIR when set, else
// ../shared/data beside the checkout, else ../shared/data beside the repository this checkout was
// cloned from (a clone in /tmp of a checkout that has the data beside it). (Shell scripts:
// scripts/dev/data-dir.sh, in the same order; the native tests: native-tests/data_files.cpp, given
// the directory by scripts/dev/test.sh.)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The data directory (not checked). */
export function dataDir() {
  if (process.env.CHUHAN_DATA_DIR) return resolve(process.env.CHUHAN_DATA_DIR);
  const beside = resolve(repoRoot, '..', 'shared', 'data');
  if (existsSync(beside)) return beside;
  let origin = '';
  try {
    origin = execFileSync('git', ['-C', repoRoot, 'config', '--get', 'remote.origin.url'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // not a clone: the data can only be beside the checkout
  }
  const besideOrigin = origin && resolve(origin, '..', 'shared', 'data');
  return besideOrigin && existsSync(besideOrigin) ? besideOrigin : beside;
}

/** The path of data file `name` (e.g. 'openings.txt'); throws saying where it looked if it is missing. */
export function dataFile(name) {
  const path = resolve(dataDir(), name);
  if (!existsSync(path))
    throw new Error(`${path} not found: the shared data is ../shared/data beside the checkout (or beside the repository it was cloned from), or set CHUHAN_DATA_DIR`);
  return path;
}
