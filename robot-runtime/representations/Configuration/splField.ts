/**
 * @file The SPL rulebook field (2025 rules, field section) in mm, for every place that needs the standard field
 * without a scene or configuration file: the simulator when a scene's field compound says nothing, and the team
 * monitor for robots heard on the network.
 */

/** Field and goal measures (mm): lengths between line centres, as the rulebook gives them. */
export const SPL_RULEBOOK_FIELD = {
  /** Between the goal lines' centres. */
  length: 9000,
  /** Between the touch lines' centres. */
  width: 6000,
  lineWidth: 50,
  centerCircleDiameter: 1500,
  penaltyAreaLength: 1650,
  penaltyAreaWidth: 4000,
  goalAreaLength: 600,
  goalAreaWidth: 2200,
  /** From the goal line to the penalty mark's centre. */
  penaltyMarkDistance: 1300,
  penaltyMarkSize: 100,
  /** Carpet outside the lines. */
  borderStripWidth: 700,
  /** Clear width between the posts. */
  goalInnerWidth: 1500,
  goalPostDiameter: 100,
  goalHeight: 800,
  goalDepth: 500,
} as const;
