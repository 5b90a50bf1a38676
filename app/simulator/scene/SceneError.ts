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
    super(`${file}:${line}: ${elementPath ? `${elementPath}: ` : ''}${detail}`);
    this.name = 'SceneError';
  }
}
