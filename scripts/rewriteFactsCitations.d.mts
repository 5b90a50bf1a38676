/** The reference every citation now points to, relative to the repository root. */
export const FORMATS_DOC: string;
/** GitHub-style heading anchors of docs/formats.md by section number, e.g. `4.2` → `42-robot-views`. */
export function sectionAnchors(markdown: string): Map<string, string>;
/** Rewrites the facts citations of one file's text into docs/formats.md citations and lists what needs a look. */
export function rewriteCitations(
  text: string,
  options: { markdown: boolean; formatsLink: string; anchors: Map<string, string> },
): {
  text: string;
  rewrites: number;
  bare: string[];
  unknownSections: string[];
  leftOver: string[];
  longLines: number[];
};
/** The tracked files whose comments or text may cite the facts. */
export function candidateFiles(root: string): string[];
