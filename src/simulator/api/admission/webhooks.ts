/**
 * Admission webhooks declared by the scenario (MutatingAdmissionWebhook and
 * ValidatingAdmissionWebhook): a webhook that denies answers `admission webhook "<name>"
 * denied the request: <message>`; one whose service does not answer fails the request with
 * 500 `failed calling webhook` under failurePolicy Fail and is skipped under Ignore.
 */
import type { World } from '../../world/world.js';
import type { WebhookSpec } from '../../scenario/types.js';
import type { AdmissionPlugin, AdmissionRequest } from '../types.js';
import { status, type StatusObj } from '../status.js';
import { list, normalizeImage, podContainers, rec, str, templateSpec } from '../fields.js';
import { serviceIpAt, stableHash } from '../object-defaults.js';

export function globMatches(glob: string, text: string): boolean {
  const pattern = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${pattern}$`).test(text);
}

function imagesOf(req: AdmissionRequest): string[] {
  const spec = req.resource.kind === 'Pod' ? rec(req.object.spec) : templateSpec(req.object);
  if (spec === undefined) return [];
  return podContainers(spec, 'spec').map((x) => str(x.c.image) ?? '');
}

function intercepts(hook: WebhookSpec, req: AdmissionRequest): boolean {
  if (req.operation !== 'CREATE') return false;
  if (!hook.resources.includes(req.resource.resource) && !hook.resources.includes('*')) return false;
  const ns = req.object.metadata.namespace;
  if (hook.namespaces !== undefined) return ns !== undefined && hook.namespaces.includes(ns);
  return ns !== 'kube-system';
}

/** Where the apiserver would POST: the configuration's service, at its cluster IP. */
function endpoint(world: World, hook: WebhookSpec): { url: string; ip: string } {
  const [svcNs = 'default', svcName = hook.name] = hook.service.split('/');
  const resource =
    hook.type === 'validating' ? 'validatingwebhookconfigurations' : 'mutatingwebhookconfigurations';
  const config = world.store.get(resource, undefined, hook.name);
  const path = str(rec(rec(list(config?.webhooks)[0]?.clientConfig)?.service)?.path) ?? '/validate';
  const svc = world.store.get('services', svcNs, svcName);
  // Without a Service object the IP is the one the allocator would give it.
  const ip =
    str(rec(svc?.spec)?.clusterIP) ?? serviceIpAt(2 + (stableHash(`${svcNs}/${svcName}`) % ((1 << 20) - 3)));
  return { url: `https://${svcName}.${svcNs}.svc:443${path}?timeout=10s`, ip };
}

function call(world: World, hook: WebhookSpec, req: AdmissionRequest): StatusObj | undefined {
  if (!intercepts(hook, req)) return undefined;
  if (hook.unreachable) {
    if (hook.failurePolicy === 'Ignore') return undefined;
    const { url, ip } = endpoint(world, hook);
    const cause = `failed calling webhook "${hook.name}": failed to call webhook: Post "${url}": dial tcp ${ip}:443: connect: connection refused`;
    return status(500, 'InternalError', `Internal error occurred: ${cause}`, {
      causes: [{ message: cause }],
    });
  }
  if (hook.deny === undefined) return undefined;
  const glob = hook.denyImages;
  if (
    glob !== undefined &&
    !imagesOf(req).some((img) => globMatches(glob, img) || globMatches(glob, normalizeImage(img)))
  )
    return undefined;
  const message =
    hook.deny === ''
      ? `admission webhook "${hook.name}" denied the request without explanation`
      : `admission webhook "${hook.name}" denied the request: ${hook.deny}`;
  return status(403, 'Forbidden', message);
}

export function webhookPlugins(world: World): AdmissionPlugin[] {
  const hooks = world.scenario.cluster.webhooks;
  const plugin = (type: WebhookSpec['type']): AdmissionPlugin => ({
    name: type === 'mutating' ? 'MutatingAdmissionWebhook' : 'ValidatingAdmissionWebhook',
    phase: type,
    admit(req) {
      for (const hook of hooks) {
        if (hook.type !== type) continue;
        const denial = call(world, hook, req);
        if (denial !== undefined) return denial;
      }
      return undefined;
    },
  });
  return [plugin('mutating'), plugin('validating')];
}
