import { describe, expect, it } from 'vitest';
import { container, cstatus, ms, pod, probeResult, runningPod, snapshot, state } from './builders.js';
import { RULES } from '../src/rules/index.js';
import { renderText } from '../src/report/index.js';
import { detailLines } from '../src/tui/state/detail-lines.js';
import { lineText } from '../src/tui/state/line.js';
import { diagnose } from '../src/rules/engine/index.js';

const NOW = ms(600);
const probed = container('app', {
  readinessProbe: { httpGet: { path: '/ready', port: 8080 } },
  livenessProbe: { httpGet: { path: '/healthz', port: 8080 } },
});

function only(snap: ReturnType<typeof snapshot>) {
  const { diagnoses, ruleFailures } = diagnose(snap, { now: NOW, rules: RULES });
  expect(ruleFailures).toEqual([]);
  expect(diagnoses).toHaveLength(1);
  return diagnoses[0];
}

describe('probe results in pod diagnoses', () => {
  const healthy = runningPod({ containers: [probed] });

  it('without probe results a diagnosis is exactly what it was', () => {
    const plain = only(snapshot({ pods: [healthy] }));
    const withOthers = only(
      snapshot({ pods: [healthy], probes: [probeResult(200, { pod: 'other', atS: 600 })] }),
    );
    expect(withOthers).toEqual(plain);
  });

  it('a healthy pod shows what was probed, one line per container and probe, newest result only', () => {
    const d = only(
      snapshot({
        pods: [healthy],
        probes: [
          probeResult(200, { probe: 'readiness', atS: 590, latencyMs: 9 }),
          probeResult(204, { probe: 'liveness', path: '/healthz', atS: 600 }),
          probeResult(200, { probe: 'readiness', atS: 600 }),
        ],
      }),
    );
    expect(d?.verdict).toBe('healthy');
    expect(d?.evidence.filter((e) => e.source === 'probe')).toEqual([
      {
        source: 'probe',
        text: 'liveness probe GET :8080/healthz on container app via pods/proxy: HTTP 204 (passes; 4 ms)',
        at: '2026-01-01T00:10:00Z',
      },
      {
        source: 'probe',
        text: 'readiness probe GET :8080/ready on container app via pods/proxy: HTTP 200 (passes; 4 ms)',
        at: '2026-01-01T00:10:00Z',
      },
    ]);
    expect(d?.notes).toEqual([]);
  });

  for (const answer of [500, 503, 'request timed out after 1s']) {
    it(`a healthy pod whose endpoint fails now (${answer}) stays healthy, with a note`, () => {
      const d = only(snapshot({ pods: [healthy], probes: [probeResult(answer, { atS: 600 })] }));
      expect(d?.verdict).toBe('healthy');
      expect(d?.evidence.map((e) => e.source)).toContain('probe');
      expect(d?.notes.join('\n')).toMatch(/readiness probe endpoint of container app failed when probed now/);
    });
  }

  it("a rule's probe line is not repeated, the pod's other results follow it", () => {
    const notReady = pod({
      phase: 'Running',
      nodeName: 'node-1',
      containers: [probed],
      conditions: [
        { type: 'ContainersReady', status: 'False', message: 'containers with unready status: [app]' },
        { type: 'Ready', status: 'False' },
      ],
      containerStatuses: [cstatus('app', { state: state.running(3) })],
    });
    const d = only(
      snapshot({
        pods: [notReady],
        probes: [
          probeResult(503, { atS: 600 }),
          probeResult(200, { probe: 'liveness', path: '/healthz', atS: 600 }),
        ],
      }),
    );
    expect(d?.ruleId).toBe('readiness/readiness-probe-failed');
    const probes = d?.evidence.filter((e) => e.source === 'probe').map((e) => e.text);
    expect(probes).toEqual([
      'readiness probe GET :8080/ready on container app via pods/proxy: HTTP 503 (fails; 4 ms)',
      'liveness probe GET :8080/healthz on container app via pods/proxy: HTTP 200 (passes; 4 ms)',
    ]);
    expect(d?.evidence.at(-1)?.source).toBe('probe');
  });
});

describe('a SIGKILLed container whose liveness endpoint fails now: the kill is liveness, not crash', () => {
  const probedLive = container('app', {
    livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 },
  });
  const looping = pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers: [probedLive],
    containerStatuses: [
      cstatus('app', {
        state: state.running(100),
        ready: true,
        restartCount: 3,
        lastState: state.terminated(137, 'Error', { startedS: 60, finishedS: 99 }),
      }),
    ],
  });
  const live = (answer: number | string) =>
    probeResult(answer, { probe: 'liveness', path: '/healthz', atS: 130 });
  const judge = (probes: ReturnType<typeof probeResult>[]) => {
    const { diagnoses } = diagnose(snapshot({ pods: [looping], events: [], probes }), {
      now: ms(130),
      rules: RULES,
    });
    return diagnoses.map((d) => `${d.verdict} ${d.ruleId ?? ''} ${d.confidence}`);
  };

  it('without --probe, and with a passing endpoint, the SIGKILLs are a crash (KilledExternally)', () => {
    expect(judge([])).toEqual(['failed crash/killed-externally high']);
    expect(judge([live(200)])).toEqual(['failed crash/killed-externally high']);
  });
  for (const answer of [
    404,
    500,
    503,
    'error trying to reach service: dial tcp 10.0.0.1:8080: connect: connection refused',
    'request timed out after 1s',
  ]) {
    it(`with the liveness endpoint answering ${answer}, they are liveness's`, () => {
      expect(judge([live(answer)])).toEqual(['failed liveness/liveness-probe-failed medium']);
    });
  }
});

describe('probe evidence where evidence is shown', () => {
  const notReady = pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers: [probed],
    conditions: [
      { type: 'ContainersReady', status: 'False', message: 'containers with unready status: [app]' },
      { type: 'Ready', status: 'False' },
    ],
    containerStatuses: [cstatus('app', { state: state.running(3) })],
  });
  const snap = snapshot({ pods: [notReady], events: [], probes: [probeResult(503, { atS: 600 })] });
  const { diagnoses } = diagnose(snap, { now: NOW, rules: RULES });
  const report = {
    generatedAt: '2026-01-01T00:10:00Z',
    referenceTime: NOW,
    source: { type: 'file' as const, paths: [] },
    diagnoses,
  };
  const line = 'readiness probe GET :8080/ready on container app via pods/proxy: HTTP 503 (fails; 4 ms)';

  it('the text report lists it under evidence', () => {
    expect(renderText(report)).toContain(`      probe     ${line}`);
  });

  it('the TUI detail lists it under EVIDENCE', () => {
    const d = diagnoses[0];
    if (d === undefined) throw new Error('no diagnosis');
    const text = detailLines({ report, snapshot: snap, notes: [] }, d, { columns: 120, rows: 40 })
      .map(lineText)
      .join('\n');
    expect(text).toMatch(
      /EVIDENCE \(readiness\)[\s\S]* probe {6}readiness probe GET :8080\/ready on container app/,
    );
  });
});
