// `pitchside test` end to end on real worker processes: a two-variant campaign of short situation runs on the
// Duel scene, its JUnit XML, HTML report and results file, the exit code, and one run repeated alone from its
// replay command with the same result; usage errors exit with 2.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CampaignResult } from '../testRuns/campaign/campaignRun';
import { parseTestCli, runTestCli } from './test';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-campaign-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const scene = path.join(root, 'scenes', 'Tests', 'Duel.ros3');

async function cli(argv: string[]): Promise<{ code: number | undefined; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTestCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** Splits a replay command the way a POSIX shell would for the words replayCommand writes. */
const shellWords = (line: string): string[] =>
  [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!,
  );

describe('pitchside test', () => {
  it('exits with 2 and says why for a wrong command line', async () => {
    for (const [argv, message] of [
      [['situation', '3'], /missing <runTimeout>/],
      [['situation', '3', '5', 'Tests/Attack', 'nowhere'], /unknown target 'nowhere'/],
      [['game', '1', '--workers', '0'], /--workers: '0' is not a valid value/],
      [['game', '1', '--frobnicate', '1'], /Unknown option '--frobnicate'/],
      [['game', '1', '--variant', 'no colon'], /--variant is '<name>: <console line>'/],
      [['game', '1', '--queue', 'redis://x'], /--queue takes a postgres:\/\/… URL/],
      [['situation', '1', '5', 'fuz', 'pos', '1e308', 'goalTeamA'], /fuz pos must be a number from 0 to 10000 mm/],
    ] as const) {
      const { code, err } = await cli([...argv]);
      expect(code, argv.join(' ')).toBe(2);
      expect(err.join('\n')).toMatch(message);
    }
    // Negative numbers are the test's, not options.
    expect(parseTestCli(['situation', '1', '5', 'ballInZone', '-100', '-200', '300', '400']).spec.target).toEqual({
      op: 'target',
      target: { kind: 'ballInZone', zone: { kind: 'rect', x1: -100, y1: -200, x2: 300, y2: 400 } },
    });
  });

  it('runs a two-variant campaign on two workers, writes its reports and replays a run alone', async () => {
    const out = path.join(dir, 'campaign');
    const html = path.join(dir, 'html');
    const junit = path.join(dir, 'junit.xml');
    const { code, out: lines } = await cli([
      ...'situation 3 1 fuz pos 300 robotInZone -1300 -300 -700 300 robot2'.split(' '),
      '--scene',
      scene,
      '--workers',
      '2',
      '--out',
      out,
      '--junit',
      junit,
      '--html',
      html,
      '--variant',
      'patient: set module:BehaviorControl ballLostTime = 3000;',
      '--variant',
      'eager: set module:BehaviorControl ballLostTime = 1000;',
    ]);
    const results = fs
      .readFileSync(path.join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as CampaignResult);
    expect(results.map((r) => r.index).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => `${r.variant}/${r.seed}`).sort()).toEqual([
      'eager/1',
      'eager/2',
      'eager/3',
      'patient/1',
      'patient/2',
      'patient/3',
    ]);
    for (const r of results) expect(['passed', 'failed'], r.detail).toContain(r.outcome);
    const passed = results.filter((r) => r.outcome === 'passed').length;
    expect(code).toBe(passed === 6 ? 0 : 1);
    expect(lines).toContain(`2 worker process(es) on this machine`);
    expect(
      lines.filter((l) => /^run \d \((patient|eager), seed \d\): (passed|failed), .*; \d\/6 runs: /.test(l)),
    ).toHaveLength(6);
    expect(lines.some((l) => / 6\/6 runs: \d passed, \d failed, 0 errors; done$/.test(l))).toBe(true);

    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      new RegExp(`<testsuites name="test situation 3 1 [^"]*" tests="6" failures="${6 - passed}" errors="0"`),
    );
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    const page = fs.readFileSync(path.join(html, 'index.html'), 'utf8');
    expect(page.match(/<tr class="(passed|failed|error)">/g)).toHaveLength(6);
    expect(page).toMatch(
      /patient vs eager<\/td><td class="pass-rate">p [=<] [\d.]+: (within chance|differ beyond chance)/,
    );
    expect(page.match(/<svg class="plot"/g)).toHaveLength(2);

    // The same seed and variant alone, from the replay command, gives the same result.
    const original = results.find((r) => r.index === 5)!;
    const words = shellWords(original.replay);
    expect(words.slice(0, 2)).toEqual(['pitchside', 'test']);
    const again = await cli([...words.slice(2), '--workers', '1', '--out', path.join(dir, 'replay')]);
    const replayed = JSON.parse(fs.readFileSync(path.join(dir, 'replay', 'results.jsonl'), 'utf8')) as CampaignResult;
    expect(again.code).toBe(original.outcome === 'passed' ? 0 : 1);
    expect([replayed.outcome, replayed.seed, replayed.simSeconds, replayed.score, replayed.detail]).toEqual([
      original.outcome,
      original.seed,
      original.simSeconds,
      original.score,
      original.detail,
    ]);
  }, 300_000);
});
