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

/** Whether `name` is an automatic-referee feature. */
export function isAutomaticRefereeFeature(name: string): name is AutomaticRefereeFeature {
  return (AUTOMATIC_REFEREE_FEATURES as readonly string[]).includes(name);
}
