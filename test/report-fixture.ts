/**
 * A DiagnosisReport for the JUnit and Markdown renderer tests: one failed pod whose cluster text
 * carries everything a renderer must neutralise (terminal escapes, XML-illegal characters,
 * `|`, backticks, HTML, a code fence), one pod still progressing, one healthy pod with a
 * startup breakdown, and a healthy Service-less workload.
 */
import type { Diagnosis, DiagnosisReport } from '../src/model/index.js';

export const NASTY = 'boom \u001b[31mred\u001b[0m | `tick` <b>&amp;</b> ```fence``` \u0000\u0007\ufffe end';

const failed: Diagnosis = {
  target: { kind: 'Pod', namespace: 'shop', name: 'web-6896db467d-7c5rn' },
  verdict: 'failed',
  stage: 'image-pull',
  reason: 'ImageNotFound',
  ruleId: 'image-pull/pull-failed',
  container: { name: 'web', type: 'app' },
  summary: `The image registry.example.com/shop/web:1.4.2 does not exist in the registry (${NASTY}).`,
  confidence: 'high',
  evidence: [
    {
      source: 'status',
      text: 'containerStatuses[web].state.waiting: ImagePullBackOff: Back-off pulling image "registry.example.com/shop/web:1.4.2"',
    },
    {
      source: 'event',
      text: `Warning Failed (x2 over 10s) kubelet: Failed to pull image "registry.example.com/shop/web:1.4.2": ${NASTY}`,
      at: '2026-01-01T00:00:12Z',
    },
  ],
  nextSteps: [
    'kubectl describe pod web-6896db467d-7c5rn -n shop',
    'Fix the repository or tag in the pod template, or push the missing tag.',
  ],
  chain: [
    { stage: 'admission', status: 'passed' },
    { stage: 'image-pull', status: 'failed' },
  ],
  notes: [],
};

const progressing: Diagnosis = {
  target: { kind: 'Pod', namespace: 'ml', name: 'inference-74d6dbd7b8-5v2bw' },
  verdict: 'progressing',
  stage: 'image-pull',
  reason: null,
  ruleId: null,
  container: null,
  summary: 'Progressing: Image pull in progress (created 30s ago); nothing has failed so far.',
  confidence: 'medium',
  evidence: [{ source: 'status', text: 'phase: Pending (kubectl STATUS ContainerCreating)' }],
  nextSteps: ['kubectl describe pod inference-74d6dbd7b8-5v2bw -n ml'],
  chain: [],
  notes: [],
};

const healthy: Diagnosis = {
  target: { kind: 'Pod', namespace: 'shop', name: 'api-1' },
  verdict: 'healthy',
  stage: null,
  reason: null,
  ruleId: null,
  container: null,
  summary: 'Running and Ready.',
  confidence: 'high',
  evidence: [{ source: 'condition', text: 'Ready=True' }],
  nextSteps: [],
  chain: [],
  startup: {
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: '2026-01-01T00:00:09Z',
    totalMs: 9000,
    imagePullMs: 2500,
    initMs: 1000,
    sloMs: 5500,
  },
  notes: [],
};

export const REPORT: DiagnosisReport = {
  generatedAt: '2026-01-01T00:05:00.000Z',
  referenceTime: Date.parse('2026-01-01T00:00:12.000Z'),
  source: { type: 'simulator', scenario: 'image-pull-not-found', referenceTime: '2026-01-01T00:00:12.000Z' },
  diagnoses: [failed, progressing, healthy],
};
