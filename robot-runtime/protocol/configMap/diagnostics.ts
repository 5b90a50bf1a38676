import type { ConfigPos } from './ConfigNode';
import type { ConfigError } from './ConfigError';

/** A problem found while binding a config tree to a type. Errors mean a value was not taken from the file. */
export interface ConfigDiagnostic {
  readonly severity: 'error' | 'warning';
  readonly file: string;
  readonly row: number;
  readonly col: number;
  /** Where in the value: `translation.x`, `kicks[2]`; empty for the root. */
  readonly path: string;
  readonly message: string;
}

/** Collects diagnostics while reading; one per file (or console command). */
export interface ReadContext {
  readonly file: string;
  readonly diagnostics: ConfigDiagnostic[];
}

/** A fresh context for `file`. */
export function readContext(file: string): ReadContext {
  return { file, diagnostics: [] };
}

/** Records a diagnostic at a node position. */
export function report(
  ctx: ReadContext,
  severity: ConfigDiagnostic['severity'],
  pos: ConfigPos,
  path: string,
  message: string,
): void {
  ctx.diagnostics.push({ severity, file: ctx.file, row: pos.row, col: pos.col, path, message });
}

/** A syntax error as a diagnostic, so typed readers can report it alongside binding problems. */
export function diagnosticFromError(error: ConfigError): ConfigDiagnostic {
  return { severity: 'error', file: error.file, row: error.row, col: error.col, path: '', message: error.reason };
}

/** `file:row:col: error: path: message`, the form editors and terminals turn into links. */
export function formatDiagnostic(d: ConfigDiagnostic): string {
  return `${d.file}:${d.row}:${d.col}: ${d.severity}: ${d.path ? `${d.path}: ` : ''}${d.message}`;
}

/** Whether any diagnostic is an error. */
export function hasErrors(diagnostics: readonly ConfigDiagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
