/**
 * The automatic referee's feature switches (`ar {<feature>} on|off`). Implemented: switchToSet, switchToPlaying,
 * switchToFinished, ballOut, freeKickComplete, unpenalize, directGoals (goals from a kick-off count), placeBall
 * (ball placements are reported for the simulator to carry out), penalizeLeavingTheField and placePlayers (the
 * simulator's referee, simulation/referee.ts); the others are switches that the simulator's later parts read.
 */

/** All feature names, in the order of B-Human's simulator. */
export const AUTOMATIC_REFEREE_FEATURES = [
  'trueGameState',
  'placeBall',
  'placePlayers',
  'switchToSet',
  'switchToPlaying',
  'switchToFinished',
  'ballOut',
  'freeKickComplete',
  'clearBall',
  'penalizeLeavingTheField',
  'penalizeIllegalPosition',
  'penalizeIllegalPositionInSet',
  'unpenalize',
  'kickOffDelay',
  'directGoals',
] as const;

/** One feature name. */
export type AutomaticRefereeFeature = (typeof AUTOMATIC_REFEREE_FEATURES)[number];

/** Feature states; everything is on by default except direct goals from a kick-off (the rules forbid them). */
export function defaultFeatures(): Record<AutomaticRefereeFeature, boolean> {
  const features = Object.fromEntries(AUTOMATIC_REFEREE_FEATURES.map((f) => [f, true])) as Record<
    AutomaticRefereeFeature,
    boolean
  >;
  features.directGoals = false;
  return features;
}

/**
 * Applies `ar` arguments: `{<feature>} on|off`, no feature meaning all. Returns an error message or undefined.
 */
export function applyAutomaticRefereeCommand(
  features: Record<AutomaticRefereeFeature, boolean>,
  args: readonly string[],
): string | undefined {
  const value = args.at(-1);
  if (value !== 'on' && value !== 'off') return 'Syntax Error';
  const names = args.slice(0, -1);
  for (const n of names)
    if (!(AUTOMATIC_REFEREE_FEATURES as readonly string[]).includes(n)) return `Unknown feature '${n}'`;
  for (const n of names.length ? names : AUTOMATIC_REFEREE_FEATURES)
    features[n as AutomaticRefereeFeature] = value === 'on';
  return undefined;
}
