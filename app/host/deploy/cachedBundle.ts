/**
 * @file A bundle of Pitchside's own TypeScript for Node that is kept between uses: built by esbuild into one ES
 * module beside a list of its source files, and rebuilt only when one of them changed (content, not time: a checkout
 * may keep a file's time and size). The local pool starts its
 * worker processes from one (LocalPool.ts), so that each worker loads one file with plain `node` instead of
 * translating ~480 files through tsx (docs/testing.md has the numbers).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { NODE_BUNDLE_OPTIONS } from './nodeBundle';

/** Changes when the way bundles are built changes, so that an older bundle is not taken for a fresh one. */
const BUILD_VERSION = 1;

/** What to bundle and where. */
export interface CachedBundleOptions {
  /** The entry file (TypeScript). */
  readonly entry: string;
  /** The bundle (.mjs); the list of its sources goes beside it (`<outFile>.sources.json`). */
  readonly outFile: string;
  /**
   * Packages imported from node_modules at run time instead of bundled: those that load WebAssembly or native
   * code from files beside their own, which a bundle elsewhere would not find.
   */
  readonly external?: readonly string[];
  /** The tsconfig.json whose path aliases the sources use (a source of the bundle too). */
  readonly tsconfig?: string;
}

/** A source file and the digest of its content when the bundle was built. */
type Source = [file: string, digest: string];

/** The digest of a file's content, or undefined when it does not exist. */
function digest(file: string): string | undefined {
  try {
    return createHash('sha1').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/**
 * Gives each TypeScript file outside node_modules its own `import.meta.url`, `.dirname` and `.filename` (Pitchside's
 * files find config/ and scenes/ relative to themselves); in the bundle they would all name the bundle.
 */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = fs
        .readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents: text, loader: 'ts' };
    });
  },
};

const sourcesFile = (outFile: string): string => `${outFile}.sources.json`;

/** Whether the bundle exists and none of its sources changed or went missing since it was built. */
function isFresh(outFile: string): boolean {
  try {
    const saved = JSON.parse(fs.readFileSync(sourcesFile(outFile), 'utf8')) as { version: number; sources: Source[] };
    if (saved.version !== BUILD_VERSION || !fs.existsSync(outFile)) return false;
    return saved.sources.every(([file, sha]) => digest(file) === sha);
  } catch {
    // No list yet, or an unreadable one: build.
    return false;
  }
}

/**
 * Builds the bundle into files of this process's own, then renames them into place, so that no reader sees half a
 * bundle and a concurrent build by another process is harmless.
 */
async function buildBundle(options: CachedBundleOptions): Promise<void> {
  const { entry, outFile, external = [], tsconfig } = options;
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const temp = `${outFile}.${process.pid}.tmp`;
  const base = path.dirname(entry);
  const result = await build({
    ...NODE_BUNDLE_OPTIONS,
    entryPoints: [entry],
    absWorkingDir: base,
    outfile: temp,
    external: [...external],
    tsconfig,
    plugins: [ownImportMeta],
    metafile: true,
    // The error goes to the caller in the rejection, not to the worker's stderr.
    logLevel: 'silent',
  });
  const sources = [...Object.keys(result.metafile.inputs).map((input) => path.resolve(base, input)), tsconfig ?? []]
    .flat()
    .map((file) => [file, digest(file)] as const)
    // Inputs of esbuild's own (a package's disabled browser file) are not files.
    .flatMap(([file, sha]): Source[] => (sha ? [[file, sha]] : []));
  fs.renameSync(temp, outFile);
  const list = `${sourcesFile(outFile)}.${process.pid}.tmp`;
  fs.writeFileSync(list, JSON.stringify({ version: BUILD_VERSION, sources }));
  fs.renameSync(list, sourcesFile(outFile));
}

/** The builds under way in this process by bundle, shared by the callers that ask meanwhile. */
const building = new Map<string, Promise<void>>();

/**
 * The path of the bundle, built first when it is missing or one of its sources changed (checked on every call by
 * the digests of the sources' contents, as the IDE may run campaigns after the code changed). `built` says whether
 * it was built now. A failed build rejects with esbuild's message and leaves the last bundle as it was.
 */
export async function cachedBundle(options: CachedBundleOptions): Promise<{ file: string; built: boolean }> {
  const { outFile } = options;
  if (isFresh(outFile)) return { file: outFile, built: false };
  let pending = building.get(outFile);
  if (!pending) {
    pending = buildBundle(options).finally(() => building.delete(outFile));
    building.set(outFile, pending);
  }
  try {
    await pending;
  } catch (error) {
    throw new Error(
      `could not build ${path.basename(outFile)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { file: outFile, built: true };
}
