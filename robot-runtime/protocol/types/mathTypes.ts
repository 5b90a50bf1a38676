import type { ColorRGBA, Matrix, Pose2, Pose3, Range, Vec2, Vec3 } from '../../math/types';
import { defineAdaptedClass, defineClass, field, t } from './define';
import type { ClassType, TypeRef } from './TypeRef';

/** The components of a column vector with 2 or 3 rows, in streaming order. */
const AXES = ['x', 'y', 'z'] as const;

/**
 * An Eigen column vector of `rows` rows of `element` (B-Human's `Eigen::Matrix<T,rows,1,0,rows,1>`), streamed as
 * x, y[, z]; `unit` is added to the components' docs.
 */
function columnVector<V extends Vec2 | Vec3>(
  elementName: string,
  element: TypeRef<number>,
  rows: 2 | 3,
  unit = '',
): ClassType<V> & TypeRef<V> {
  const fields = Object.fromEntries(AXES.slice(0, rows).map((a) => [a, field(element, `${a} component${unit}`)]));
  return defineClass(`Eigen::Matrix<${elementName},${rows},1,0,${rows},1>`, fields) as unknown as ClassType<V> &
    TypeRef<V>;
}

/** Eigen column vectors with 2 or 3 rows stream as x, y[, z] (B-Human's Eigen.h). */
export const Vector2f = columnVector<Vec2>('float', t.float, 2);
export const Vector2i = columnVector<Vec2>('int', t.int32, 2);
export const Vector2s = columnVector<Vec2>('short', t.int16, 2);
export const Vector3f = columnVector<Vec3>('float', t.float, 3);

/** Vectors of angles (B-Human's Vector2a, Vector3a): radians in memory, degrees in `.cfg` files. */
export const Vector2a = columnVector<Vec2>('Angle', t.angle, 2, ' (rad)');
export const Vector3a = columnVector<Vec3>('Angle', t.angle, 3, ' (rad)');

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
