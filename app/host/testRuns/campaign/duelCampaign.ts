/**
 * @file A campaign on scenes/Tests/Duel.ros3 (two capsule robots), planned without reading the configuration or
 * git: the short, cheap campaign the tests and the campaign bench run.
 */
import path from 'node:path';
import { DEFAULT_CONFIG_ROOT } from '@app/simulator/simulation/robotConfig';
import { parseTestCommand, type TestSpec } from '../testSpec';
import { planCampaign } from './campaignPlan';
import type { CampaignRun } from './campaignRun';

/** The Duel scene. */
export const DUEL_SCENE = path.resolve(import.meta.dirname, '../../../../scenes/Tests/Duel.ros3');

/** The runs of `test <line>` on the Duel scene, seeds from 1, campaign `id`, revision and digest `fixed`. */
export function duelCampaign(id: string, line: string, fixed = 'fixed'): CampaignRun[] {
  const test = line.split(' ');
  const spec = parseTestCommand(test) as TestSpec;
  const input = { test, spec, scene: DUEL_SCENE, configRoot: DEFAULT_CONFIG_ROOT, seed: 1, variants: [], id };
  return planCampaign(input, fixed, fixed);
}
