import { describe, expect, it } from 'vitest';
import type { AnyType, ClassType } from '../protocol/types';
import { recordingDebugContext } from '../core/testing/moduleHarness';
import { allRepresentations } from './allRepresentations';
import { BallModel } from './Modeling/BallModel';
import { RobotPose } from './Modeling/RobotPose';
import { BallPercept, BallPerceptStatus } from './Perception/BallPercept';
import { Joint } from './Infrastructure/Joints';
import { JointRequest } from './Infrastructure/JointRequest';
import { CameraInfo, withFocalLengths } from './Infrastructure/CameraInfo';

/** Every class reachable from a type, nested ones included. */
function classesOf(type: AnyType, seen = new Set<ClassType>()): Set<ClassType> {
  if (type.kind === 'class' && !seen.has(type)) {
    seen.add(type);
    for (const name of type.fieldNames) classesOf(type.fields[name]!.type, seen);
  } else if (type.kind === 'array' || type.kind === 'vector' || type.kind === 'optional' || type.kind === 'enumArray') {
    classesOf(type.element, seen);
  }
  return seen;
}

describe('representations', () => {
  it('document every field, nested classes included', () => {
    for (const rep of allRepresentations) {
      expect(rep.doc, `${rep.typeName} has no doc`).not.toBe('');
      for (const cls of classesOf(rep)) {
        for (const name of cls.fieldNames) expect(cls.fields[name]!.doc.trim(), `${cls.typeName}.${name}`).not.toBe('');
      }
    }
  });

  it('have unique names and fresh, finite defaults', () => {
    const names = allRepresentations.map((r) => r.typeName);
    expect(new Set(names).size).toBe(names.length);
    for (const rep of allRepresentations) {
      const a = rep.defaultValue();
      const b = rep.defaultValue();
      expect(a).toEqual(b);
      expect(JSON.stringify(a)).not.toContain('null'); // NaN/undefined would serialize as null
      if (rep.hooks.verify) expect(rep.hooks.verify(a), rep.typeName).toBeFalsy();
      rep.hooks.draw?.(a, recordingDebugContext()); // draw() must work on defaults
    }
  });

  it("keep B-Human's joint order and special joint values", () => {
    expect(Joint.names.length).toBe(27);
    expect(Joint.names.slice(0, 3)).toEqual(['headYaw', 'headPitch', 'waistYaw']);
    expect(Joint.lHipYawPitch).toBe(15);
    expect(Joint.rAnkleRoll).toBe(26);
    const request = JointRequest.defaultValue();
    expect(request.angles.every((a) => a === 10000)).toBe(true);
    request.angles[Joint.headYaw] = 20000;
    expect(JointRequest.hooks.verify!(request)).toBeUndefined();
    request.stiffnessData.stiffnesses[Joint.headYaw] = 150;
    expect(JointRequest.hooks.verify!(request)).toMatch(/headYaw/);
  });

  it('put the Pose2f fields of RobotPose first, as its B-Human base class', () => {
    expect(RobotPose.fieldNames.slice(0, 2)).toEqual(['rotation', 'translation']);
    // CameraInfo streams what B-Human streams; the focal lengths are derived from it.
    expect(CameraInfo.fieldNames).toEqual([
      'camera',
      'width',
      'height',
      'openingAngleWidth',
      'openingAngleHeight',
      'opticalCenter',
    ]);
    expect(withFocalLengths(CameraInfo.defaultValue()).focalLength).toBeGreaterThan(500);
  });

  it('draw BallModel, RobotPose and BallPercept where a SimRobot user expects them', () => {
    const debug = recordingDebugContext();
    const ball = BallModel.defaultValue();
    ball.estimate.position = { x: 1000, y: 200 };
    ball.estimate.velocity = { x: 300, y: 400 };
    BallModel.hooks.draw!(ball, debug);
    expect(debug.shapes('representation:BallModel').map((c) => c.shape)).toEqual(
      expect.arrayContaining(['circle', 'arrow', 'covarianceEllipses', 'sphere']),
    );
    expect(debug.plotValues('representation:BallModel:speed')).toEqual([500]);

    RobotPose.hooks.draw!(RobotPose.defaultValue(), debug);
    expect(debug.shapes('representation:RobotPose').map((c) => c.shape)).toEqual(
      expect.arrayContaining(['robot', 'covarianceEllipses', 'text']),
    );
    expect(debug.shapes('origin:RobotPose').map((c) => c.shape)).toEqual(['origin']);
    expect(debug.shapes('origin:Reset').map((c) => c.shape)).toEqual(['origin']);

    const percept = { ...BallPercept.defaultValue(), status: BallPerceptStatus.seen };
    BallPercept.hooks.draw!(percept, debug);
    expect(debug.shapes('representation:BallPercept:image').length).toBeGreaterThan(0);
    expect(debug.shapes('representation:BallPercept:field').length).toBeGreaterThan(0);
  });
});
