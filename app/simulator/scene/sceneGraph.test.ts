/**
 * The typed scene graph for the whole 3-D vocabulary: motors, masses with inertias, meshes, surfaces, sensors,
 * lights and user inputs, and the two flavours (strict `.ros3`, ODE-era `.ros2` with warnings).
 */
import { describe, expect, it } from 'vitest';
import { loadSceneGraph } from './loadScene';
import { parseFloats, parseIndices } from './meshData';
import { SceneError } from './SceneError';
import { findNode, type SceneNode } from './sceneGraph';

/** In-memory files so that each test states its whole scene. */
function files(map: Record<string, string>): (file: string) => string {
  return (file) => {
    const text = map[file];
    if (text === undefined) throw new Error('ENOENT');
    return text;
  };
}

function errorOf(fn: () => unknown): SceneError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SceneError) return e;
    throw e;
  }
  throw new Error('no error');
}

function named(graph: SceneNode, name: string): SceneNode {
  const node = findNode(graph, (n) => n.name === name);
  if (!node) throw new Error(`no node named ${name}`);
  return node;
}

const ROBOT = `<Simulation>
  <Vertices name="quadVerts" unit="mm">
    0 0 0   1000 0 0
    # a comment between numbers
    1000 1000 0   0 1000 0
  </Vertices>
  <Surface name="skin" diffuseColor="#808080" specularColor="rgb(50%, 50%, 50%)" shininess="12.5" diffuseTexture="../Textures/skin.png"/>
  <Scene name="RoboCup" color="rgb(65%, 65%, 70%)">
    <DirLight x="0.5" y="-0.5" z="1" diffuseColor="#fff"/>
    <SpotLight z="3m" dirZ="-1" cutoff="0.5"/>
    <UserInput name="speed" type="velocity" min="-1m/s" max="2m/s" default="50cm/s"/>
    <Body name="torso">
      <InertiaMatrixMass value="1000g" x="1mm" z="-2mm" ixx="3g*mm^2" iyy="4" izz="5" ixy="0.5" ixz="0.25" iyz="0.125"/>
      <BoxMass value="12" depth="1" width="2" height="3"><Translation z="1"/></BoxMass>
      <CapsuleMass value="2" radius="0.1" height="0.2"/>
      <CylinderMass value="3" radius="0.2" height="0.6"/>
      <Gyroscope name="gyro"><Translation x="0.01"/></Gyroscope>
      <Accelerometer/>
      <CollisionSensor name="bumper"><BoxGeometry depth="0.1" width="0.1" height="0.1"/></CollisionSensor>
      <SingleDistanceSensor name="sonar" max="2m"/>
      <DepthImageSensor name="depth" imageWidth="64" angleX="90degree" angleY="10degree" projection="spherical"/>
      <ObjectSegmentedImageSensor name="seg" imageWidth="32" imageHeight="24" angleX="1" angleY="0.75"/>
      <SphereGeometry radius="0.05"><Material name="m"><Friction material="field" value="0.8"/><RollingFriction material="field" value="0.05"/></Material></SphereGeometry>
      <ComplexAppearance name="plate">
        <Surface ref="skin"/>
        <Vertices ref="quadVerts"/>
        <TexCoords>0 0 1 0 1 1 0 1</TexCoords>
        <Quads>0 1 2 3</Quads>
        <Triangles>0 1 2</Triangles>
      </ComplexAppearance>
      <Hinge name="knee">
        <Axis y="1">
          <Deflection min="-10degree" max="120degree" init="5degree" isActive="false"/>
          <ServoMotor maxVelocity="360degree/s" maxForce="2.5N" p="40" i="0.1" d="2" delay="0.012s"/>
        </Axis>
        <Body name="shank"><SphereMass value="1" radius="0.1"/></Body>
      </Hinge>
      <Slider name="lift">
        <Axis z="1">
          <Deflection min="0" max="10cm"/>
          <VelocityMotor maxVelocity="20cm/s" maxForce="50"/>
        </Axis>
        <Body name="lifted"><SphereMass value="1" radius="0.1"/></Body>
      </Slider>
      <Hinge name="lag">
        <Axis x="1"><PT2Motor T="0.1" D="0.7" K="1" V="5" F="10"/></Axis>
        <Body name="lagged"><SphereMass value="1" radius="0.1"/></Body>
      </Hinge>
    </Body>
  </Scene>
</Simulation>`;

