import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../protocol/binary';
import { ConfigurationType, cloneConfiguration, makeThread } from './Configuration';

describe('Configuration', () => {
  it('uses B-Human names and field order', () => {
    expect(ConfigurationType.typeName).toBe('Configuration');
    expect(ConfigurationType.fieldNames).toEqual(['defaultRepresentations', 'threads']);
    const thread = ConfigurationType.fields.threads!.type as unknown as { element: { typeName: string; fieldNames: string[] } };
    expect(thread.element.typeName).toBe('Configuration::Thread');
    expect(thread.element.fieldNames).toEqual([
      'name',
      'priority',
      'debugReceiverSize',
      'debugSenderSize',
      'debugSenderInfrastructureSize',
      'executionUnit',
      'representationProviders',
    ]);
  });

  it('streams and clones', () => {
    const config = { defaultRepresentations: ['FrameInfo'], threads: [makeThread('Motion', 'Motion', { JointRequest: 'MotionCombinator' })] };
    expect(decode(ConfigurationType, encode(ConfigurationType, config))).toEqual(config);
    const copy = cloneConfiguration(config);
    copy.threads[0]!.representationProviders[0]!.provider = 'Other';
    expect(config.threads[0]!.representationProviders[0]!.provider).toBe('MotionCombinator');
  });
});
