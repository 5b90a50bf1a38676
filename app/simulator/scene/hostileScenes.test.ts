/**
 * Scene files as memory and time bombs: each crafted input (generated here) must end as a SceneError with file and
 * line, stopped by one of the loader's count bounds (elements, nesting, characters, scope lookups: the refusal names
 * it) and without growing the heap by more than a bounded amount. The bounds are counts, not time limits, so the
 * tests hold on a loaded machine; how long a refusal takes is measured by `npm run bench` (scene load rows).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScene } from './loadScene';
import { SceneError } from './SceneError';

/** Heap any hostile input may leave behind or hold at the end (bytes). */
const MAX_HEAP_GROWTH = 128 * 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'pitchside-hostile-scene-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the files and returns the path of the first. */
function write(files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return join(dir, Object.keys(files)[0]!);
}

/** Loads `file` from disk, expecting a SceneError within the heap bound. */
function refuse(file: string): SceneError {
  const heapBefore = process.memoryUsage().heapUsed;
  let error: unknown;
  try {
    loadScene(file);
  } catch (e) {
    error = e;
  }
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(MAX_HEAP_GROWTH);
  if (!(error instanceof SceneError)) throw new Error(`expected a SceneError, got ${String(error)}`);
  expect(error.line).toBeGreaterThan(0);
  return error;
}

const MASS = '<SphereMass value="1" radius="0.1"/>';

describe('hostile scene files', () => {
  it('nested <Set> placeholders that double at every level stop at the expansion bound', () => {
    // 48 levels of `a = $a$a`: 16 · 2^48 characters if expanded.
    let body = `<Body name="b">${MASS}<SphereAppearance radius="$a"><Surface diffuseColor="#fff"/></SphereAppearance></Body>`;
    for (let i = 0; i < 48; i++) body = `<Compound>\n<Set name="a" value="$a$a"/>${body}</Compound>`;
    const file = write({
      'sets.ros3': `<Simulation><Scene name="RoboCup"><Set name="a" value="0123456789abcdef"/>\n${body}</Scene></Simulation>`,
    });
    const e = refuse(file);
    expect(e.file).toBe(file);
    expect(e.detail).toMatch(/placeholders expand to more than/);
    expect(e.elementPath).toMatch(/^Simulation\/Scene\/Compound/);
  });

  it('<Include href="/dev/zero"> is refused as not a regular file, without reading it', () => {
    const file = write({ 'zero.ros3': '<Simulation>\n<Include href="/dev/zero"/>\n<Scene/></Simulation>' });
    const e = refuse(file);
    expect(e).toMatchObject({ file, line: 2, elementPath: 'Simulation/Include' });
    expect(e.detail).toMatch(/not a regular file/);
  });

  it('an include larger than the bound is refused while it is read', () => {
    const big = join(dir, 'big.rsi3');
    writeFileSync(big, `<Simulation>${' '.repeat(17 * 1024 * 1024)}</Simulation>`);
    const file = write({ 'big.ros3': '<Simulation>\n<Include href="big.rsi3"/>\n<Scene/></Simulation>' });
    expect(refuse(file)).toMatchObject({ line: 2, detail: expect.stringMatching(/larger than 16777216 bytes/) });
  });

  it('macros that reference the previous one twice (2^40 elements) are refused from the source alone', () => {
    const levels = ['<Compound name="L0"><Compound/></Compound>'];
    for (let i = 1; i <= 40; i++)
      levels.push(`<Compound name="L${i}"><Compound ref="L${i - 1}"/><Compound ref="L${i - 1}"/></Compound>`);
    const file = write({
      'refs.ros3': `<Simulation>\n${levels.join('\n')}\n<Scene name="RoboCup"><Compound ref="L40"/></Scene></Simulation>`,
    });
    const e = refuse(file);
    expect(e.detail).toMatch(/expands to more than \d+ elements/);
    expect(e.line).toBeGreaterThan(1);
  });

  it('doubling macros named through placeholders stop at the instantiation bound', () => {
    const levels = ['<Compound name="L0"><Compound/></Compound>'];
    for (let i = 1; i <= 40; i++)
      levels.push(
        `<Compound name="L${i}"><Set name="r${i}" value="L${i - 1}"/><Compound ref="$r${i}"/><Compound ref="$r${i}"/></Compound>`,
      );
    const file = write({
      'refs2.ros3': `<Simulation>\n${levels.join('\n')}\n<Scene name="RoboCup"><Compound ref="L40"/></Scene></Simulation>`,
    });
    expect(refuse(file).detail).toMatch(/more than \d+ elements after expanding macros/);
  });

  it('includes forming a DAG with 2^25 leaves stop at the element bound', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 25; i++)
      files[`dag${i}.${i === 0 ? 'ros3' : 'rsi3'}`] =
        `<Simulation>\n<Include href="dag${i + 1}.rsi3"/>\n<Include href="dag${i + 1}.rsi3"/>${i === 0 ? '<Scene/>' : ''}</Simulation>`;
    files['dag25.rsi3'] = `<Simulation><Body name="leaf">${MASS}</Body></Simulation>`;
    const e = refuse(write(files));
    expect(e.detail).toMatch(/more than \d+ elements with all includes spliced in/);
    expect(e.elementPath).toBe('Simulation/Include');
  });

  it('a character reference above U+10FFFF is a located SceneError, not a RangeError', () => {
    const file = write({
      'char.ros3': '<Simulation>\n<Scene name="RoboCup">\n<Compound name="&#x110000;"/></Scene></Simulation>',
    });
    expect(refuse(file)).toMatchObject({
      file,
      line: 3,
      detail: expect.stringMatching(/character reference '&#x110000;' is not a valid character/),
    });
    const decimal = write({ 'char2.ros3': '<Simulation><Scene>\n\n&#99999999999999999999;</Scene></Simulation>' });
    expect(refuse(decimal).line).toBe(3);
  });

  it('an element with a hundred thousand attributes stops at the attribute bound', () => {
    const attributes = Array.from({ length: 100_000 }, (_, i) => `a${i}="1"`).join(' ');
    const file = write({ 'attrs.ros3': `<Simulation><Scene>\n<Compound ${attributes}/></Scene></Simulation>` });
    expect(refuse(file)).toMatchObject({ line: 2, detail: expect.stringMatching(/more than 256 attributes/) });
  });

  it('a million undefined placeholders under 250 scopes stop at the lookup bound', () => {
    let body = `<Body name="$${'$q'.repeat(1_000_000)}">${MASS}</Body>`;
    for (let i = 0; i < 250; i++) body = `<Compound><Set name="s${i}" value="v"/>\n${body}</Compound>`;
    const e = refuse(write({ 'lookups.ros3': `<Simulation><Scene>${body}</Scene></Simulation>` }));
    expect(e.detail).toMatch(/too many lookups/);
  });

  it("names of Object's prototype are unknown elements, attributes, entities and units", () => {
    const cases: [string, RegExp][] = [
      ['<Scene constructor="1x"/>', /unknown attribute 'constructor'/],
      ['<Scene><constructor/></Scene>', /unknown element <constructor>/],
      ['<Scene name="&constructor;"/>', /unknown entity '&constructor;'/],
      ['<Scene stepLength="1constructor"/>', /unknown time unit 'constructor'/],
      [`<Scene><Body><SphereMass value="1" radius="1toString"/></Body></Scene>`, /unknown length unit 'toString'/],
    ];
    for (const [scene, detail] of cases)
      expect(refuse(write({ 'proto.ros3': `<Simulation>\n${scene}</Simulation>` }))).toMatchObject({
        line: 2,
        detail: expect.stringMatching(detail),
      });
  });

  it('a malformed scene still reports file:line and the element path', () => {
    const file = write({
      'bad.ros3': `<Simulation><Scene name="RoboCup">\n<Compound name="robots">\n<Body name="robot1">${MASS}\n<Hinge name="j"><Axis x="0"/><Body>${MASS}</Body></Hinge></Body></Compound></Scene></Simulation>`,
    });
    expect(refuse(file).message).toBe(
      `${file}:4: Simulation/Scene/Compound[robots]/Body[robot1]/Hinge[j]/Axis: the axis must not be zero`,
    );
  });
});

