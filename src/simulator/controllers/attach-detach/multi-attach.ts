/**
 * The attach/detach controller's Multi-Attach error for one waiting pod. Each pod gets its own
 * text: it names the blocking pods of its own namespace and only counts the others, so users
 * of one namespace do not learn pod names of another.
 */
import type { PodObj } from '../../world/types.js';

export function multiAttachMessage(pv: string, pod: PodObj, holders: readonly PodObj[]): string {
  const ns = pod.metadata.namespace;
  const local = holders.filter((p) => p.metadata.namespace === ns).map((p) => p.metadata.name);
  const others = holders.length - local.length;
  let why: string;
  if (holders.length === 0)
    why = "Volume is already exclusively attached to one node and can't be attached to another";
  else if (local.length === 0) why = `Volume is already used by ${others} pod(s) in different namespaces`;
  else {
    const more = others > 0 ? ` and ${others} pod(s) in different namespaces` : '';
    why = `Volume is already used by pod(s) ${local.join(', ')}${more}`;
  }
  return `Multi-Attach error for volume "${pv}" ${why}`;
}
