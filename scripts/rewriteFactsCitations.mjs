#!/usr/bin/env node
/**
 * @file Rewrites citations of the former out-of-repository B-Human facts notes (`facts §4.2`, `§9.4 of the facts`,
 * `../shared/facts/bhuman-simrobot.md §8`, bare `§6.2`, "the facts are silent", …) into citations of
 * docs/formats.md, whose sections keep the old numbering: `formats §4.2` in code, a link in Markdown.
 *
 * Usage: node scripts/rewriteFactsCitations.mjs [--dry-run] [--root <repo>]
 *   Rewrites the tracked .ts/.tsx/.js/.mjs/.cjs/.md/.def/.cfg/.con files in place and prints per file what it
 *   changed, then what it could not rewrite: other uses of the word "facts", cited sections docs/formats.md
 *   does not have, and lines the rewrite pushed past 120 columns that could not be reflowed. Bare `§N.M`
 *   citations (no "facts" in front) are rewritten too and listed for a look. Running it twice changes nothing.
 *   --dry-run prints the same without writing and exits with 1 when something would change.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The reference every citation now points to, relative to the repository root. */
export const FORMATS_DOC = 'docs/formats.md';

/** Longest line the style rules allow; rewritten lines beyond it are reflowed where possible. */
const MAX_COLUMNS = 120;

const SECTION = String.raw`\d+(?:\.\d+)*`;
/** One or more sections: `§4.2`, `§§4.2–4.3`, `§1.3/§1.4`, `§2.4, §10.1`, `§1.5 and §3.5`, `§1.3 – §1.5`. */
const SECTION_LIST =
  String.raw`§{1,2}${SECTION}(?:(?:\s*[–/-]\s*§{0,2}|\s*,\s*§{1,2}|\s+(?:and|or)\s+§{1,2})${SECTION})*`;
/** What may separate "facts" from its sections: spaces, or a line break with a comment continuation. */
const GAP = String.raw`(?:[ \t]+|[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/|#)?[ \t]*)`;
const PATH = String.raw`\x60?(?:\.\.\/|\/work\/)?shared\/facts\/bhuman-simrobot\.md\x60?`;
/** Verbs after "the facts" and their singular for "docs/formats.md". */
const VERBS = {
  are: 'is',
  say: 'says',
  leave: 'leaves',
  list: 'lists',
  give: 'gives',
  have: 'has',
  describe: 'describes',
  do: 'does',
  "don't": "doesn't",
};
const VERB = Object.keys(VERBS).join('|');

const CITATION = new RegExp(
  [
    String.raw`(?<label>\bFacts:[ \t]*)?(?<path>${PATH})(?:(?<pathGap>${GAP})(?<pathSections>${SECTION_LIST}))?`,
    String.raw`(?<lead>\b[Ff]acts(?: file)?)(?<gap>${GAP})(?<sections>${SECTION_LIST})`,
    String.raw`(?<ofSections>${SECTION_LIST}) of the facts\b`,
    String.raw`(?<the>\b[Tt]he facts)(?: \(${PATH}\))?` +
      String.raw`(?:(?<possessive>')|(?<table> table)|(?<verbGap>\s+)(?<verb>${VERB})\b)`,
    String.raw`\((?<colon>facts:)`,
    String.raw`(?<bare>${SECTION_LIST})`,
  ].join('|'),
  'g',
);