describe('non-finite physical values (issue 41, finding 6)', () => {
  /** A scene with one free body; `$v` marks where the hostile value goes. */
  const scene = (at: 'mass' | 'radius' | 'gravity' | 'x' | 'rotation' | 'geometry', value: string): string => {
    const v = (here: typeof at, normal: string) => (here === at ? value : normal);
    return [
      '<Simulation>',
      `<Scene name="RoboCup" stepLength="0.01s" gravity="${v('gravity', '-9.81')}">`,
      '<Body name="b">',
      `<Translation x="${v('x', '1')}" y="0" z="0.5"/>`,
      `<Rotation z="${v('rotation', '10degree')}"/>`,
      `<SphereMass value="${v('mass', '1')}" radius="${v('radius', '0.1')}"/>`,
      `<SphereGeometry radius="${v('geometry', '0.1')}"/>`,
      '</Body>',
      '</Scene>',
      '</Simulation>',
    ].join('\n');
  };
  const line = { gravity: 2, x: 4, rotation: 5, mass: 6, radius: 6, geometry: 7 } as const;

  it('refuses finite values beyond a range, which made the physics state NaN (the fuzz found them)', () => {
    for (const [at, value] of [
      ['mass', '1e300'],
      ['gravity', '1e308'],
      ['radius', '1e308mm'],
    ] as const) {
      const file = write({ [`range-${at}.ros3`]: scene(at, value) });
      const e = refuse(file);
      expect(e).toMatchObject({ file, line: line[at] });
      expect(e.detail).toMatch(/is out of range \(a \w+ of at most 1000000 in SI units\)/);
    }
  });

  it('refuses a step shorter than a millisecond, which would stop the simulation time', () => {
    const file = write({ 'step.ros3': scene('mass', '1').replace('stepLength="0.01s"', 'stepLength="1e-300s"') });
    const e = refuse(file);
    expect(e).toMatchObject({ file, line: 2 });
    expect(e.detail).toMatch(/stepLength must be in \[0\.001, 1\] s, got 1e-300/);
  });

  it('loads the scene with ordinary values', () => {
    expect(() => loadScene(write({ 'finite.ros3': scene('mass', '1') }))).not.toThrow();
  });

  for (const at of Object.keys(line) as (keyof typeof line)[]) {
    // A finite number whose unit makes it overflow (only lengths have a unit large enough).
    const overflow = at === 'x' || at === 'radius' || at === 'geometry' ? ['1e306km'] : [];
    for (const value of ['1e999', '-1e999', 'NaN', 'Infinity', ...overflow]) {
      it(`refuses ${at} = ${value} with a scene error at its line`, () => {
        const file = write({ [`${at}.ros3`]: scene(at, value) });
        const e = refuse(file);
        expect(e).toMatchObject({ file, line: line[at] });
        expect(e.detail).toMatch(
          value === 'NaN' || value === 'Infinity' ? /is not a number/ : /is not a finite number/,
        );
      });
    }
  }
});
