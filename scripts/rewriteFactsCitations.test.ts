import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rewriteCitations, sectionAnchors } from './rewriteFactsCitations.mjs';

const formatsDoc = readFileSync(join(import.meta.dirname, '..', 'docs', 'formats.md'), 'utf8');
const anchors = sectionAnchors(formatsDoc);
const inCode = (text: string) => rewriteCitations(text, { markdown: false, formatsLink: '', anchors });
const inDocs = (text: string, formatsLink = 'formats.md') =>
  rewriteCitations(text, { markdown: true, formatsLink, anchors });

describe('docs/formats.md', () => {
  it('keeps the numbering that code cites: sections 1 to 10 and their subsections', () => {
    const expected = ['1.1', '1.6', '2.1', '2.4', '3.1', '3.6', '4.1', '4.4', '5.1', '5.4', '6.1', '6.3', '7.1', '7.5',
      '8.1', '8.4', '9.1', '9.4', '10.1', '10.2'];
    for (let n = 1; n <= 10; n++) expect(anchors.has(String(n))).toBe(true);
    for (const section of expected) expect(anchors.has(section), section).toBe(true);
    expect(anchors.get('4.2')).toBe('42-robot-views');
  });
});

describe('rewriteCitations in code', () => {
  it.each([
    ['/** The debug link port (facts §2.1). */', '/** The debug link port (formats §2.1). */'],
    ['(facts §1.3–1.4)', '(formats §1.3–1.4)'],
    ['see facts §§4.2–4.3', 'see formats §§4.2–4.3'],
    ['(facts §2.4, §10.1)', '(formats §2.4, §10.1)'],
    ['(facts §1.3 – §1.5)', '(formats §1.3 – §1.5)'],
    ['(facts §1.3/§1.4)', '(formats §1.3/§1.4)'],
    ['facts §1.5 and §3.5', 'formats §1.5 and §3.5'],
    ['Facts §8 says', 'Formats §8 says'],
    ['config maps (facts file §6)', 'config maps (formats §6)'],
    ["not LoLA's, see §9.4 of the facts", "not LoLA's, see formats §9.4"],
    ["Arial, as the facts' graph settings", "Arial, as docs/formats.md's graph settings"],
    ["it('lays out the bytes as the facts say'", "it('lays out the bytes as docs/formats.md says'"],
    ['keeps the numbers of the facts table', 'keeps the numbers of the docs/formats.md table'],
    ['## Choices (where the facts are silent)', '## Choices (where docs/formats.md is silent)'],
    ["(facts: value 0 is registered as 'undefined')", "(docs/formats.md: value 0 is registered as 'undefined')"],
    ["§6.2's rule", "formats §6.2's rule"],
    ['(facts §8.4, 118 bytes)', '(formats §8.4, 118 bytes)'],
  ])('%s', (before, after) => {
    expect(inCode(before).text).toBe(after);
  });

  it('follows a citation onto the next comment line and keeps the line break', () => {
    const text = ' * @file Remote robots (TCP 9999, facts\n * §1.3). More text.';
    expect(inCode(text).text).toBe(' * @file Remote robots (TCP 9999, formats\n * §1.3). More text.');
  });

  it('lists bare § citations, unknown sections and other mentions of the facts for review', () => {
    const result = inCode('// shapes of §5.1\n// (facts §11.7)\n// edge, facts of the scene\n');
    expect(result.bare).toEqual(['1: §5.1']);
    expect(result.unknownSections).toEqual(['11.7']);
    expect(result.leftOver).toEqual(['3: // edge, facts of the scene']);
  });

  it('leaves words that merely contain "facts" alone', () => {
    const text = "const ARTIFACTS_DIR = join(ROOT, 'e2e', 'artifacts');";
    expect(inCode(text)).toMatchObject({ text, rewrites: 0, leftOver: [] });
  });

  it('refills a comment paragraph the rewrite pushed past 120 columns', () => {
    const first = ` * ${'word '.repeat(20)}(facts §4.2) end`;
    const text = `/**\n${first}\n * next line of the same paragraph.\n */`;
    expect([...first].length).toBeLessThanOrEqual(120);
    const result = inCode(text);
    expect(result.longLines).toEqual([]);
    for (const line of result.text.split('\n')) expect([...line].length).toBeLessThanOrEqual(120);
    expect(result.text.replace(/\s+\*\s/g, ' ')).toContain('(formats §4.2) end next line of the same paragraph.');
  });

  it('turns a one-line doc comment that became too long into a block', () => {
    const text = `  /** The fields of a packet ${'x'.repeat(78)} (facts §8.4). */\n  fields: string[];`;
    const result = inCode(text);
    expect(result.longLines).toEqual([]);
    expect(result.text).toBe(
      `  /**\n   * The fields of a packet ${'x'.repeat(78)}\n   * (formats §8.4).\n   */\n  fields: string[];`,
    );
  });

  it('reports a rewritten code line it cannot reflow', () => {
    const text = `const x = 1; // ${'x'.repeat(93)} (facts §8.4)`;
    expect(inCode(text).longLines).toEqual([1]);
  });
});

describe('rewriteCitations in Markdown', () => {
  it('links a citation to its section', () => {
    expect(inDocs('8-byte header (§8.2) + payload').text).toBe(
      '8-byte header ([formats §8.2](formats.md#82-packet-port-budget)) + payload',
    );
  });

  it('links relative to the document and anchors a group at its first section', () => {
    expect(inDocs('payloads (facts §2.3, §3.6, §5)', '../../../docs/formats.md').text).toBe(
      'payloads ([formats §2.3, §3.6, §5](../../../docs/formats.md#23-message-ids))',
    );
  });

  it('rewrites path citations and prose about the facts', () => {
    const text =
      'Facts: `../shared/facts/bhuman-simrobot.md` §8 (team) and\n§9 (LoLA).\n' +
      'Where the facts (`../shared/facts/bhuman-simrobot.md`) are silent, we choose.';
    expect(inDocs(text).text).toBe(
      'See [formats §8](formats.md#8-team-communication-and-gamecontroller) (team) and\n' +
        '[formats §9](formats.md#9-lola-nao-v6) (LoLA).\nWhere [formats.md](formats.md) is silent, we choose.',
    );
  });

  it('refills a paragraph without splitting a link', () => {
    const text = `${'word '.repeat(21)}(facts §6) tail\nsecond line.`;
    const result = inDocs(text);
    for (const line of result.text.split('\n')) expect([...line].length).toBeLessThanOrEqual(120);
    expect(result.text).toContain('[formats §6](formats.md#6-config-maps-and-thread-configuration)');
  });

  it('is idempotent', () => {
    const samples = [
      'Reads config maps (facts file §6): a tree. See §6.2, and the facts are silent on `\\v`.',
      'Facts: `../shared/facts/bhuman-simrobot.md` §8 and §9.',
      `${'word '.repeat(21)}(facts §6) tail\nsecond line.`,
    ];
    for (const sample of samples) {
      const once = inDocs(sample).text;
      expect(inDocs(once)).toMatchObject({ text: once, rewrites: 0, bare: [] });
      const onceInCode = inCode(sample).text;
      expect(inCode(onceInCode)).toMatchObject({ text: onceInCode, rewrites: 0, bare: [] });
    }
  });
});
