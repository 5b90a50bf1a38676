/**
 * @file A campaign as JUnit XML, the format CI systems read: one test suite per variant, one test case per run
 * (named by its number and seed; its time is the run's wall time), a `<failure>` for a run that missed its target
 * and an `<error>` for a run that could not run, each with the detail and the command that replays the run.
 */
import type { CampaignResult } from './campaignRun';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The JUnit XML of a campaign's results (`name`: the test line). */
export function junitReport(name: string, results: readonly CampaignResult[]): string {
  const byVariant = new Map<string, CampaignResult[]>();
  for (const r of [...results].sort((a, b) => a.index - b.index))
    byVariant.set(r.variant, [...(byVariant.get(r.variant) ?? []), r]);
  const count = (rs: readonly CampaignResult[], outcome: string) => rs.filter((r) => r.outcome === outcome).length;
  const seconds = (rs: readonly CampaignResult[]) => (rs.reduce((s, r) => s + r.wallMs, 0) / 1000).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(name)}" tests="${results.length}" failures="${count(results, 'failed')}" ` +
      `errors="${count(results, 'error')}" time="${seconds(results)}">`,
  ];
  for (const [variant, rs] of byVariant) {
    lines.push(
      `  <testsuite name="${escape(variant)}" tests="${rs.length}" failures="${count(rs, 'failed')}" ` +
        `errors="${count(rs, 'error')}" time="${seconds(rs)}">`,
    );
    for (const r of rs) {
      const open = `    <testcase classname="${escape(variant)}" name="run ${r.index} seed ${r.seed}" time="${(r.wallMs / 1000).toFixed(3)}"`;
      const text = escape(
        `${r.detail}\nscore ${r.score.join(':')}, falls ${r.falls}, ${r.simSeconds.toFixed(1)} simulated s\nreplay: ${r.replay}`,
      );
      if (r.outcome === 'passed') lines.push(`${open}/>`);
      else {
        const tag = r.outcome === 'failed' ? 'failure' : 'error';
        lines.push(`${open}>`, `      <${tag} message="${escape(r.detail)}">${text}</${tag}>`, '    </testcase>');
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
