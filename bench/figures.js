// Benchmarks report their figures twice: as text for a reader, and (when bench/all.js runs them)
// as one JSON line appended to the file named by BENCH_FIGURES, from which all.js prints the
// goal table.
import { appendFileSync } from 'node:fs';

/** Appends `{ [name]: figures }` to $BENCH_FIGURES, when set. */
export function recordFigures(name, figures) {
  const file = process.env.BENCH_FIGURES;
  if (file !== undefined && file !== '') appendFileSync(file, `${JSON.stringify({ [name]: figures })}\n`);
}
