/**
 * The streaming vocabulary for representations and modules. Modules may not import protocol/ (layer rule), so
 * everything they need to declare parameters and nested types is re-exported here; representations use the
 * same path so that both read alike.
 */
export { t, field, defineEnum, defineClass } from '../protocol/types/define';
export type { EnumDescriptor } from '../protocol/types/define';
export type { ClassType, TypeRef, ValueOf, ValuesOf, FieldMap } from '../protocol/types/TypeRef';
export {
  Vector2f,
  Vector2i,
  Vector3f,
  Vector2a,
  Vector3a,
  Matrix2f,
  Matrix3f,
  RotationMatrix,
  Pose2f,
  Pose3f,
  ColorRGBAType,
  Rangef,
  matrixType,
} from '../protocol/types/mathTypes';
export { defineParameters } from './module/defineModule';
/** Copying streamable values frame after frame without garbage (see deepClone.ts). */
export { copyInPlace } from '../protocol/types/deepClone';
