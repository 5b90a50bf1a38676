/**
 * An error in a scene file, located by file, line and element path, formatted as
 * `scenes/Game.ros3:12: Simulation/Scene/Compound[robots]/Body[robot3]: unknown attribute 'colr'`.
 */
export class SceneError extends Error {
  constructor(
    /** The file as it was named when loading (relative paths stay relative). */
    readonly file: string,
    /** 1-based line of the offending element or attribute. */
    readonly line: number,
    /** Element path in the instantiated scene, e.g. `Simulation/Scene/Body[ball]`; empty for syntax errors. */
    readonly elementPath: string,
    /** What is wrong, without the location. */
    readonly detail: string,
  ) {
    super(formatLocated(file, line, elementPath, detail));
    this.name = 'SceneError';
  }
}

/** Something a scene does that is accepted but ignored (e.g. an ODE-only attribute), located like a SceneError. */
export interface SceneWarning {
  /** The file the construct was written in. */
  file: string;
  /** 1-based line. */
  line: number;
  /** Element path of the first element it was seen on. */
  elementPath: string;
  /** `file:line: path: detail`, ready to print. */
  message: string;
}

/** `file:line: path: detail` (the path is left out when empty). */
export function formatLocated(file: string, line: number, elementPath: string, detail: string): string {
  return `${file}:${line}: ${elementPath ? `${elementPath}: ` : ''}${detail}`;
}

/** How many warnings a summary lists one by one; the rest are counted. */
const LISTED_WARNINGS = 12;

/**
 * The lines that tell the user about a scene's warnings once per load: a header naming the scene and the count,
 * then the warnings (at most LISTED_WARNINGS, the rest counted). Nothing for a scene without warnings.
 */
export function sceneWarningSummary(sceneFile: string, warnings: readonly SceneWarning[]): string[] {
  if (!warnings.length) return [];
  const n = warnings.length;
  const lines = [`${sceneFile}: ${n} scene construct${n === 1 ? '' : 's'} accepted but ignored:`];
  for (const w of warnings.slice(0, LISTED_WARNINGS)) lines.push(`  ${w.message}`);
  if (n > LISTED_WARNINGS) lines.push(`  … and ${n - LISTED_WARNINGS} more`);
  return lines;
}
