/** Serving stored objects: events.k8s.io is a converted view of core events. */
import type { ResourceInfo } from '../world/resources.js';
import type { KObject } from '../world/types.js';
import { fromEventsV1, toEventsV1 } from './events-view.js';

export function serve(info: ResourceInfo, obj: KObject): KObject {
  return info.group === 'events.k8s.io' ? toEventsV1(obj) : obj;
}

export function decode(info: ResourceInfo, obj: KObject): KObject {
  return info.group === 'events.k8s.io' ? fromEventsV1(obj) : obj;
}

export const apiVersionOf = (info: ResourceInfo): string =>
  info.group === '' ? info.version : `${info.group}/${info.version}`;
