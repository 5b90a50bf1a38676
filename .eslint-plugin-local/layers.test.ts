import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImport } from './layerRules.js';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `relPath` (the file need not exist). */
async function layerErrors(relPath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, relPath) });
  return result!.messages.filter((m) => m.ruleId === 'local/layers').map((m) => m.message);
}

describe('layer lint rule', () => {
  it('rejects an import from robot-runtime into renderer', async () => {
    const errors = await layerErrors(
      'robot-runtime/core/Example.ts',
      "import { x } from '../../renderer/lib/x';\nexport const y = x;\n",
    );
    expect(errors).toEqual([expect.stringContaining('rr/core must not import renderer/lib')]);
  });

  it('resolves the layer aliases like relative paths', async () => {
    const errors = await layerErrors(
      'robot-runtime/core/Example.ts',
      "import { x } from '@renderer/lib/x';\nimport { m } from '@robot-runtime/math/vec2';\nexport const y = [x, m];\n",
    );
    expect(errors).toEqual([expect.stringContaining("rr/core must not import renderer/lib ('@renderer/lib/x')")]);
  });

  it('rejects an import from one view into another', async () => {
    const errors = await layerErrors(
      'renderer/views/Field/FieldView.ts',
      "import { plot } from '../Plot/plot';\nexport const y = plot;\n",
    );
    expect(errors).toEqual([expect.stringContaining('must not import its sibling renderer/views/Plot/')]);
  });

  it('rejects one module importing another, and Node in pure runtime code', async () => {
    const sibling = await layerErrors(
      'robot-runtime/modules/Modeling/BallLocator/BallLocator.ts',
      "import { a } from '../SelfLocator/SelfLocator';\nexport const b = a;\n",
    );
    expect(sibling).toEqual([expect.stringContaining('sibling robot-runtime/modules/Modeling/SelfLocator/')]);
    const node = await layerErrors(
      'robot-runtime/core/Example.ts',
      "import fs from 'node:fs';\nexport const f = fs;\n",
    );
    expect(node).toEqual([expect.stringContaining("must not import Node built-in 'node:fs'")]);
  });

  it('accepts allowed imports', async () => {
    expect(
      await layerErrors(
        'robot-runtime/modules/Modeling/BallLocator/BallLocator.ts',
        "import { a } from './helper';\nimport { b } from '../../../core/x';\nexport const c = [a, b];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('robot-runtime/hosts/robot/main.ts', "import net from 'node:net';\nexport const n = net;\n"),
    ).toEqual([]);
  });

  it('lets the Electron main process use the host but not the browser-mode server', () => {
    const from = 'app/main/index.ts';
    const session = { from, spec: '../host/session/HostSession', target: 'app/host/session/HostSession.ts' };
    expect(checkImport({ ...session, typeOnly: false })).toBeUndefined();
    const server = { from, spec: '../web/server/WebServer', target: 'app/web/server/WebServer.ts' };
    expect(checkImport({ ...server, typeOnly: false })).toMatch(/app\/main must not import app\/web/);
  });

  it('lets app/ipc import protocol only as types', () => {
    const from = 'app/ipc/channels.ts';
    const target = 'robot-runtime/protocol/messageQueue/Message';
    expect(
      checkImport({ from, spec: '../../robot-runtime/protocol/messageQueue/Message', target, typeOnly: true }),
    ).toBeUndefined();
    expect(
      checkImport({ from, spec: '../../robot-runtime/protocol/messageQueue/Message', target, typeOnly: false }),
    ).toMatch(/except as `import type`/);
  });
});
