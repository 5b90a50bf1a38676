import { defineRepresentation } from '../../core/representation';
import { defineEnum, field, t, type ValueOf } from '../../core/streamable';

/** The NAO's legs. */
export const Leg = defineEnum('Legs::Leg', ['left', 'right'] as const);
/** The four force-sensitive resistors under each foot. */
export const FsrSensor = defineEnum('FsrSensors::FsrSensor', ['fl', 'fr', 'bl', 'br'] as const);

/** The weight measured under the feet, read once per Motion frame. */
export const FsrSensorData = defineRepresentation(
  'FsrSensorData',
  {
    pressures: field(
      t.enumArray(Leg, t.enumArray(FsrSensor, t.float)),
      'Weight on each sensor of each foot (kg): front/back, left/right.',
      () => Leg.names.map(() => FsrSensor.names.map(() => 0)),
    ),
    totals: field(t.enumArray(Leg, t.float), 'Weight on each foot, the sum of its four sensors (kg).', () =>
      Leg.names.map(() => 0),
    ),
  },
  { doc: 'Pressures of the force-sensitive resistors under the feet.' },
);
export type FsrSensorData = ValueOf<typeof FsrSensorData>;
