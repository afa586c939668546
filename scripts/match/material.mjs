// A side's material as the match tools write it (endings.mjs, ending-classes.mjs).

/** One side's pieces besides the general in a FEN placement, as sorted FEN letters ("-" for none). */
export function material(placement, upper) {
  const letters = placement.replace(upper ? /[^A-Z]/g : /[^a-z]/g, '').toUpperCase().replace('K', '');
  return [...letters].sort().join('') || '-';
}
