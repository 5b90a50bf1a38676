import { describe, expect, it } from 'vitest';
import { IdRenumbering } from './idRenumbering';

describe('IdRenumbering', () => {
  it('shifts infrastructure ids by local - remote in both directions', () => {
    const ids = new IdRenumbering(85, 90); // an older robot with 5 fewer data ids
    expect(ids.offset).toBe(5);
    expect(ids.toLocal(17)).toBe(17);
    expect(ids.toLocal(85)).toBe(90); // its idConsole is our idConsole
    expect(ids.toLocal(91)).toBe(96);
    expect(ids.toRemote(96)).toBe(91);
    expect(ids.toRemote(87)).toBeUndefined(); // a data id the robot would read as infrastructure
  });

  it('drops robot data ids that land in our infrastructure range', () => {
    const ids = new IdRenumbering(92, 90);
    expect(ids.toLocal(91)).toBeUndefined();
    expect(ids.toLocal(92)).toBe(90);
    expect(ids.toRemote(96)).toBe(98);
    const result = ids.messagesToLocal([
      { id: 91, payload: new Uint8Array(0) },
      { id: 100, payload: new Uint8Array(0) },
    ]);
    expect(result.dropped).toBe(1);
    expect(result.messages.map((m) => m.id)).toEqual([98]);
  });

  it('is the identity for equal numberings', () => {
    const ids = new IdRenumbering(90);
    expect(ids.isIdentity).toBe(true);
    for (let id = 0; id < 256; id++) expect(ids.toLocal(id)).toBe(id);
  });
});
