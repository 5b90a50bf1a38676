/**
 * @file `npm run data:whistle -- [--seed N] [--whistles N] [--noise-minutes N] [--out file]`: writes labelled
 * spectra for training Pitchside's whistle network (app/host/perception/whistleSpectra.ts), by default
 * build/whistle/train.bin from seed 1 (the evaluation's set uses seed 40). Then train with
 * `/usr/bin/python3 tools/training/trainWhistleNetwork.py build/whistle/train.bin`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { whistleTrainingSpectra } from '../perception/whistleSpectra';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    whistles: { type: 'string', default: '600' },
    'noise-minutes': { type: 'string', default: '20' },
    out: { type: 'string', default: 'build/whistle/train.bin' },
  },
});
const start = performance.now();
const writer = whistleTrainingSpectra(Number(values.seed), Number(values.whistles), Number(values['noise-minutes']));
fs.mkdirSync(path.dirname(values.out), { recursive: true });
fs.writeFileSync(values.out, writer.bytes());
process.stdout.write(
  `${values.out}: ${writer.counts[1]} whistle and ${writer.counts[0]} noise spectra, ` +
    `${((performance.now() - start) / 1000).toFixed(0)} s\n`,
);
