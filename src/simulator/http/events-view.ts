/**
 * events.k8s.io/v1 is a second view of the core Event objects, converted as the apiserver's
 * conversion functions do (pkg/apis/events/v1/conversion.go).
 */
import type { EventObj, KObject } from '../world/types.js';

export function toEventsV1(obj: KObject): KObject {
  const e = obj as unknown as EventObj;
  const out: KObject = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: structuredClone(e.metadata),
    eventTime: e.eventTime,
    reportingController: e.reportingComponent,
    reportingInstance: e.reportingInstance,
    regarding: structuredClone(e.involvedObject),
    reason: e.reason,
    note: e.message,
    type: e.type,
  };
  if (e.action !== undefined) out.action = e.action;
  if (e.series !== undefined) out.series = { ...e.series };
  if (e.source.component !== '' || e.source.host !== undefined) out.deprecatedSource = { ...e.source };
  if (e.firstTimestamp !== null) out.deprecatedFirstTimestamp = e.firstTimestamp;
  if (e.lastTimestamp !== null) out.deprecatedLastTimestamp = e.lastTimestamp;
  if (e.count !== undefined) out.deprecatedCount = e.count;
  return out;
}

/** A new-API event written by a client, stored as the core Event it converts to. */
export function fromEventsV1(obj: KObject): KObject {
  const src = obj as Record<string, unknown> & KObject;
  const source = (src.deprecatedSource as { component?: string; host?: string } | undefined) ?? {};
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: structuredClone(src.metadata),
    involvedObject: structuredClone(src.regarding ?? {}),
    reason: src.reason ?? '',
    message: src.note ?? '',
    type: src.type ?? 'Normal',
    source: {
      component: source.component ?? '',
      ...(source.host === undefined ? {} : { host: source.host }),
    },
    firstTimestamp: src.deprecatedFirstTimestamp ?? null,
    lastTimestamp: src.deprecatedLastTimestamp ?? null,
    eventTime: src.eventTime ?? null,
    ...(src.deprecatedCount === undefined ? {} : { count: src.deprecatedCount }),
    ...(src.series === undefined ? {} : { series: structuredClone(src.series) }),
    reportingComponent: src.reportingController ?? '',
    reportingInstance: src.reportingInstance ?? '',
    ...(src.action === undefined ? {} : { action: src.action }),
  };
}
