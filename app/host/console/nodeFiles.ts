/**
 * @file ConsoleFiles over Node's file system, for the desktop app and the command-line console.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ConsoleFiles } from './files';

/** Synchronous Node file access; scripts and config files are small, and synchronous reads keep `call` ordered. */
export class NodeFiles implements ConsoleFiles {
  readText(path: string): string | undefined {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  }
  writeText(path: string, text: string): void {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, 'utf8');
  }
  appendText(path: string, text: string): void {
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, text, 'utf8');
  }
  exists(path: string): boolean {
    try {
      return existsSync(path) && statSync(path).isFile();
    } catch {
      return false;
    }
  }
}
