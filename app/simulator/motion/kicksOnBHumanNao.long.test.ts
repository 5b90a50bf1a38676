// Kicks on B-Human's NAO model (kickApproaches.ts; docs/motion.md, "On B-Human's NAO model"): the same approaches and
// goals as kicks.test.ts on Pitchside's model, in the long tier for their two minutes.
import { describeKicks } from './kickApproaches';

describeKicks('bhuman', "B-Human's");
