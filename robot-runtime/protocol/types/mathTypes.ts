import type { ColorRGBA, Matrix, Pose2, Pose3, Range, Vec2, Vec3 } from '../../math/types';
import { defineAdaptedClass, defineClass, field, t } from './define';
import type { ClassType, TypeRef } from './TypeRef';

/** Eigen column vectors with 2 or 3 rows stream as x, y[, z] (B-Human's Eigen.h). */
export const Vector2f: ClassType<Vec2> & TypeRef<Vec2> = defineClass('Eigen::Matrix<float,2,1,0,2,1>', {
  x: field(t.float, 'x component'),
  y: field(t.float, 'y component'),
});
export const Vector2i: ClassType<Vec2> & TypeRef<Vec2> = defineClass('Eigen::Matrix<int,2,1,0,2,1>', {
  x: field(t.int32, 'x component'),
  y: field(t.int32, 'y component'),
});
export const Vector2s: ClassType<Vec2> & TypeRef<Vec2> = defineClass('Eigen::Matrix<short,2,1,0,2,1>', {
  x: field(t.int16, 'x component'),
  y: field(t.int16, 'y component'),
});
export const Vector3f: ClassType<Vec3> & TypeRef<Vec3> = defineClass('Eigen::Matrix<float,3,1,0,3,1>', {
  x: field(t.float, 'x component'),
  y: field(t.float, 'y component'),
  z: field(t.float, 'z component'),
});

/** Vectors of angles (B-Human's Vector2a, Vector3a): radians in memory, degrees in `.cfg` files. */
export const Vector2a: ClassType<Vec2> & TypeRef<Vec2> = defineClass('Eigen::Matrix<Angle,2,1,0,2,1>', {
  x: field(t.angle, 'x component (rad)'),
  y: field(t.angle, 'y component (rad)'),
});
export const Vector3a: ClassType<Vec3> & TypeRef<Vec3> = defineClass('Eigen::Matrix<Angle,3,1,0,3,1>', {
  x: field(t.angle, 'x component (rad)'),
  y: field(t.angle, 'y component (rad)'),
  z: field(t.angle, 'z component (rad)'),
});

const matrixRows = new Map<number, ClassType>();
/** B-Human streams each matrix column as an `EigenMatrixRow<T,N>` holding `elems[N]`. */
function matrixColumn(rows: number): ClassType {
  let column = matrixRows.get(rows);
  if (!column) {
    column = defineClass(`EigenMatrixRow<float,${rows}>`, {
      elems: field(t.array(t.float, rows), 'column elements'),
    }) as ClassType;
    matrixRows.set(rows, column);
  }
  return column;
}

/** A column-major float matrix type; its JS value is a flat column-major number array. */
export function matrixType(
  rows: number,
  cols: number,
  typeName = `Eigen::Matrix<float,${rows},${cols},0,${rows},${cols}>`,
): ClassType<Matrix> & TypeRef<Matrix> {
  const column = matrixColumn(rows) as ClassType<{ elems: number[] }> & TypeRef<{ elems: number[] }>;
  return defineAdaptedClass<Matrix, string>(
    typeName,
    { cols: field(t.array(column, cols), 'columns') },
    {
      toFields: (m) => ({
        cols: Array.from({ length: cols }, (_, c) => ({ elems: m.slice(c * rows, c * rows + rows) })),
      }),
      fromFields: (f) => (f.cols as { elems: number[] }[]).flatMap((c) => c.elems),
      flatFloats: rows * cols,
    },
  );
}

export const Matrix2f = matrixType(2, 2);
export const Matrix3f = matrixType(3, 3);
/** A rotation matrix (3x3, column-major); B-Human's RotationMatrix streams as its Matrix3f base. */
export const RotationMatrix = matrixType(3, 3, 'RotationMatrix');

export const Pose2f: ClassType<Pose2> & TypeRef<Pose2> = defineClass('Pose2f', {
  rotation: field(t.angle, 'rotation (rad)'),
  translation: field(Vector2f, 'translation (mm)'),
});

export const Pose3f: ClassType<Pose3> & TypeRef<Pose3> = defineClass('Pose3f', {
  rotation: field(RotationMatrix, 'rotation', () => [1, 0, 0, 0, 1, 0, 0, 0, 1]),
  translation: field(Vector3f, 'translation (mm)'),
});

export const ColorRGBAType: ClassType<ColorRGBA> & TypeRef<ColorRGBA> = defineClass('ColorRGBA', {
  r: field(t.uint8, 'red'),
  g: field(t.uint8, 'green'),
  b: field(t.uint8, 'blue'),
  a: field(t.uint8, 'alpha', 255),
});

export const Rangef: ClassType<Range> & TypeRef<Range> = defineClass('Range<float>', {
  min: field(t.float, 'lower bound'),
  max: field(t.float, 'upper bound'),
});
