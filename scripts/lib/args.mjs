// The command line of every Node tool in scripts/: `--name value` or `--name=value`, boolean
// `--flag`s, repeatable options and positional arguments. `--help` (or -h) prints the tool's usage
// and exits 0; a mistake prints `TOOL: message (see --help)` and exits 2.
//
//   const { values, positionals } = parseArgs(process.argv.slice(2), {
//     tool: 'match', usage: USAGE,
//     options: {
//       games: { type: 'integer', min: 1, default: 10 },   // also 'number' (min, max) and 'string'
//       quiet: { type: 'boolean' },
//       'option-a': { type: 'string', multiple: true },    // an array, [] when not given
//     },
//     positionals: false,                                   // the default: none allowed
//   });
//
// `values` is keyed by the options' names as written (values['max-plies']); an option that was not
// given and has no default is undefined. A value is the next argument whatever it looks like, so
// `--elo0 -5` works.

/** Prints `tool: message (see --help)` and exits with status 2. */
export function usageError(tool, message) {
  process.stderr.write(`${tool}: ${message} (see --help)\n`);
  process.exit(2);
}

/** Reads argv (without node and the script) as `spec` describes; see the file comment. */
export function parseArgs(argv, { tool, usage = '', options = {}, positionals: allowPositionals = false }) {
  const values = {};
  for (const [name, o] of Object.entries(options)) {
    if (o.multiple) values[name] = [];
    else if (o.default !== undefined) values[name] = o.default;
  }
  const positionals = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(usage.endsWith('\n') ? usage : `${usage}\n`);
      process.exit(0);
    }
    if (!arg.startsWith('--') || arg === '--') {
      if (!allowPositionals) usageError(tool, `unexpected argument '${arg}'`);
      positionals.push(arg);
      continue;
    }
    let [name, text] = arg.slice(2).split(/=(.*)/s, 2);
    const o = options[name];
    if (!o) usageError(tool, `unknown option --${name}`);
    if (o.type === 'boolean') {
      values[name] = true;
      continue;
    }
    if (text === undefined) {
      if (i + 1 >= argv.length) usageError(tool, `--${name} needs a value`);
      text = argv[++i];
    }
    const value = convert(tool, name, o, text);
    if (o.multiple) values[name].push(value);
    else values[name] = value;
  }
  return { values, positionals };
}

function convert(tool, name, o, text) {
  if (o.type === 'string' || o.type === undefined) return text;
  const n = Number(text);
  const ok = text.trim() !== '' && Number.isFinite(n) && (o.type !== 'integer' || Number.isInteger(n)) &&
    !(n < (o.min ?? -Infinity)) && !(n > (o.max ?? Infinity));
  if (!ok) {
    const low = o.min === Number.MIN_VALUE ? ' above 0' : o.min !== undefined ? ` >= ${o.min}` : '';
    const high = o.max !== undefined ? `${low ? ' and' : ''} <= ${o.max}` : '';
    usageError(tool, `--${name}: bad value '${text}' (${o.type === 'integer' ? 'a whole number' : 'a number'}${low}${high})`);
  }
  return n;
}

/** Splits NAME=VALUE texts (engine options) into [name, value] pairs, trimmed. */
export function nameValuePairs(tool, texts) {
  return texts.map((text) => {
    const eq = text.indexOf('=');
    if (eq <= 0) usageError(tool, `'${text}' should be NAME=VALUE`);
    return [text.slice(0, eq).trim(), text.slice(eq + 1).trim()];
  });
}
