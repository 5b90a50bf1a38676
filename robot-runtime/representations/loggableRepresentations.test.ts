import { describe, expect, it } from 'vitest';
import { messageIdForRepresentation } from '../protocol/messages/MessageIDs';
import { allRepresentations } from './allRepresentations';
import { loggableRepresentations } from './loggableRepresentations';

describe('loggableRepresentations', () => {
  it('are the representations with a data message id (X is logged as idX), and only those', () => {
    const names = loggableRepresentations.map((r) => r.typeName);
    expect(names).toEqual(
      allRepresentations.filter((r) => messageIdForRepresentation(r.typeName) !== undefined).map((r) => r.typeName),
    );
    expect(names).toEqual(expect.arrayContaining(['BallModel', 'RobotPose', 'ObstacleModel', 'FrameInfo']));
    expect(names).not.toContain('FieldDimensions'); // no message id: never in a log
    expect(names).not.toContain('LandmarkPercept');
  });
});
