import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Joint, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import { loadScene } from '../../scene/loadScene';
import { SceneError } from '../../scene/SceneError';
import { ArticulatedWorld } from './ArticulatedWorld';

const includes = path.resolve(__dirname, '../../../../scenes/Includes');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'articulated-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A scene of NAOs (controlled, x/y/yaw in mm and degrees) and the ball on Pitchside's field. */
function sceneWith(robots: { x: number; y: number; yaw?: number }[], ball = { x: 2000, y: 2000 }, extra = ''): string {
  const file = path.join(dir, `scene${fs.readdirSync(dir).length}.ros3`);
  const bodies = robots.map(
    (r, i) =>
      `<Body ref="Nao" name="robot${i + 1}"><Translation x="${r.x}mm" y="${r.y}mm" z="333mm"/>` +
      `<Rotation z="${r.yaw ?? 0}degree"/></Body>`,
  );
  fs.writeFileSync(
    file,
    `<Simulation>
  <Include href="${includes}/Field.rsi3"/>
  <Include href="${includes}/Ball.rsi3"/>
  <Include href="${includes}/7vs7.rsi3"/>
  <Scene name="RoboCup" controller="SimulatedNao" stepLength="0.012s">
    <Compound ref="field"/>
    <Compound ref="teams"/>
    <Compound name="robots">${bodies.join('')}</Compound>
    <Compound name="balls"><Body ref="ball" name="ball">
      <Translation x="${ball.x}mm" y="${ball.y}mm" z="50mm"/>
    </Body></Compound>
    ${extra}
  </Scene>
</Simulation>`,
  );
  return file;
}

const worlds: ArticulatedWorld[] = [];
async function world(file: string): Promise<ArticulatedWorld> {
  const w = await ArticulatedWorld.create(loadScene(file));
  worlds.push(w);
  return w;
}
afterAll(() => worlds.forEach((w) => w.dispose()));

/** The WalkingEngine's stand: legs bent by 25°, arms hanging. */
function standPose(): number[] {
  const a = new Array<number>(numOfJoints).fill(0);
  const bend = (25 * Math.PI) / 180;
  for (const side of ['l', 'r'] as const) {
    a[Joint[`${side}HipPitch`]] = -bend;
    a[Joint[`${side}KneePitch`]] = 2 * bend;
    a[Joint[`${side}AnklePitch`]] = -bend;
    a[Joint[`${side}ShoulderPitch`]] = Math.PI / 2;
  }
  a[Joint.lShoulderRoll] = 0.15;
  a[Joint.rShoulderRoll] = -0.15;
  a[Joint.lElbowRoll] = -0.6;
  a[Joint.rElbowRoll] = 0.6;
  return a;
}
const all = (v: number): number[] => new Array<number>(numOfJoints).fill(v);
const run = (w: ArticulatedWorld, seconds: number, each?: (t: number) => void): void => {
  const n = Math.round(seconds / w.scene.stepLength);
  for (let i = 0; i < n; i++) {
    each?.(w.time / 1000);
    w.step();
  }
};
const torsoZ = (w: ArticulatedWorld, name: string): number => w.bodyPose(w.robot(name).root.body).translation.z / 1000;

