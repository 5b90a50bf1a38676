/**
 * @file Opens a URL in the user's browser where the platform has an opener; failure is silent because the URL
 * is printed anyway (headless machines have no browser).
 */
import { spawn } from 'node:child_process';

/** The platform's URL opener command. */
function opener(): string {
  if (process.platform === 'darwin') return 'open';
  if (process.platform === 'win32') return 'explorer';
  return 'xdg-open';
}

/** Tries to open `url`; never throws. */
export function openBrowser(url: string): void {
  try {
    const child = spawn(opener(), [url], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener: the printed URL is the way in.
  }
}
