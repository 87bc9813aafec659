/**
 * Every built-in scenario served over the simulator's HTTP API and read back by the live
 * collector gives the diagnosis its `expect` block names — the same path a real cluster takes —
 * and the collector sends nothing but reads.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectLive, loadConnection } from '../../src/collectors/live/index.js';
import { checkExpectation, formatExpectation } from '../../src/cli/sim/scenario-check.js';
import { diagnose } from '../../src/rules/engine/index.js';
import { RULES } from '../../src/rules/index.js';
import { ADMIN_TOKEN } from '../../src/simulator/api/types.js';
import { startApiServer } from '../../src/simulator/http/server.js';
import { listScenarioFiles, loadScenarioFile } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { writeKubeconfig } from './kubeconfig-files.js';

const READ_VERBS = new Set(['get', 'list', 'watch', 'discovery']);

describe('built-in scenarios through sim serve and the live collector', () => {
  it.each(listScenarioFiles().map((f) => [f.name, f] as const))('%s', async (_name, file) => {
    const scenario = loadScenarioFile(file.path, file.group === undefined ? {} : { group: file.group });
    const sim = new Simulation(scenario).run();
    const server = await startApiServer(sim, { port: 0, speed: 0 });
    try {
      const kubeconfig = writeKubeconfig([
        { name: 'sim', server: server.url, token: ADMIN_TOKEN, namespace: 'default' },
      ]);
      const connection = loadConnection({
        kubeconfig,
        env: { HOME: mkdtempSync(path.join(os.tmpdir(), 'h-')) },
      });
      const snapshot = await collectLive(
        connection,
        { allNamespaces: true, targets: [] },
        { now: () => new Date(sim.clock.now()) },
      );
      expect(snapshot.missing).toEqual([]);
      const result = diagnose(snapshot, { now: sim.clock.now(), rules: RULES });
      const failures = scenario.expect
        .filter((e) => e.at === undefined)
        .map((e) => checkExpectation(result.diagnoses, e))
        .filter((o) => !o.ok)
        .map((o) => `expected ${formatExpectation(o.expectation)}, got ${o.detail}`);
      expect(failures).toEqual([]);
      const verbs = Object.keys(server.requestLog.summary().byVerb);
      expect(verbs.filter((v) => !READ_VERBS.has(v))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
