import { describe, expect, it } from 'vitest';
import { unusableFields } from './shape.js';

describe('unusableFields', () => {
  it('finds fields of the wrong type down lists, and finds nothing in a well-formed object', () => {
    expect(
      unusableFields('Pod', {
        metadata: { name: 'p', labels: 'app=web' },
        spec: { containers: [{ name: 'a', ports: 80 }, 'b'] },
        status: { conditions: null, containerStatuses: [{ name: 'a', state: { running: {} } }] },
      }),
    ).toEqual([
      'metadata.labels is a string, not a mapping',
      'spec.containers[0].ports is a number, not a list',
      'spec.containers[1] is a string, not a mapping',
    ]);
    expect(
      unusableFields('Deployment', {
        metadata: { name: 'd' },
        spec: { selector: {}, template: { spec: { containers: [{ name: 'a' }] } } },
        status: { conditions: [] },
      }),
    ).toEqual([]);
  });

  it('stops after five fields of one object', () => {
    const containers = Array.from({ length: 9 }, () => 7);
    const fields = unusableFields('Pod', { metadata: { name: 'p' }, spec: { containers } });
    expect(fields).toHaveLength(6);
    expect(fields.at(-1)).toBe('and more');
  });
});
