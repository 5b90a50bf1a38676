import { describe, expect, it } from 'vitest';
import { encodeTextMessage } from '@robot-runtime/protocol/debugMessages/textMessage';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { MemoryFiles } from '../files';
import { createHarness } from '../testing/harness';
import { frame } from '../testing/ScriptedRobot';

describe('msg, echo, cls', () => {
  it('logs text messages to a file, and disable drops incoming messages', () => {
    const files = new MemoryFiles();
    const h = createHarness(undefined, { files });
    h.run();
    h.run('msg log /tmp/robotText');
    h.robot.push(...frame('Motion', [{ id: MessageID.idText, payload: encodeTextMessage('logged') }]));
    expect(h.run()).toEqual(['logged']);
    expect(files.readText('/tmp/robotText.txt')).toBe('logged\n');
    h.run('msg disable');
    h.robot.push(...frame('Motion', [{ id: MessageID.idText, payload: encodeTextMessage('dropped') }]));
    expect(h.run()).toEqual([]);
    expect(h.run('msg sometimes')).toEqual([
      "Syntax Error: msg off | on | log <file> | enable | disable in 'msg sometimes'",
    ]);
  });

  it('echoes and clears per robot', () => {
    const h = createHarness();
    let cleared = 0;
    h.console.on('clear', () => cleared++);
    expect(h.run('echo "a  b" c')).toEqual(['a  b c']);
    h.run('cls');
    expect(cleared).toBe(1);
  });
});
