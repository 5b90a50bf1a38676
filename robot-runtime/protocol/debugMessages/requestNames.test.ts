import { describe, expect, it } from 'vitest';
import {
  debugDataRequest,
  drawing3dRequest,
  drawingRequest,
  plotRequest,
  RequestNames,
  stopwatchPlotId,
  translateRequestName,
} from './requestNames';

describe('request names', () => {
  it('translates as the console shows them', () => {
    expect(translateRequestName('debug drawing:')).toBe('debugDrawing:');
    expect(translateRequestName('debug drawing 3d:field lines')).toBe('debugDrawing3d:fieldLines');
    expect(translateRequestName('debug data:module:BallLocator')).toBe('debugData:module:BallLocator');
    expect(translateRequestName('automated requests:DrawingManager')).toBe('automatedRequests:DrawingManager');
    expect(translateRequestName('debug images:')).toBe('debugImages:');
    expect(translateRequestName('self-locator')).toBe('selfLocator');
    expect(translateRequestName('a::b')).toBe('a:b');
    // Only a lowercase letter is raised; other characters after a separator stay as they are.
    expect(translateRequestName('x Y-1')).toBe('xY1');
  });

  it('builds prefixed names', () => {
    expect(drawingRequest('ball')).toBe('debug drawing:ball');
    expect(drawing3dRequest('ball')).toBe('debug drawing 3d:ball');
    expect(debugDataRequest('module:M')).toBe('debug data:module:M');
    expect(plotRequest(stopwatchPlotId('AllModules'))).toBe('plot:stopwatch:AllModules');
    expect(RequestNames.drawingManager3D).toBe('automated requests:DrawingManager3D');
  });
});