describe('ArticulatedWorld (MuJoCo)', () => {
  it('builds one model with a free torso, 26 motorized hinges per NAO and a free ball', async () => {
    const w = await world(sceneWith([{ x: 0, y: 0 }]));
    const robot = w.robot('robot1');
    expect(robot.actuated).toHaveLength(26);
    expect(robot.joints.filter((j) => j !== undefined)).toHaveLength(26); // every Joint but waistYaw
    expect(robot.joints[Joint.waistYaw]).toBeUndefined();
    expect(w.description.roots.map((r) => r.compound)).toEqual(['robots', 'balls']);
    // A contact sensor between the ball and the robot, after the robot's own sensors.
    const lastOwn = Math.max(...w.description.sensors.map((s) => s.address));
    expect(w.description.ballContacts).toEqual([{ ball: 1, robot: 0, address: lastOwn + 1 }]);
    expect(w.getState().ball!.position.z).toBeCloseTo(50, 0);
  });

  it('a limp NAO (stiffness 0) falls: its torso ends within 0.15 m of the ground', async () => {
    const w = await world(sceneWith([{ x: 0, y: 0 }]));
    run(w, 5, () => w.setJointRequest('robot1', standPose(), all(0)));
    expect(torsoZ(w, 'robot1')).toBeLessThan(0.15);
    expect(w.getState().robots[0]).toMatchObject({ fallen: true, falls: 1, fallsAfterContact: 0, getUps: 0 });
    // Lifted upright by the torso (as if it stood up): a get-up; placed with mv: none.
    let upright: object | undefined;
    run(w, 2, () => {
      w.setJointRequest('robot1', standPose(), all(100));
      if (upright) return;
      w.push('robot1', { x: 0, y: 0, z: Math.min(60, Math.max(0, 600 * (0.32 - torsoZ(w, 'robot1')))) });
      const r = w.getState().robots[0]!;
      if (!r.fallen) upright = r;
    });
    expect(upright).toMatchObject({ falls: 1, getUps: 1 });
    run(w, 3, () => w.setJointRequest('robot1', standPose(), all(0)));
    w.moveRobot('robot1', { rotation: 0, translation: { x: 0, y: 0 } });
    run(w, 1, () => w.setJointRequest('robot1', standPose(), all(100)));
    const placed = w.getState().robots[0]!;
    expect(placed.fallen).toBe(false);
    expect(placed.getUps).toBe(1);
  });

  it('a NAO holding its stand pose with stiffness 100 stays up for 10 s above 0.28 m', async () => {
    const w = await world(sceneWith([{ x: 0, y: 0 }]));
    let lowest = Infinity;
    run(w, 10, () => {
      w.setJointRequest('robot1', standPose(), all(100));
      lowest = Math.min(lowest, torsoZ(w, 'robot1'));
    });
    expect(lowest).toBeGreaterThan(0.28);
    expect(w.getState().robots[0]!.fallen).toBe(false);
  });

  it('measures: gravity on the accelerometer at rest, servo angles, the weight on the feet', async () => {
    const w = await world(sceneWith([{ x: 0, y: 0 }]));
    const pose = standPose();
    pose[Joint.headYaw] = 0.5;
    pose[Joint.lShoulderPitch] = 0.3;
    run(w, 3, () => w.setJointRequest('robot1', pose, all(100)));
    const m = w.measure('robot1');
    const g = Math.hypot(m.InertialData.acc.x, m.InertialData.acc.y, m.InertialData.acc.z);
    expect(Math.abs(g - 9.80665) / 9.80665).toBeLessThan(0.02);
    expect(Math.abs(m.JointSensorData.angles[Joint.headYaw]! - 0.5)).toBeLessThan(Math.PI / 180);
    expect(Math.abs(m.JointSensorData.angles[Joint.lShoulderPitch]! - 0.3)).toBeLessThan(Math.PI / 180);
    const mass = w.scene.robots[0]!.model.mass;
    const carried = m.FsrSensorData.totals[0]! + m.FsrSensorData.totals[1]!;
    expect(Math.abs(carried - mass) / mass).toBeLessThan(0.1);
    // Holding a crouch costs current; the knees work hardest and warm up, a joint switched off cools down.
    expect(m.JointSensorData.currents[Joint.lKneePitch]!).toBeGreaterThan(0);
    expect(m.JointSensorData.angles[Joint.waistYaw]).toBe(0);
  });

  it('another NAO of the same kind: 10 % heavier weighs 10 % more on its feet, weaker motors sag further', async () => {
    const stand = async (factors: { mass?: number; motorStrength?: number }): Promise<{ kg: number; z: number }> => {
      const w = await world(sceneWith([{ x: 0, y: 0 }]));
      w.varyRobot('robot1', factors);
      run(w, 3, () => w.setJointRequest('robot1', standPose(), all(100)));
      const totals = w.measure('robot1').FsrSensorData.totals;
      return { kg: totals[0]! + totals[1]!, z: w.getState().robots[0]!.torso!.z };
    };
    const [same, heavier, weaker] = [await stand({}), await stand({ mass: 1.1 }), await stand({ motorStrength: 0.5 })];
    expect(heavier.kg / same.kg).toBeCloseTo(1.1, 1);
    // A servo holds against the load by its position error: half the torque per radian, about twice the sag.
    expect(weaker.z).toBeLessThan(same.z - 1);
  });

  it('a joint switched off cools, a loaded one warms', async () => {
    const w = await world(sceneWith([{ x: 0, y: 0 }]));
    const robot = w.robot('robot1');
    robot.temperatures[Joint.lShoulderPitch] = 60;
    const pose = standPose();
    pose[Joint.lShoulderPitch] = 10000; // JOINT_OFF
    run(w, 20, () => w.setJointRequest('robot1', pose, all(100)));
    expect(robot.temperatures[Joint.lShoulderPitch]!).toBeLessThan(60);
    expect(robot.temperatures[Joint.lKneePitch]!).toBeGreaterThan(30);
  });

  it('a scripted leg swing kicks the ball and it rolls', async () => {
    // The ball lies 10 mm in front of the right foot's toe.
    const w = await world(sceneWith([{ x: 0, y: 0 }], { x: 160, y: -50 }));
    run(w, 1.5, (t) =>
      w.setJointRequest(
        'robot1',
        standPose().map((a) => a * Math.min(1, t / 0.8)),
        all(100),
      ),
    );
    const start = w.getState().ball!.position;
    run(w, 1, (t) => {
      const pose = standPose();
      const lift = (t - 1.5) / 0.25; // bend the knee: the foot leaves the ground
      if (lift > 0 && lift < 1) {
        pose[Joint.rKneePitch] += 0.5 * Math.sin(Math.PI * lift);
        pose[Joint.rHipPitch] -= 0.25 * Math.sin(Math.PI * lift);
      }
      const swing = (t - 1.75) / 0.2; // swing the leg forward through the ball and back
      if (swing > 0 && swing < 1.5) {
        const v = Math.sin((Math.PI * Math.min(1, swing)) / 2) * (swing < 1 ? 1 : 1 - (swing - 1) * 2);
        pose[Joint.rHipPitch] -= 0.6 * v;
        pose[Joint.rAnklePitch] += 0.3 * v;
      }
      w.setJointRequest('robot1', pose, all(100));
    });
    const end = w.getState().ball!;
    expect(end.lastTouchedBy).toBe('robot1');
    expect(end.position.x - start.x).toBeGreaterThan(200);
  });

  it('one robot pushed into another: at least one falls', async () => {
    const w = await world(
      sceneWith([
        { x: 0, y: 0 },
        { x: 300, y: 0, yaw: 180 },
      ]),
    );
    run(w, 1, (t) =>
      ['robot1', 'robot2'].forEach((r) =>
        w.setJointRequest(
          r,
          standPose().map((a) => a * Math.min(1, t / 0.8)),
          all(100),
        ),
      ),
    );
    // Shove robot1 towards robot2 for half a second, then let both stand.
    run(w, 3, (t) => {
      ['robot1', 'robot2'].forEach((r) => w.setJointRequest(r, standPose(), all(100)));
      if (t < 1.5) w.push('robot1', { x: 25, y: 0, z: 0 });
    });
    expect(w.getState().robots[0]!.pose.translation.x).toBeGreaterThan(0);
    const state = w.getState();
    expect(state.robots.some((r) => r.fallen)).toBe(true);
    // The falls came after the robots touched: the ground truth counts them as falls after a contact.
    for (const r of state.robots) expect(r.fallsAfterContact).toBe(r.falls);
  });

  it('mv places a robot standing at rest; same calls give the same states', async () => {
    const file = sceneWith([{ x: 0, y: 0 }]);
    const trace = async (): Promise<string> => {
      const w = await world(file);
      run(w, 2, () => w.setJointRequest('robot1', all(0), all(0)));
      w.moveRobot('robot1', { rotation: 1, translation: { x: 1000, y: -500 } });
      run(w, 2, () => w.setJointRequest('robot1', standPose(), all(100)));
      return JSON.stringify(w.getState());
    };
    const first = await trace();
    expect(first).toBe(await trace());
    const robot = JSON.parse(first).robots[0];
    expect(robot.fallen).toBe(false);
    expect(Math.hypot(robot.pose.translation.x - 1000, robot.pose.translation.y + 500)).toBeLessThan(50);
  });

  it('more free bodies than collision groups: they share groups, and the model says so', async () => {
    const boxes = Array.from(
      { length: 32 },
      (_, i) =>
        `<Body name="box${i}"><Translation x="${i * 0.3}" y="3" z="0.1"/>` +
        '<BoxMass value="0.1kg" width="0.1" height="0.1" depth="0.1"/>' +
        '<BoxGeometry width="0.1" height="0.1" depth="0.1"/></Body>',
    );
    const w = await world(sceneWith([], undefined, boxes.join('')));
    expect(w.description.warnings).toEqual([expect.stringMatching(/share a collision group/)]);
    run(w, 0.5);
    expect(w.getState().ball!.position.z).toBeCloseTo(50, -1);
  });

  it('a model the engine refuses is a scene error at the element', async () => {
    const file = sceneWith(
      [],
      undefined,
      '<Body name="weird"><BoxMass value="1kg" width="0" height="0" depth="0"/>' +
        '<BoxGeometry width="0" height="0" depth="0"/></Body>',
    );
    const error = await ArticulatedWorld.create(loadScene(file)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SceneError);
    expect(String(error)).toMatch(/scene\d+\.ros3:\d+: .*Body\[weird\].*physics engine/);
  });

  it('2,000 overlapping balls end in a scene error, not a bare mj_stackAlloc (issue 41, finding 6)', async () => {
    const balls = Array.from(
      { length: 2000 },
      (_, i) => `<Body ref="ball" name="extra${i}"><Translation x="0" y="0" z="50mm"/></Body>`,
    );
    const file = sceneWith([], undefined, `<Compound name="pile">${balls.join('')}</Compound>`);
    const error = await ArticulatedWorld.create(loadScene(file)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SceneError);
    expect(String(error)).toMatch(
      /scene\d+\.ros3:\d+: Simulation\/Scene.*: the physics engine ran out of memory \(its arena is 64 MB\) with \d+/,
    );
    expect(String(error)).toMatch(/ contacts: too many bodies touch or overlap$/);
  });
});
