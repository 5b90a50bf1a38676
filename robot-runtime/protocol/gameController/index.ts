/** @file GameController data and return packets (facts §8.4). */
export * from './gameControlData';
export * from './returnData';
export * from './acceptance';