describe('typed scene graph', () => {
  const { graph, warnings } = loadSceneGraph('scenes/Robot.ros3', files({ 'scenes/Robot.ros3': ROBOT }));

  it('types motors and deflections in SI units of their joint', () => {
    const knee = named(graph, 'knee');
    if (knee.kind !== 'joint') throw new Error('knee is not a joint');
    expect(knee.deflection).toMatchObject({ isActive: false });
    expect(knee.deflection!.max).toBeCloseTo((120 * Math.PI) / 180);
    expect(knee.actuator).toMatchObject({ type: 'servo', maxForce: 2.5, p: 40, i: 0.1, d: 2, delay: 0.012 });
    expect(knee.actuator?.type === 'servo' && knee.actuator.maxVelocity).toBeCloseTo(2 * Math.PI);
    const lift = named(graph, 'lift');
    expect(lift.kind === 'joint' && lift.actuator).toEqual({ type: 'velocity', maxVelocity: 0.2, maxForce: 50 });
    expect(lift.kind === 'joint' && lift.deflection).toMatchObject({ min: 0, max: 0.1, isActive: true });
    expect(named(graph, 'lag').kind === 'joint' && (named(graph, 'lag') as { actuator: unknown }).actuator).toEqual({
      type: 'pt2',
      T: 0.1,
      D: 0.7,
      K: 1,
      V: 5,
      F: 10,
    });
  });

  it('gives every mass its centre and inertia tensor', () => {
    const torso = named(graph, 'torso');
    const masses = torso.children.filter((c) => c.kind === 'mass');
    const [matrix, box, capsule, cylinder] = masses;
    if (matrix?.kind !== 'mass' || box?.kind !== 'mass' || capsule?.kind !== 'mass' || cylinder?.kind !== 'mass')
      throw new Error('masses');
    expect(matrix.mass).toBe(1);
    expect(matrix.centerOfMass).toEqual({ x: 0.001, y: 0, z: -0.002 });
    expect(matrix.inertia).toMatchObject({ iyy: 4, izz: 5, ixy: 0.5, ixz: 0.25, iyz: 0.125 });
    expect(matrix.inertia.ixx).toBeCloseTo(3e-9);
    // Box 1 × 2 × 3 (x × y × z), 12 kg: m/12 · (y² + z²), …
    expect(box.inertia).toEqual({ ixx: 13, iyy: 10, izz: 5, ixy: 0, ixz: 0, iyz: 0 });
    expect(box.local.translation.z).toBe(1);
    // A capsule whose caps touch (height = 2r) is a sphere.
    expect(capsule.inertia.ixx).toBeCloseTo(0.4 * 2 * 0.01);
    expect(capsule.inertia.izz).toBeCloseTo(0.4 * 2 * 0.01);
    expect(cylinder.inertia.ixx).toBeCloseTo((3 / 12) * (3 * 0.04 + 0.36));
    expect(cylinder.inertia.izz).toBeCloseTo(0.5 * 3 * 0.04);
  });

  it('parses ComplexAppearance meshes into typed arrays with units, quads and shared data', () => {
    const plate = named(graph, 'plate');
    if (plate.kind !== 'appearance' || !plate.mesh) throw new Error('plate has no mesh');
    expect(plate.shape).toBe('mesh');
    expect(Array.from(plate.mesh.vertices)).toEqual([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    expect(Array.from(plate.mesh.triangles)).toEqual([0, 1, 2, 0, 2, 3, 0, 1, 2]);
    expect(plate.mesh.texCoords).toBeInstanceOf(Float32Array);
    expect(plate.mesh.normals).toBeUndefined();
    expect(plate.surface).toMatchObject({
      diffuseColor: { r: 128, g: 128, b: 128, a: 255 },
      shininess: 12.5,
      diffuseTexture: 'Textures/skin.png',
    });
    expect(plate.diffuseColor).toEqual(plate.surface!.diffuseColor);
  });

  it('types sensors, lights, user inputs and materials', () => {
    const sensor = (name: string): unknown => {
      const n = named(graph, name);
      return n.kind === 'sensor' ? n.sensor : undefined;
    };
    expect(sensor('gyro')).toEqual({ type: 'gyroscope' });
    expect(named(graph, 'gyro').local.translation.x).toBe(0.01);
    expect(findNode(graph, (n) => n.kind === 'sensor' && n.sensor.type === 'accelerometer')).toBeDefined();
    expect(sensor('bumper')).toEqual({ type: 'collision' });
    expect(named(graph, 'bumper').children[0]).toMatchObject({ kind: 'geometry', shape: 'box' });
    expect(sensor('sonar')).toEqual({ type: 'singleDistance', min: 0, max: 2 });
    expect(sensor('depth')).toMatchObject({
      type: 'depthImage',
      imageWidth: 64,
      imageHeight: 1,
      projection: 'spherical',
      max: 999999,
    });
    expect(sensor('seg')).toMatchObject({ type: 'objectSegmentedImage', imageWidth: 32, imageHeight: 24, angleX: 1 });
    const lights = graph.children
      .filter((c) => c.kind === 'light')
      .map((c) => (c.kind === 'light' ? c.light : undefined));
    expect(lights[0]).toMatchObject({
      type: 'directional',
      position: { x: 0.5, y: -0.5, z: 1 },
      diffuseColor: { r: 255 },
    });
    expect(lights[1]).toMatchObject({
      type: 'spot',
      position: { z: 3 },
      direction: { x: 0, y: 0, z: -1 },
      cutoff: 0.5,
    });
    const input = graph.children.find((c) => c.kind === 'userInput');
    expect(input?.kind === 'userInput' && input.input).toEqual({
      inputType: 'velocity',
      min: -1,
      max: 2,
      default: 0.5,
    });
    expect(graph.kind === 'scene' && graph.backgroundColor).toMatchObject({ r: 166, g: 166, b: 179 });
    const sphere = findNode(graph, (n) => n.kind === 'geometry' && n.shape === 'sphere');
    expect(sphere?.kind === 'geometry' && sphere.material).toEqual({
      name: 'm',
      friction: { field: 0.8 },
      rollingFriction: { field: 0.05 },
      restitution: {},
    });
    expect(warnings).toEqual([]);
  });

  it('reports bad mesh data where it was written', () => {
    const bad = (data: string): SceneError =>
      errorOf(() =>
        loadSceneGraph(
          'm.ros3',
          files({
            'm.ros3': `<Simulation><Scene><Body><SphereMass value="1" radius="1"/>\n<ComplexAppearance><Surface diffuseColor="#fff"/>\n<Vertices>0 0 0 1 0 0 0 1 0</Vertices>\n${data}</ComplexAppearance></Body></Scene></Simulation>`,
          }),
        ),
      );
    expect(bad('<Triangles>0 1 3</Triangles>')).toMatchObject({
      line: 4,
      elementPath: 'Simulation/Scene/Body/ComplexAppearance/Triangles',
      detail: 'index 3 (number 3) is not below the vertex count 3',
    });
    expect(bad('<Triangles>0 1 x</Triangles>').detail).toBe("number 3 ('x') is not an index");
    expect(bad('<Triangles>0 1</Triangles>').detail).toBe('2 indices are not a multiple of 3');
    // With normals every corner names its vertex and its normal.
    expect(bad('<Triangles>0 1 2</Triangles><Normals>0 0 1</Normals>').detail).toBe(
      '3 indices are not a multiple of 6 (a vertex and a normal index per corner)',
    );
  });
});

describe('number lists', () => {
  it('parse like Number() and reject what is not a number', () => {
    const text = '1 -2.5 +3e2 .5 1E-3 0.0126 -0.0124771 123456789012345678';
    expect(Array.from(parseFloats(text) as Float32Array)).toEqual(text.split(' ').map((t) => Math.fround(Number(t))));
    expect(parseFloats('1 2 3e')).toEqual({ index: 2, found: '3e' });
    expect(parseFloats('1 - 2')).toEqual({ index: 1, found: '-' });
    expect(Array.from(parseIndices(' 0\n4294967295 # comment 7\n12 ') as Uint32Array)).toEqual([0, 4294967295, 12]);
    expect(parseIndices('4294967296')).toEqual({ index: 0, found: '4294967296' });
    expect(parseIndices('1 -1')).toEqual({ index: 1, found: '-1' });
  });
});

describe('scene flavours', () => {
  const ode = `<Simulation>
  <Scene name="RoboCup" CFM="0.001" ERP="0.2" bodyCollisions="false">
    <QuickSolver iterations="100" skip="2"/>
    <Body name="a" collideWithParent="false"><SphereMass value="1" radius="0.1"/>
      <TorusGeometry majorRadius="0.3" minorRadius="0.05"/>
      <ApproxDistanceSensor name="ir" max="1.4m" angleX="10degree" angleY="10degree"/>
      <Hinge name="h"><Axis z="1" cfm="0.01"><Deflection min="-1" max="1" stopCFM="0.1" stopERP="0.9"/>
        <ServoMotor maxVelocity="1" maxForce="1" p="1" fudgeFactor="0.5" isNaoMotor="true"/></Axis>
        <Body name="b"><SphereMass value="1" radius="0.1"/></Body></Hinge>
      <Hinge name="h2"><Axis z="1" cfm="0.02"/><Body name="c"><SphereMass value="1" radius="0.1"/></Body></Hinge>
    </Body>
  </Scene>
</Simulation>`;

  it('.ros2 accepts and ignores the ODE-only attributes with one warning per name', () => {
    const { graph, flavour, warnings } = loadSceneGraph('old/Scene.ros2', files({ 'old/Scene.ros2': ode }));
    expect(flavour).toBe('ros2');
    const names = warnings.map((w) => /'(\w+)'|<(\w+)>/.exec(w.message)!.slice(1).find(Boolean));
    expect(names).toEqual([
      'CFM',
      'ERP',
      'bodyCollisions',
      'QuickSolver',
      'collideWithParent',
      'cfm',
      'stopCFM',
      'stopERP',
      'fudgeFactor',
      'isNaoMotor',
    ]);
    expect(warnings[0]!.message).toBe(
      "old/Scene.ros2:2: Simulation/Scene: ODE-only attribute 'CFM' of <Scene> ignored (MuJoCo has no counterpart)",
    );
    expect(warnings.find((w) => w.message.includes("'cfm'"))!.line).toBe(7);
    const torus = findNode(graph, (n) => n.kind === 'geometry' && n.shape === 'torus');
    expect(torus).toMatchObject({ majorRadius: 0.3, minorRadius: 0.05 });
    const ir = named(graph, 'ir');
    expect(ir.kind === 'sensor' && ir.sensor).toMatchObject({ type: 'approxDistance', max: 1.4 });
    expect(named(graph, 'a').attributes).toEqual({ name: 'a' });
  });

  it('.ros3 refuses them, saying they belong to .ros2', () => {
    const e = errorOf(() => loadSceneGraph('new/Scene.ros3', files({ 'new/Scene.ros3': ode })));
    expect(e.message).toBe(
      "new/Scene.ros3:2: Simulation/Scene: unknown attribute 'CFM' (an ODE-only attribute of .ros2 scenes)",
    );
    const torus = errorOf(() =>
      loadSceneGraph(
        't.ros3',
        files({
          't.ros3':
            '<Simulation><Scene><Body><SphereMass value="1" radius="1"/>\n<TorusGeometry majorRadius="1" minorRadius="0.1"/></Body></Scene></Simulation>',
        }),
      ),
    );
    expect(torus).toMatchObject({ line: 2, detail: '<TorusGeometry> exists only in ODE-era .ros2 scenes' });
  });

  it('refuses 2-D scenes with a sentence saying what to use instead', () => {
    expect(() => loadSceneGraph('Game2D.ros2d', files({}))).toThrow(
      /2-D scenes \(\.ros2d\) are not supported: Pitchside simulates 3-D scenes/,
    );
  });
});
