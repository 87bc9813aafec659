/**
 * The kubelet's eviction messages for a pod over its own ephemeral-storage limits, pasted in the
 * shapes people paste them (a bare line, a describe Events row, a get events row, a describe
 * Status/Reason/Message block), all read as the node stage's Evicted.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2024-05-01T12:00:00Z');
const MESSAGES = [
  'Pod ephemeral local storage usage exceeds the total limit of containers 500Mi.',
  'Container worker exceeded its local ephemeral storage limit "10Gi".',
  'Usage of EmptyDir volume "logs" exceeds the limit "30Mi".',
];
const SHAPES: [string, (m: string) => string][] = [
  ['a bare line', (m) => m],
  ['a describe Events row', (m) => `  Warning  Evicted  37m  kubelet  ${m}`],
  [
    'a get events table',
    (m) =>
      `LAST SEEN   TYPE      REASON    OBJECT             MESSAGE\n37m         Warning   Evicted   pod/logfill-28c82   ${m}`,
  ],
  [
    'a describe status block',
    (m) =>
      `Name:         logfill-28c82\nNamespace:    ops\nStatus:       Failed\nReason:       Evicted\nMessage:      ${m}`,
  ],
];

function judged(text: string): string {
  const failed = diagnosePaste(text, CLOCK).diagnoses.find((d) => d.verdict === 'failed');
  return `${failed?.stage} ${failed?.reason} ${failed?.ruleId}`;
}

describe('an eviction over the pod own ephemeral-storage limit, pasted', () => {
  for (const [shape, wrap] of SHAPES) {
    it.each(MESSAGES)(`${shape}: %s`, (m) => {
      expect(judged(wrap(m))).toBe('node Evicted node/evicted');
    });
  }
});
