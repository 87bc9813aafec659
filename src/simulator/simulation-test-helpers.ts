/**
 * Whole simulations for tests that need every part at once (the API server's policy, the
 * scheduler against real scenarios), and pod manifests to push through them.
 */
import { parseScenario } from './scenario/load.js';
import { Simulation } from './simulation.js';
import type { KObject } from './world/types.js';

/** A simulation of an inline scenario. */
export function simulate(yaml: string): Simulation {
  return new Simulation(parseScenario(yaml, 'inline.yaml'));
}

/** A cluster with one worker and whatever `cluster` YAML (indented two spaces) adds. */
export function testCluster(clusterYaml = ''): Simulation {
  const text = [
    'name: api-test',
    'description: API server policy test.',
    'duration: 1m',
    'expect: {verdict: healthy}',
    'cluster:',
    '  nodes:',
    '    - name: worker',
    clusterYaml,
    'objects: []',
  ].join('\n');
  return new Simulation(parseScenario(text, 'api-test.yaml'));
}

export interface ContainerOpts {
  readonly name?: string;
  readonly image?: string;
  readonly requests?: Record<string, string>;
  readonly limits?: Record<string, string>;
  readonly securityContext?: Record<string, unknown>;
}

export function container(opts: ContainerOpts = {}): Record<string, unknown> {
  const resources = {
    ...(opts.requests === undefined ? {} : { requests: { ...opts.requests } }),
    ...(opts.limits === undefined ? {} : { limits: { ...opts.limits } }),
  };
  return {
    name: opts.name ?? 'app',
    image: opts.image ?? 'registry.example.com/shop/app:1.0.0',
    ...(Object.keys(resources).length === 0 ? {} : { resources }),
    ...(opts.securityContext === undefined ? {} : { securityContext: opts.securityContext }),
  };
}

export function pod(name: string, namespace: string, spec: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { app: name } },
    spec: { containers: [container()], ...spec },
  };
}
