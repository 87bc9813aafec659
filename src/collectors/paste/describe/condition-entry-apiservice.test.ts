import { describe, expect, it } from 'vitest';
import { parseConditionEntry } from './condition-entry.js';

/** real case 329 (service-endpoints-apiservice-no-addresses-port-https-describe): the APIService's condition entry. */
const ENTRY = [
  '  Conditions:',
  '    Last Transition Time:  2021-09-18T00:55:17Z',
  '    Message:               endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"',
  '    Reason:                MissingEndpoints',
  '    Status:                False',
  '    Type:                  Available',
  'Events:                    <none>',
];
const MESSAGE =
  'endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"';

describe('parseConditionEntry on a genuine APIService condition', () => {
  it('reads the entry from its first field to the line after Type, as the APIService', () => {
    expect(parseConditionEntry(ENTRY, 1)).toStrictEqual({
      end: 6,
      objects: [
        {
          raw: {
            apiVersion: 'apiregistration.k8s.io/v1',
            kind: 'APIService',
            metadata: {},
            status: {
              conditions: [
                {
                  type: 'Available',
                  status: 'False',
                  reason: 'MissingEndpoints',
                  message: MESSAGE,
                  lastTransitionTime: '2021-09-18T00:55:17Z',
                },
              ],
            },
          },
          line: 2,
        },
      ],
    });
  });

  it('a message wrapped onto the next line is joined with one space', () => {
    const lines = [...ENTRY];
    lines.splice(
      2,
      1,
      '    Message:               endpoints for service/metrics-server in "kube-system" have no',
      '                           addresses with port name "https"',
    );
    const r = parseConditionEntry(lines, 1);
    expect(r?.end).toBe(7);
    expect(
      (r?.objects[0]?.raw.status as { conditions: Array<{ message: string }> }).conditions[0]?.message,
    ).toBe(MESSAGE);
  });

  it.each([
    ['the section line', 0],
    ['a line past the end', 7],
  ])('at %s: no entry', (_, start) => {
    expect(parseConditionEntry(ENTRY, start)).toBeUndefined();
  });

  it.each([
    ['without Type', 5],
    ['without Status', 4],
  ])('an entry %s is none', (_, drop) => {
    const lines = ENTRY.filter((_l, i) => i !== drop);
    expect(parseConditionEntry(lines, 1)).toBeUndefined();
  });

  it('an entry without Last Transition Time still counts with four fields', () => {
    const lines = ENTRY.filter((_l, i) => i !== 1);
    expect(parseConditionEntry(lines, 1)?.end).toBe(5);
    expect(parseConditionEntry(lines, 1)?.objects).toHaveLength(1);
  });

  it('an entry of Type and Status alone is none', () => {
    expect(parseConditionEntry(['    Status:  False', '    Type:    Available'], 0)).toBeUndefined();
  });

  it('another condition type gives the entry but no object', () => {
    const lines = ENTRY.map((l) =>
      l.replace('Type:                  Available', 'Type:                  Ready'),
    );
    expect(parseConditionEntry(lines, 1)).toStrictEqual({ end: 6, objects: [] });
  });

  it('a repeated key ends the entry', () => {
    const lines = [...ENTRY.slice(0, 6), '    Type:                  Available'];
    expect(parseConditionEntry(lines, 1)?.end).toBe(6);
  });

  it('the same fields at column 0 are a describe header, not an entry', () => {
    const lines = ENTRY.slice(1, 6).map((l) => l.slice(4));
    expect(parseConditionEntry(lines, 0)).toBeUndefined();
  });
});
