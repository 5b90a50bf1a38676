// Parse time for the whole shared B-Human config corpus (generic config-map records), against JSON.parse of
// the same records serialized as JSON (same run).
import fs from 'node:fs';
import path from 'node:path';
import { parseConfig, stripPositions } from '@robot-runtime/protocol/configMap';
import type { BenchRow } from './BenchRow';
import { bestOf } from './measure';

const corpus = path.resolve(import.meta.dirname, '../../../../shared/corpus/bhuman/Config');

function cfgFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? cfgFiles(p) : e.name.endsWith('.cfg') ? [p] : [];
  });
}

/** Runs the corpus benchmark (skipped with a note when the corpus is absent). */
export async function runCorpusBench(): Promise<BenchRow[]> {
  if (!fs.existsSync(corpus)) {
    console.log(`(corpus not found at ${corpus}; skipped)`);
    return [];
  }
  const files = cfgFiles(corpus).map((f) => ({ name: f, text: fs.readFileSync(f, 'utf8') }));
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  const json = files.map((f) => JSON.stringify(stripPositions(parseConfig(f.text, f.name))));
  const parse = bestOf(7, () => files.forEach((f) => parseConfig(f.text, f.name)));
  const jsonParse = bestOf(7, () => json.forEach((j) => JSON.parse(j)));
  return [
    {
      group: 'config maps',
      name: `parse the whole shared corpus (${files.length} files, ${(bytes / 1024).toFixed(0)} KiB)`,
      value: parse,
      unit: 'ms',
      baseline: { name: 'JSON.parse of the same records', value: jsonParse },
    },
  ];
}
