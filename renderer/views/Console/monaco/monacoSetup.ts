/**
 * @file Loads Monaco's editor core (no bundled language services: the console needs none) with the few editor
 * contributions we use, routes its worker through vite, and registers the console language and theme once.
 */
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/placeholderText/browser/placeholderText.contribution';
import 'monaco-codicon.css';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { CONSOLE_LANGUAGE_ID, consoleLanguage } from './consoleLanguage';

/** Name of the editor theme. */
export const CONSOLE_THEME = 'pitchside-dark';

let registered = false;

/** Prepares Monaco (idempotent) and returns its API. */
export function setupMonaco(): typeof monaco {
  if (registered) return monaco;
  registered = true;
  (self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
    getWorker: () => new EditorWorker(),
  };
  monaco.languages.register({ id: CONSOLE_LANGUAGE_ID, extensions: ['.con'] });
  monaco.languages.setMonarchTokensProvider(CONSOLE_LANGUAGE_ID, consoleLanguage);
  monaco.editor.defineTheme(CONSOLE_THEME, {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'keyword', foreground: '569cd6', fontStyle: 'bold' },
      { token: 'key', foreground: '4ec9b0' },
      { token: 'flag', foreground: 'c586c0' },
      { token: 'number', foreground: 'b5cea8' },
      { token: 'string', foreground: 'ce9178' },
      { token: 'comment', foreground: '6a9955' },
    ],
    colors: { 'editor.background': '#1e1e1e' },
  });
  return monaco;
}
