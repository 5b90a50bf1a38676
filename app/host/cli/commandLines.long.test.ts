// Every command-line entry point, started as a user starts it (`pitchside <command>`, the package's bin): `--help`
// prints the usage and exits 0 without doing anything, a wrong flag exits 2 with the reason on stderr. The fast
// tier's commandLines.test.ts checks the dispatcher and three commands the same way.
import { describe, it } from 'vitest';
import { COMMANDS } from './pitchside';
import { expectHelp, expectWrongFlagRefused } from './testing/pitchsideBin';

describe('pitchside <command>, every command', () => {
  const names = Object.keys(COMMANDS);

  it('--help exits 0 with the usage on stdout for every command; bench runs nothing', async () => {
    await expectHelp(names);
  }, 600_000);

  it('a wrong flag exits 2 with the reason on stderr for every command', async () => {
    await expectWrongFlagRefused(names);
  }, 600_000);
});
