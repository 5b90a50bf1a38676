import { describe, expect, it } from 'vitest';
import { poseAlongChain } from './kinematics';
import { loadScene } from './loadScene';
import { SceneError } from './SceneError';

/** In-memory files so that each test states its whole scene. */
function files(map: Record<string, string>): (file: string) => string {
  return (file) => {
    const text = map[file];
    if (text === undefined) throw new Error('ENOENT');
    return text;
  };
}

const BODY = '<SphereMass value="1" radius="0.1"/>';

function errorOf(fn: () => unknown): SceneError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SceneError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('scene loading', () => {
  it('splices includes relative to the including file and resolves refs with attribute and child merging', () => {
    const read = files({
      's/Main.ros3': `<Simulation>
  <Include href="inc/Parts.rsi3"/>
  <Scene name="RoboCup" stepLength="0.012s">
    <Compound name="robots">
      <Body ref="Bot" name="robot3"><Translation x="1000mm"/><Rotation z="90degree"/></Body>
      <Body ref="Bot" name="robot22"/>
    </Compound>
  </Scene>
</Simulation>`,
      's/inc/Parts.rsi3': `<Simulation><Body name="Bot"><Translation x="5m" z="0.3"/>${BODY}</Body></Simulation>`,
    });
    const model = loadScene('s/Main.ros3', read);
    expect(model.stepLength).toBeCloseTo(0.012);
    const [r3, r22] = model.robots;
    expect(r3).toMatchObject({ name: 'robot3', team: 0, playerNumber: 3, objectPath: 'RoboCup.robots.robot3' });
    // The own Translation replaces the macro's completely (z is not inherited).
    expect(r3!.pose.translation).toEqual({ x: 1000, y: 0, z: 0 });
    expect(r3!.pose2.rotation).toBeCloseTo(Math.PI / 2);
    expect(r22).toMatchObject({ team: 1, playerNumber: 2 });
    expect(r22!.pose.translation.x).toBeCloseTo(5000);
    expect(r22!.pose.translation.z).toBeCloseTo(300);
    expect(r22!.model.mass).toBe(1);
  });

  it('resolves $x, $(x) and ${x} from the element, then its ancestors; a referencing element overrides macro defaults', () => {
    const read = files({
      'a.ros3': `<Simulation>
  <Body name="Part"><Set name="Len" value="7mm"/><Set name="M" value="2kg"/>
    <BoxMass value="$M" width="$(Len)" height="\${Len}" depth="$Len"/>
    <Camera name="cam" imageWidth="$W" imageHeight="$H" angleX="$AX" angleY="40degree"/>
  </Body>
  <Scene name="RoboCup">
    <Set name="W" value="640"/><Set name="AX" value="50degree"/>
    <Compound name="robots">
      <Set name="H" value="480"/><Set name="W" value="320"/>
      <Body ref="Part" name="robot1"><Set name="M" value="3kg"/></Body>
    </Compound>
  </Scene>
</Simulation>`,
    });
    const model = loadScene('a.ros3', read);
    const robot = model.robots[0]!;
    expect(robot.model.mass).toBe(3);
    // The nearest ancestor's W (320) wins over the scene's (640).
    expect(robot.model.cameras[0]).toMatchObject({ name: 'cam', imageWidth: 320, imageHeight: 480 });
    expect(robot.model.cameras[0]!.angleX).toBeCloseTo((50 * Math.PI) / 180);
  });

  it('parses units with SI defaults and all colour forms', () => {
    const read = files({
      'c.ros3': `<Simulation><Scene name="RoboCup" gravity="-9810mm/s^2" color="#abc">
  <Compound name="balls"><Body name="ball"><Translation x="1dm" y="2cm" z="0.05"/>
    <SphereMass value="44g" radius="5cm"/><SphereGeometry radius="50mm"/>
    <SphereAppearance radius="5cm"><Surface diffuseColor="rgba(100%, 50%, 0, 0.5)"/></SphereAppearance>
    <BoxAppearance width="1" height="1" depth="1"><Surface diffuseColor="#11223344"/></BoxAppearance>
  </Body></Compound>
</Scene></Simulation>`,
    });
    const model = loadScene('c.ros3', read);
    expect(model.gravity).toBeCloseTo(-9.81);
    expect(model.ball!.mass).toBeCloseTo(0.044);
    expect(model.ball!.radius).toBeCloseTo(50);
    expect(model.ball!.position.x).toBeCloseTo(100);
    expect(model.ball!.position.y).toBeCloseTo(20);
    expect(model.ball!.color).toEqual({ r: 255, g: 128, b: 0, a: 128 });
  });

  it('reports unknown attributes with file:line and the element path', () => {
    const read = files({
      'scenes/Game.ros3': `<Simulation>
  <Scene name="RoboCup">
    <Compound name="robots">
      <Body name="robot3" colr="red">
        ${BODY}
      </Body>
    </Compound>
  </Scene>
</Simulation>`,
    });
    expect(() => loadScene('scenes/Game.ros3', read)).toThrow(
      "scenes/Game.ros3:4: Simulation/Scene/Compound[robots]/Body[robot3]: unknown attribute 'colr'",
    );
  });

  it('locates errors inside included files and macros at the line where they were written', () => {
    const read = files({
      'm.ros3':
        '<Simulation>\n  <Include href="p.rsi3"/>\n  <Scene name="RoboCup"><Body ref="P" name="x"/></Scene>\n</Simulation>',
      'p.rsi3': `<Simulation>\n<Body name="P">\n  ${BODY}\n  <BoxAppearance width="1furlong" height="1" depth="1"><Surface diffuseColor="#fff"/></BoxAppearance>\n</Body>\n</Simulation>`,
    });
    const e = errorOf(() => loadScene('m.ros3', read));
    expect(e.file).toBe('p.rsi3');
    expect(e.line).toBe(4);
    expect(e.elementPath).toBe('Simulation/Scene/Body[x]/BoxAppearance');
    expect(e.detail).toMatch(/unknown length unit 'furlong'/);
  });

  it('rejects reference loops, missing refs, include loops and bad structure', () => {
    const loop = files({
      'l.ros3':
        '<Simulation>\n<Body name="A" ref="B"/>\n<Body name="B" ref="A"/>\n<Scene><Body ref="A"/></Scene></Simulation>',
    });
    expect(errorOf(() => loadScene('l.ros3', loop)).detail).toMatch(/reference loop: Body:A -> Body:B -> Body:A/);
    const selfNested = files({
      's.ros3': `<Simulation><Body name="A">${BODY}<Hinge><Axis z="1"/><Body ref="A"/></Hinge></Body><Scene><Body ref="A"/></Scene></Simulation>`,
    });
    expect(errorOf(() => loadScene('s.ros3', selfNested)).detail).toMatch(/reference loop/);
    const missing = files({ 'r.ros3': '<Simulation><Scene>\n<Body ref="Nope"/></Scene></Simulation>' });
    expect(errorOf(() => loadScene('r.ros3', missing))).toMatchObject({
      line: 2,
      detail: "no <Body> named 'Nope' to reference",
    });
    const incLoop = files({
      'i.ros3': '<Simulation><Include href="j.rsi3"/><Scene/></Simulation>',
      'j.rsi3': '<Simulation>\n<Include href="i.ros3"/></Simulation>',
    });
    expect(errorOf(() => loadScene('i.ros3', incLoop))).toMatchObject({ file: 'j.rsi3', line: 2 });
    const noMass = files({ 'n.ros3': '<Simulation><Scene>\n<Body name="b"/></Scene></Simulation>' });
    expect(errorOf(() => loadScene('n.ros3', noMass)).message).toBe(
      'n.ros3:2: Simulation/Scene/Body[b]: needs one of <Mass>, <BoxMass>, <SphereMass>, <CapsuleMass>, <CylinderMass>, <InertiaMatrixMass> child',
    );
    const twoTranslations = files({
      't.ros3': `<Simulation><Scene><Body>${BODY}<Translation/>\n<Translation/></Body></Scene></Simulation>`,
    });
    expect(errorOf(() => loadScene('t.ros3', twoTranslations))).toMatchObject({
      line: 2,
      detail: 'at most one <Translation> is allowed',
    });
    const badXml = files({ 'x.ros3': '<Simulation>\n<Scene>\n</Simulation>' });
    expect(errorOf(() => loadScene('x.ros3', badXml)).message).toBe(
      "x.ros3:3: closing tag '</Simulation>' does not match '<Scene>' of line 2",
    );
    const unknown = files({ 'u.ros3': '<Simulation><Scene>\n<Bdy/></Scene></Simulation>' });
    expect(errorOf(() => loadScene('u.ros3', unknown)).message).toBe(
      'u.ros3:2: Simulation/Scene: unknown element <Bdy>',
    );
    const required = files({
      'q.ros3': '<Simulation><Scene><Body>\n<BoxMass value="1" width="1" height="1"/></Body></Scene></Simulation>',
    });
    expect(errorOf(() => loadScene('q.ros3', required)).detail).toBe("missing attribute 'depth'");
    const badColor = files({
      'k.ros3': `<Simulation><Scene><Body>${BODY}\n<SphereAppearance radius="1"><Surface diffuseColor="#12"/></SphereAppearance></Body></Scene></Simulation>`,
    });
    expect(errorOf(() => loadScene('k.ros3', badColor))).toMatchObject({
      line: 2,
      elementPath: 'Simulation/Scene/Body/SphereAppearance/Surface',
    });
    expect(errorOf(() => loadScene('missing.ros3', files({}))).message).toMatch(
      /^missing.ros3:1: cannot read scene file/,
    );
  });

  it('validates robot names and team compounds', () => {
    const badName = files({
      'b.ros3': `<Simulation><Scene name="RoboCup"><Compound name="robots">\n<Body name="nao1">${BODY}</Body></Compound></Scene></Simulation>`,
    });
    expect(errorOf(() => loadScene('b.ros3', badName)).detail).toBe("robot bodies must be named robot<N>, not 'nao1'");
    const badTeam = files({
      't.ros3':
        '<Simulation><Scene name="RoboCup"><Compound name="teams"><Compound name="A"><Compound name="5"/><Compound name="pink"/><Compound name="red"/></Compound><Compound name="B"/></Compound></Scene></Simulation>',
    });
    expect(errorOf(() => loadScene('t.ros3', badTeam)).detail).toMatch(/unknown team colour 'pink'/);
  });
});

