import type { EventRecord } from '../../model/index.js';
import { aggregatorEndpointsMessage, parseTime } from '../../k8s/index.js';
import { defined, rec, str, time, type Raw } from './coerce.js';

/**
 * An APIService (apiregistration.k8s.io) is no target itself; what it tells is the API
 * aggregator's verdict on the Service behind it. Its Available=False condition with reason
 * MissingEndpoints or EndpointsNotFound (k8s/aggregator.ts) becomes one Warning record on that
 * Service, reported by kube-aggregator and named after the APIService, timed by the condition's
 * lastTransitionTime. Any other condition gives nothing.
 */
export function apiServiceRecords(raw: Raw): EventRecord[] {
  const name = str(rec(raw.metadata).name);
  const conditions = rec(raw.status).conditions;
  if (!Array.isArray(conditions)) return [];
  const out: EventRecord[] = [];
  for (const c of conditions.map(rec)) {
    if (str(c.type) !== 'Available' || str(c.status) !== 'False') continue;
    const message = str(c.message) ?? '';
    const said = aggregatorEndpointsMessage(message);
    if (said === undefined || said.reason !== str(c.reason)) continue;
    const at = parseTime(time(c.lastTransitionTime));
    out.push(
      defined<EventRecord>({
        regarding: { kind: 'Service', namespace: said.namespace, name: said.service },
        reason: said.reason,
        message,
        type: 'Warning',
        source: 'kube-aggregator',
        first: at,
        last: at,
        count: 1,
        name: name === undefined ? undefined : `apiservice/${name}`,
      }),
    );
  }
  return out;
}
