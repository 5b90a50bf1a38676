/**
 * @file Where the shared test corpus lies (files of B-Human's public release: configs, scenes with the NAO model,
 * networks, team message definitions), for tests and benchmarks, which read it in place and never copy it: beside
 * the repository (`../shared/corpus`) or, from a worktree one folder deeper, one folder further up. A test that needs
 * it and does not find it fails with the paths it looked at; none skips.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const CANDIDATES = [join(REPO, '..', 'shared', 'corpus'), join(REPO, '..', '..', 'shared', 'corpus')];

/** The corpus path `parts` (e.g. `bhuman`, `Config`, `Scenes`); throws, naming where it looked, when it is absent. */
export function sharedCorpus(...parts: string[]): string {
  const found = CANDIDATES.map((root) => join(root, ...parts)).find((p) => existsSync(p));
  if (found === undefined)
    throw new Error(
      `the shared test corpus is missing: looked for ${join(...parts)} in ${CANDIDATES.join(' and ')} ` +
        '(it sits beside the repository, as ../shared/corpus)',
    );
  return found;
}