describe('shipped scenes', () => {
  it('Game.ros3: 7 vs 7 on the SPL field with the ball, teams and NAO cameras', () => {
    const model = loadScene('scenes/Game.ros3');
    expect(model.name).toBe('RoboCup');
    expect(model.controller).toBe('SimulatedNao');
    expect(model.stepLength).toBeCloseTo(0.012);
    expect(model.field).toMatchObject({
      length: 9000,
      width: 6000,
      lineWidth: 50,
      centerCircleDiameter: 1500,
      penaltyAreaLength: 1650,
      penaltyAreaWidth: 4000,
      goalAreaLength: 600,
      goalAreaWidth: 2200,
      penaltyMarkDistance: 1300,
      goalInnerWidth: 1500,
      goalHeight: 800,
    });
    expect(model.ball).toMatchObject({
      radius: 50,
      mass: 0.044,
      rollingFriction: 0.1,
      color: { r: 255, g: 255, b: 255, a: 255 },
    });
    expect(model.robots.map((r) => r.name)).toEqual([
      'robot1',
      'robot2',
      'robot3',
      'robot4',
      'robot5',
      'robot6',
      'robot7',
      'robot21',
      'robot22',
      'robot23',
      'robot24',
      'robot25',
      'robot26',
      'robot27',
    ]);
    expect(model.robots.filter((r) => r.team === 1).map((r) => r.playerNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(model.robots[7]!.pose2.rotation).toBeCloseTo(Math.PI);
    expect(model.teams).toEqual([
      { number: 5, fieldPlayerColor: 'black', goalkeeperColor: 'purple' },
      { number: 70, fieldPlayerColor: 'red', goalkeeperColor: 'blue' },
    ]);
    expect(model.hasReferee).toBe(true);

    const nao = model.robots[0]!.model;
    const lola = [
      'HeadYaw',
      'HeadPitch',
      'LShoulderPitch',
      'LShoulderRoll',
      'LElbowYaw',
      'LElbowRoll',
      'LWristYaw',
      'LHipYawPitch',
      'LHipRoll',
      'LHipPitch',
      'LKneePitch',
      'LAnklePitch',
      'LAnkleRoll',
      'RHipRoll',
      'RHipPitch',
      'RKneePitch',
      'RAnklePitch',
      'RAnkleRoll',
      'RShoulderPitch',
      'RShoulderRoll',
      'RElbowYaw',
      'RElbowRoll',
      'RWristYaw',
      'LHand',
      'RHand',
    ];
    expect(lola).toHaveLength(25);
    for (const j of lola) expect(nao.joints.map((x) => x.name)).toContain(j);
    expect(nao.mass).toBeGreaterThan(5.2);
    expect(nao.mass).toBeLessThan(5.6);
    const [top, bottom] = nao.cameras;
    expect(top).toMatchObject({ name: 'CameraTop', imageWidth: 640, imageHeight: 480 });
    expect(bottom).toMatchObject({ name: 'CameraBottom', imageWidth: 320, imageHeight: 240 });
    expect(top!.angleX).toBeCloseTo((56.3 * Math.PI) / 180);

    // Camera poses at zero joint angles: 126.5 mm neck + camera offsets above the torso origin, pitched down.
    const root = { rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: { x: 0, y: 0, z: 0 } };
    const topPose = poseAlongChain(root, top!.chain, {});
    expect(topPose.translation.x).toBeCloseTo(58.71);
    expect(topPose.translation.z).toBeCloseTo(126.5 + 63.64);
    // The optical axis (x column) points down by the camera pitch.
    expect(Math.asin(-topPose.rotation[2]!)).toBeCloseTo((1.2 * Math.PI) / 180);
    const bottomPose = poseAlongChain(root, bottom!.chain, { HeadPitch: (10 * Math.PI) / 180 });
    expect(Math.asin(-bottomPose.rotation[2]!)).toBeCloseTo((49.7 * Math.PI) / 180);
  });

  it('the other shipped scenes load', () => {
    expect(loadScene('scenes/GameFast.ros3').robots).toHaveLength(14);
    const oneTeam = loadScene('scenes/OneTeam.ros3');
    expect([oneTeam.robots.length, oneTeam.extras.length]).toEqual([7, 7]);
    const bh = loadScene('scenes/BH.ros3');
    expect([bh.robots.length, bh.extras.length]).toEqual([1, 7]);
    expect(loadScene('scenes/RemoteRobot.ros3').puppets.map((p) => p.name)).toEqual(['Remote']);
    const replay = loadScene('scenes/ReplayRobot.ros3');
    expect(replay.puppets.map((p) => p.name)).toEqual(['LOG']);
    expect(replay.ball).toBeUndefined();
  });
});
