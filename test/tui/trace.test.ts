import { describe, expect, it } from 'vitest';
import type { Diagnosis, EventRecord, Pod } from '../../src/model/index.js';
import { emptySnapshot } from '../../src/model/index.js';
import { detailLines } from '../../src/tui/state/detail-lines.js';
import { lineText } from '../../src/tui/state/line.js';
import { podFacts } from '../../src/tui/state/pod-facts.js';
import { railStatuses } from '../../src/tui/state/row-line.js';
import { timelineLines } from '../../src/tui/state/timeline-lines.js';
import { podTrace, pullSteps } from '../../src/tui/state/trace.js';
import type { TuiData } from '../../src/tui/index.js';
import { at, cstatus, event, ms, pod, T0 } from '../builders.js';
import { diag } from './diagnoses.js';

const pulling = event({
  reason: 'Pulling',
  type: 'Normal',
  fieldPath: 'spec.containers{app}',
  firstS: 0.1,
  message: 'Pulling image "ghcr.io/a/app:1"',
});
const pulled = event({
  reason: 'Pulled',
  type: 'Normal',
  fieldPath: 'spec.containers{app}',
  firstS: 2.6,
  message:
    'Successfully pulled image "ghcr.io/a/app:1" in 2.3s (2.5s including waiting). Image size: 1000 bytes.',
});
const scheduled = event({
  reason: 'Scheduled',
  type: 'Normal',
  firstS: 0.04,
  message: 'Successfully assigned default/web-1 to n1',
});

/** Created at T0, scheduled after 40 ms, image pulled in 2.3 s, app started at 7 s, Ready at 8 s. */
const started: Pod = pod({
  phase: 'Running',
  nodeName: 'n1',
  containerStatuses: [
    cstatus('app', { state: { running: { startedAt: at(7) } }, ready: true, started: true }),
  ],
});
const healthy: Diagnosis = {
  ...diag({ ns: 'default', name: 'web-1' }),
  chain: [
    { stage: 'admission', status: 'passed', at: at(0) },
    { stage: 'scheduling', status: 'passed', at: at(0), durationMs: 0 },
    { stage: 'image-pull', status: 'passed' },
    { stage: 'container-start', status: 'passed', at: at(7), durationMs: 7000 },
    { stage: 'readiness', status: 'passed', at: at(8), durationMs: 1000 },
  ],
};

function data(d: Diagnosis, p: Pod, events: EventRecord[], referenceS: number): TuiData {
  return {
    report: {
      generatedAt: at(referenceS),
      referenceTime: Date.parse(at(referenceS)),
      source: { type: 'file', paths: [], referenceTime: at(referenceS) },
      diagnoses: [d],
    },
    snapshot: { ...emptySnapshot({ type: 'file', paths: [] }), pods: [p], events },
    notes: [],
  };
}

describe('pod trace', () => {
  it("reads each pull from Pulling to Pulled, with the kubelet's own durations", () => {
    expect(pullSteps([pulling, pulled])).toEqual([
      { container: 'app', init: false, startMs: ms(0.1), endMs: ms(2.6), pullMs: 2300, waitedMs: 2500 },
    ]);
    expect(
      pullSteps([
        event({
          reason: 'Pulled',
          fieldPath: 'spec.containers{app}',
          message: 'Container image "x" already present on machine',
        }),
      ]),
    ).toEqual([]);
  });

  it("times scheduling from the Scheduled event in milliseconds, and computes the SLO without the engine's breakdown", () => {
    const d = data(healthy, started, [scheduled, pulling, pulled], 60);
    const trace = podTrace(healthy, podFacts(d, healthy), ms(60));
    const sched = trace.bars.find((b) => b.stage === 'scheduling');
    expect(sched).toMatchObject({ startMs: T0, endMs: ms(0.04) });
    expect(trace.bars.find((b) => b.label === 'pull app')).toMatchObject({
      step: true,
      note: '2.3s pulling (2.5s incl. waiting)',
    });
    expect(trace.slo?.breakdown).toMatchObject({ totalMs: 7000, imagePullMs: 2300, initMs: 0, sloMs: 4700 });
    expect(trace.slo?.deadlineMs).toBe(T0 + 5000 + 2300);
  });

  it("prefers the engine's startup breakdown when the diagnosis has one", () => {
    const withStartup: Diagnosis = {
      ...healthy,
      startup: {
        createdAt: at(0),
        startedAt: at(9),
        totalMs: 9000,
        imagePullMs: 1000,
        initMs: 2000,
        sloMs: 6000,
      },
    };
    const d = data(withStartup, started, [scheduled], 60);
    const trace = podTrace(withStartup, podFacts(d, withStartup), ms(60));
    expect(trace.slo?.deadlineMs).toBe(T0 + 8000);
    const text = timelineLines(d, withStartup, { columns: 80, rows: 24 }).map(lineText).join('\n');
    expect(text).toContain('pod startup 9.0s = 1.0s pulling + 2.0s init + 6.0s counted  →  SLO 5s: ✗ missed');
  });

  it('draws one bar per dated stage on a shared axis with the SLO deadline marked', () => {
    const d = data(healthy, started, [scheduled, pulling, pulled], 60);
    const lines = timelineLines(d, healthy, { columns: 80, rows: 24 }).map(lineText);
    const row = (label: string): string => lines.find((l) => l.startsWith(label)) ?? '';
    expect(lines.join('\n')).toContain('SLO 5s: ✓ met');
    expect(row('0s')).toContain('┊SLO');
    // Bars are ordered in time: the pull ends before readiness starts.
    expect(row('  pull app').indexOf('█')).toBeLessThan(row('readiness').indexOf('█'));
    expect(row('readiness').trimEnd().endsWith('1.0s')).toBe(true);
    expect(row('scheduling').trimEnd().endsWith('40ms')).toBe(true);
    expect(lines.every((l) => Array.from(l).length <= 80)).toBe(true);
  });

  it("the detail shows each stage's start and duration, and every container", () => {
    const d = data(healthy, started, [scheduled, pulling, pulled], 60);
    const text = detailLines(d, healthy, { columns: 100, rows: 40 }).map(lineText).join('\n');
    expect(text).toMatch(/✓ scheduling\s+\+0ms\s+40ms/);
    expect(text).toMatch(/✓ image-pull\s+pull app 2\.3s pulling \(2\.5s incl\. waiting\)/);
    expect(text).toMatch(/✓ readiness\s+\+7\.0s\s+1\.0s/);
    expect(text).toContain(' app  app running since');
  });

  it('the rail has one glyph per creation stage; stages the chain does not list are not reached', () => {
    const d = diag({ name: 'x', stage: 'admission', reason: 'QuotaExceeded' });
    expect(railStatuses({ ...d, chain: [{ stage: 'admission', status: 'failed' }] })).toEqual([
      'failed',
      ...Array<string>(12).fill('not-reached'),
    ]);
  });
});
