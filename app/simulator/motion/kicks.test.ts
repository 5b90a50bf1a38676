// Kicks on Pitchside's articulated NAO (kickApproaches.ts); B-Human's model plays the same in
// kicksOnBHumanNao.long.test.ts.
import { describeKicks } from './kickApproaches';

describeKicks('pitchside', "Pitchside's");
