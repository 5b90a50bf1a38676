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

  it('rejects an import that runs back up a floor inside app/host, also through the alias', async () => {
    const relative = await layerErrors(
      'app/host/log/Example.ts',
      "import { LogProvider } from '../providers/log/LogProvider';\nexport const p = LogProvider;\n",
    );
    expect(relative).toEqual([
      expect.stringContaining(
        'app/host/log (floor 3) must not import app/host/providers (floor 6): the import runs back up',
      ),
    ]);
    const aliased = await layerErrors(
      'app/host/console/Example.ts',
      "import { HostSession } from '@app/host/session/HostSession';\nexport const s = HostSession;\n",
    );
    expect(aliased).toEqual([expect.stringContaining('app/host/console (floor 2) must not import app/host/session')]);
  });

  it('lets a host folder import its own floor and those below, and a test reach up to drive its subject', async () => {
    expect(
      await layerErrors(
        'app/host/providers/log/Example.ts',
        "import { HostSession } from '../../session/HostSession';\nimport { LogFile } from '../../log/LogFile';\n" +
          "import { RobotConsole } from '@app/host/console/RobotConsole';\nexport const x = [HostSession, LogFile, RobotConsole];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'app/host/log/Example.ts',
        "import { robotViews } from '../viewData/robotViews';\nexport const v = robotViews;\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'app/host/log/Example.test.ts',
        "import { LogProvider } from '../providers/log/LogProvider';\nexport const p = LogProvider;\n",
      ),
    ).toEqual([]);
  });

  it('asks for a floor for a host folder that has none', () => {
    const from = 'app/host/gadgets/Gadget.ts';
    expect(
      checkImport({
        from,
        spec: '../console/RobotConsole',
        target: 'app/host/console/RobotConsole.ts',
        typeOnly: false,
      }),
    ).toMatch(/app\/host\/gadgets is on no floor/);
    const into = { spec: '../gadgets/Gadget', target: 'app/host/gadgets/Gadget.ts', typeOnly: false };
    expect(checkImport({ from: 'app/host/bench/x.ts', ...into })).toMatch(/app\/host\/gadgets is on no floor/);
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