/** Text before a section list that shows it is already a citation of docs/formats.md. */
const ALREADY_FORMATS = /formats(?:\.md)?`?(?:\]\([^)]*\))?[\s*/#[]*$/;

/**
 * GitHub-style heading anchors of docs/formats.md by section number, e.g. `4.2` → `42-robot-views`.
 * @param {string} markdown the text of docs/formats.md
 * @returns {Map<string, string>}
 */
export function sectionAnchors(markdown) {
  const anchors = new Map();
  for (const match of markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? (.*)$/gm)) {
    const slug = `${match[1]} ${match[2]}`
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    anchors.set(match[1], slug);
  }
  return anchors;
}

/**
 * Rewrites the citations in one file's text.
 * @param {string} text the file's content
 * @param {{ markdown: boolean, formatsLink: string, anchors: Map<string, string> }} options `markdown` makes
 *   citations links to `formatsLink` (docs/formats.md relative to the file) with the anchors of `anchors`
 * @returns {{ text: string, rewrites: number, bare: string[], unknownSections: string[], leftOver: string[],
 *   longLines: number[] }} the new text and what a person should look at (bare: the bare citations rewritten;
 *   leftOver: lines still mentioning the facts; longLines: 1-based lines over 120 columns because of the rewrite)
 */
export function rewriteCitations(text, { markdown, formatsLink, anchors }) {
  let rewrites = 0;
  const bare = [];
  const unknownSections = [];
  const docName = markdown ? `[formats.md](${formatsLink})` : FORMATS_DOC;

  const cite = (word, gap, sections) => {
    const numbers = sections.match(new RegExp(SECTION, 'g'));
    for (const number of numbers) if (!anchors.has(number)) unknownSections.push(number);
    rewrites++;
    if (!markdown) return `${word}${gap}${sections}`;
    const anchor = anchors.get(numbers[0]);
    return `[${word}${gap}${sections}](${formatsLink}${anchor ? `#${anchor}` : ''})`;
  };

  const rewritten = text.replace(CITATION, (match, ...args) => {
    const offset = args.at(-3);
    const groups = args.at(-1);
    if (groups.path) {
      const label = groups.label ? 'See ' : '';
      if (groups.pathSections) return `${label}${cite('formats', groups.pathGap, groups.pathSections)}`;
      rewrites++;
      return `${label}${docName}`;
    }
    if (groups.lead) {
      const word = groups.lead.startsWith('F') ? 'Formats' : 'formats';
      return cite(word, groups.gap, groups.sections);
    }
    if (groups.ofSections) return cite('formats', ' ', groups.ofSections);
    if (groups.the) {
      rewrites++;
      if (groups.possessive) return `${docName}'s`;
      if (groups.table) return `the ${docName} table`;
      return `${docName}${groups.verbGap}${VERBS[groups.verb]}`;
    }
    if (groups.colon) {
      rewrites++;
      return `(${docName}:`;
    }
    if (ALREADY_FORMATS.test(text.slice(Math.max(0, offset - 200), offset))) return match;
    const line = text.slice(0, offset).split('\n').length;
    bare.push(`${line}: ${match}`);
    return cite('formats', ' ', groups.bare);
  });

  const reflowed = reflowLongLines(text.split('\n'), rewritten.split('\n'), markdown);
  const leftOver = [];
  reflowed.lines.forEach((line, index) => {
    if (/\bfacts\b|shared\/facts/i.test(line)) leftOver.push(`${index + 1}: ${line.trim()}`);
  });
  return { text: reflowed.lines.join('\n'), rewrites, bare, unknownSections, leftOver, longLines: reflowed.long };
}

const width = (line) => [...line].length;

/**
 * The lines [first, last] of the comment paragraph (code) or text paragraph (Markdown) around line `index`, with
 * the prefix of its first line and of the lines after it, or undefined when the line is not running text. A
 * one-line doc comment comes with its text (`body`) and indentation (`block`): it becomes a multi-line one.
 */
