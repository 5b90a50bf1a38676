import { defineRepresentation, type RepresentationHooks } from '../../core/representation';
import { field, t, type FieldMap, type ValuesOf } from '../../core/streamable';
import { JOINT_OFF, Joint } from '../Infrastructure/Joints';

/**
 * The fields every motion engine's output has (B-Human's per-engine outputs that the MotionCombinator chooses
 * from): the joints it would command if it were the active motion, and when the combinator may switch away.
 */
export const motionEngineOutputFields = {
  angles: field(
    t.enumArray(Joint, t.angle),
    'Angle of each joint this engine commands while it is the active motion (rad); JOINT_OFF switches a motor off.',
    () => Joint.names.map(() => JOINT_OFF),
  ),
  stiffnesses: field(
    t.enumArray(Joint, t.int32),
    'Stiffness of each joint in percent (0..100) while this engine is the active motion.',
    () => Joint.names.map(() => 0),
  ),
  isLeavingPossible: field(
    t.bool,
    'True when the combinator may switch to another motion now (the engine is at rest: standing, done).',
    true,
  ),
  headFree: field(
    t.bool,
    'True when the head control (HeadAngles) may move the head; false when the engine needs the head itself.',
  ),
};

/**
 * Declares one engine's output: the shared fields plus the engine's own (`extra`), as a representation of its
 * own name so that threads.cfg can name the engine that provides it.
 */
export function defineMotionEngineOutput<const N extends string, F extends FieldMap>(
  name: N,
  extra: F,
  options: RepresentationHooks<ValuesOf<typeof motionEngineOutputFields & F>> & { doc: string },
) {
  return defineRepresentation(name, { ...motionEngineOutputFields, ...extra }, options);
}

/** The shared part of every motion engine's output. */
export type MotionEngineOutput = ValuesOf<typeof motionEngineOutputFields>;
