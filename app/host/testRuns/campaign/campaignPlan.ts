/**
 * @file Plans a campaign: the runs of every variant with their seeds (variant v's run k uses seed + k − 1 for
 * every v, so variants are compared on the same starts), the configuration digest and the code revision.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestSpec } from '../testSpec';
import type { CampaignRun, Variant } from './campaignRun';

/** What a campaign is planned from. */
export interface CampaignInput {
  /** The words after `test`. */
  readonly test: readonly string[];
  readonly spec: TestSpec;
  readonly scene: string;
  readonly configRoot: string;
  /** Seed of each variant's first run. */
  readonly seed: number;
  /** The sweep; none means one variant `base` without lines. */
  readonly variants: readonly Variant[];
  /** The campaign's id (default: a new random one). */
  readonly id?: string;
}

/** Files that can change a run's result: everything under the config folder but its logs. */
function configFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === root && entry.name === 'Logs')) walk(full);
      } else if (entry.isFile()) files.push(full);
    }
  };
  walk(root);
  return files;
}

/** The scene file, the scripts and includes beside it: every file of the scene's folder tree but logs. */
function sceneFiles(scene: string): string[] {
  return configFiles(path.dirname(scene));
}

/**
 * SHA-256 (hex, first 16 characters) over the names and contents of the configuration's files and the scene's
 * folder: two runs with the same digest read the same inputs.
 */
export function configDigest(scene: string, configRoot: string): string {
  const hash = createHash('sha256');
  for (const [root, files] of [
    [configRoot, configFiles(configRoot)],
    [path.dirname(scene), sceneFiles(scene)],
  ] as const)
    for (const file of files) {
      hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  hash.update(path.basename(scene));
  return hash.digest('hex').slice(0, 16);
}

/** The checked-out commit, `-dirty` when tracked files have changes; `unknown` outside a git checkout. */
export function codeRevision(cwd: string): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' });
    return dirty.trim() ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/** The default variant: the configuration as it is. */
export const BASE_VARIANT: Variant = { name: 'base', lines: [] };

/**
 * Reads `--variant` options, each `<name>: <console line>`; lines of the same name make one variant (in order), so
 * a line may hold any character, `;` of a config map value included. Throws Error with the reason.
 */
export function parseVariants(texts: readonly string[]): Variant[] {
  const variants = new Map<string, string[]>();
  for (const text of texts) {
    const colon = text.indexOf(':');
    const name = colon < 0 ? '' : text.slice(0, colon).trim();
    const line = text.slice(colon + 1).trim();
    if (!/^[\w.-]{1,40}$/.test(name) || !line)
      throw new Error(`--variant is '<name>: <console line>' (name: up to 40 letters, digits, . _ -), not '${text}'`);
    variants.set(name, [...(variants.get(name) ?? []), line]);
  }
  return [...variants].map(([name, lines]) => ({ name, lines }));
}

/** The runs of a campaign, variant by variant. */
export function planCampaign(input: CampaignInput, revision: string, digest: string): CampaignRun[] {
  const variants = input.variants.length ? input.variants : [BASE_VARIANT];
  const names = new Set(variants.map((v) => v.name));
  if (names.size !== variants.length) throw new Error('two variants have the same name');
  const campaign = input.id ?? randomUUID();
  const runs: CampaignRun[] = [];
  for (const variant of variants)
    for (let k = 0; k < input.spec.runs; k++)
      runs.push({
        campaign,
        index: runs.length + 1,
        test: input.test,
        scene: input.scene,
        configRoot: input.configRoot,
        configDigest: digest,
        revision,
        variant,
        seed: input.seed + k,
      });
  return runs;
}