function paragraphAround(lines, index, markdown) {
  if (markdown) {
    const fences = lines.slice(0, index).filter((line) => /^\s*```/.test(line)).length;
    const text = (line) => line !== undefined && !/^\s*$|^\s*(?:\||#|```|>)/.test(line);
    const starts = (line) => /^\s*(?:[-*+]|\d+\.)\s/.test(line);
    if (fences % 2 === 1 || !text(lines[index])) return undefined;
    let first = index;
    while (!starts(lines[first]) && text(lines[first - 1])) first--;
    let last = index;
    while (text(lines[last + 1]) && !starts(lines[last + 1])) last++;
    const lead = /^\s*(?:(?:[-*+]|\d+\.)\s+)?/.exec(lines[first])[0];
    const indent = last > first ? /^\s*/.exec(lines[first + 1])[0] : ' '.repeat(lead.length);
    return { first, last, lead, indent };
  }
  const oneLine = /^(\s*)\/\*\* (.*\S) \*\/$/.exec(lines[index]);
  if (oneLine) {
    const [, space, body] = oneLine;
    return { first: index, last: index, lead: `${space} * `, indent: `${space} * `, body, block: space };
  }
  const prefixOf = (line) => /^(\s*(?:\*|\/\/|#) )\S/.exec(line ?? '')?.[1];
  const tagged = (line) => /^\s*(?:\*|\/\/|#) @/.test(line);
  const prefix = prefixOf(lines[index]);
  if (prefix === undefined) return undefined;
  let first = index;
  while (!tagged(lines[first]) && prefixOf(lines[first - 1]) === prefix) first--;
  let last = index;
  while (prefixOf(lines[last + 1]) === prefix && !tagged(lines[last + 1])) last++;
  return { first, last, lead: prefix, indent: prefix };
}

/**
 * Refills the paragraphs holding lines the rewrite made longer than MAX_COLUMNS (Markdown links stay whole) and
 * returns the new lines and those still too long (1-based, in the new numbering).
 */
function reflowLongLines(before, after, markdown) {
  const lines = [...after];
  const paragraphs = [];
  const unwrappable = [];
  for (let i = 0; i < lines.length; i++) {
    if (width(lines[i]) <= MAX_COLUMNS || width(before[i] ?? '') >= width(lines[i])) continue;
    if (paragraphs.some((p) => p.first <= i && i <= p.last)) continue;
    const paragraph = paragraphAround(lines, i, markdown);
    if (paragraph) paragraphs.push(paragraph);
    else unwrappable.push(i);
  }
  // A citation stays on one line: Markdown links whole, `formats §N.M` in code.
  const token = markdown ? /(?:[^\s[]*\[[^\]]*\]\([^)]*\))+\S*|\S+/g : /\S*\b[Ff]ormats §\S+|\S+/g;
  const long = [];
  for (const { first, last, lead, indent, body, block } of paragraphs.reverse()) {
    const texts = body !== undefined ? [body] : lines
      .slice(first, last + 1)
      .map((line, k) => line.slice(k === 0 ? lead.length : /^\s*(?:(?:\*|\/\/|#) )?/.exec(line)[0].length));
    const words = texts.flatMap((text) => text.match(token) ?? []);
    const filled = block === undefined ? [] : [`${block}/**`];
    let current = lead;
    for (const word of words) {
      const candidate = current === lead || current === indent ? `${current}${word}` : `${current} ${word}`;
      if (width(candidate) > MAX_COLUMNS && current !== lead && current !== indent) {
        filled.push(current);
        current = `${indent}${word}`;
      } else current = candidate;
    }
    filled.push(current);
    if (block !== undefined) filled.push(`${block} */`);
    lines.splice(first, last - first + 1, ...filled);
    const shift = filled.length - (last - first + 1);
    for (let k = 0; k < long.length; k++) long[k] += shift;
    for (let k = 0; k < unwrappable.length; k++) if (unwrappable[k] > last) unwrappable[k] += shift;
    filled.forEach((line, k) => width(line) > MAX_COLUMNS && long.unshift(first + k + 1));
  }
  return { lines, long: [...unwrappable.map((i) => i + 1), ...long].sort((a, b) => a - b) };
}

/** The tracked files whose comments or text may cite the facts, without this script, its test and the target. */
export function candidateFiles(root) {
  const own = new Set([FORMATS_DOC, 'scripts/rewriteFactsCitations.mjs', 'scripts/rewriteFactsCitations.test.ts']);
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(?:ts|tsx|js|mjs|cjs|md|def|cfg|con)$/.test(file) && !own.has(file));
}

function main(argv) {
  const dryRun = argv.includes('--dry-run');
  const rootIndex = argv.indexOf('--root');
  const root =
    rootIndex >= 0
      ? argv[rootIndex + 1]
      : execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const anchors = sectionAnchors(readFileSync(join(root, FORMATS_DOC), 'utf8'));
  const review = { bare: [], unknownSections: [], leftOver: [], longLines: [] };
  let changedFiles = 0;
  for (const file of candidateFiles(root)) {
    const path = join(root, file);
    let original;
    try {
      original = readFileSync(path, 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    const markdown = file.endsWith('.md');
    const formatsLink = relative(dirname(file), FORMATS_DOC).split('\\').join('/');
    const result = rewriteCitations(original, { markdown, formatsLink, anchors });
    for (const key of Object.keys(review)) for (const item of result[key]) review[key].push(`${file}:${item}`);
    if (result.text === original) continue;
    changedFiles++;
    console.log(`${dryRun ? 'would rewrite' : 'rewrote'} ${result.rewrites} citation(s) in ${file}`);
    if (!dryRun) writeFileSync(path, result.text);
  }
  console.log(`${changedFiles} file(s) ${dryRun ? 'to change' : 'changed'}`);
  const headings = {
    bare: 'Bare § citations rewritten as formats citations (check they meant the facts):',
    unknownSections: `Cited sections that ${FORMATS_DOC} does not have:`,
    leftOver: 'Not rewritten (still mention the facts):',
    longLines: `Lines now longer than ${MAX_COLUMNS} columns (reflow by hand):`,
  };
  for (const [key, heading] of Object.entries(headings)) {
    if (review[key].length === 0) continue;
    console.log(`\n${heading}`);
    for (const item of review[key]) console.log(`  ${item}`);
  }
  return dryRun && changedFiles > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
