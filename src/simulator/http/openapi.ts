/**
 * Just enough OpenAPI for kubectl: every PATCH operation with its
 * x-kubernetes-group-version-kind and the `fieldValidation`/`dryRun` query parameters, so
 * kubectl's QueryParamVerifier (v3 on ≥1.29, v2 before) finds server-side validation and
 * does not need client-side schemas. Without these documents `kubectl apply` and `create`
 * fail with "failed to download openapi". There are no schemas, so `kubectl explain` has
 * nothing to say and apply computes patches from its built-in types.
 */
import { RESOURCES, type ResourceInfo } from '../world/resources.js';

const QUERY_PARAMS = ['dryRun', 'fieldManager', 'fieldValidation', 'force'];

const gvPath = (group: string, version: string): string =>
  group === '' ? `api/${version}` : `apis/${group}/${version}`;

function itemPath(info: ResourceInfo): string {
  const base = `/${gvPath(info.group, info.version)}`;
  return info.namespaced
    ? `${base}/namespaces/{namespace}/${info.resource}/{name}`
    : `${base}/${info.resource}/{name}`;
}

const operationId = (info: ResourceInfo): string => {
  const g = info.group === '' ? 'Core' : (info.group.split('.')[0] ?? '');
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return `patch${cap(g)}${cap(info.version)}${info.namespaced ? 'Namespaced' : ''}${info.kind}`;
};

const gvk = (info: ResourceInfo) => ({ group: info.group, kind: info.kind, version: info.version });

function groupVersions(): { group: string; version: string }[] {
  const seen = new Map<string, { group: string; version: string }>();
  for (const r of RESOURCES) seen.set(gvPath(r.group, r.version), { group: r.group, version: r.version });
  return [...seen.values()];
}

/** /openapi/v3 (the index) and /openapi/v3/<api/v1|apis/G/V>. */
function openApiV3(rest: string): unknown {
  if (rest === '') {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const gv of groupVersions()) {
      const p = gvPath(gv.group, gv.version);
      paths[p] = {
        serverRelativeURL: `/openapi/v3/${p}?hash=0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000`,
      };
    }
    return { paths };
  }
  const gv = groupVersions().find((g) => gvPath(g.group, g.version) === rest);
  if (gv === undefined) return undefined;
  const paths: Record<string, unknown> = {};
  for (const info of RESOURCES.filter((r) => r.group === gv.group && r.version === gv.version)) {
    paths[itemPath(info)] = {
      patch: {
        operationId: operationId(info),
        parameters: QUERY_PARAMS.map((name) => ({
          name,
          in: 'query',
          schema: { type: 'string', uniqueItems: true },
        })),
        responses: { '200': { description: 'OK' } },
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': gvk(info),
      },
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'unversioned' },
    paths,
    components: { schemas: {} },
  };
}

/** Swagger 2.0 as JSON (for clients that ask for JSON). */
function openApiV2Json(): unknown {
  const paths: Record<string, unknown> = {};
  for (const info of RESOURCES)
    paths[itemPath(info)] = {
      patch: {
        operationId: operationId(info),
        parameters: QUERY_PARAMS.map((name) => ({ name, in: 'query', type: 'string', uniqueItems: true })),
        responses: { '200': { description: 'OK' } },
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': gvk(info),
      },
    };
  return { swagger: '2.0', info: { title: 'Kubernetes', version: 'unversioned' }, paths };
}

// ---- protobuf (gnostic openapi_v2.Document), which kubectl ≤1.28 asks /openapi/v2 for ----

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return out;
}

/** A length-delimited field (strings and embedded messages). */
function field(num: number, payload: Buffer | string): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([Buffer.from([...varint((num << 3) | 2), ...varint(body.length)]), body]);
}

const msg = (...parts: Buffer[]): Buffer => Buffer.concat(parts);

function operationPb(info: ResourceInfo): Buffer {
  // Operation{operation_id=5, parameters=8, vendor_extension=13}
  const params = QUERY_PARAMS.map((name) =>
    // ParametersItem{parameter=1} → Parameter{non_body_parameter=2} → NonBodyParameter{query=3} → {in=2, name=4, type=6}
    field(8, field(1, field(2, field(3, msg(field(2, 'query'), field(4, name), field(6, 'string')))))),
  );
  const yaml = `group: "${info.group}"\nkind: ${info.kind}\nversion: ${info.version}\n`;
  // NamedAny{name=1, value=2 → Any{yaml=2}}
  const ext = field(13, msg(field(1, 'x-kubernetes-group-version-kind'), field(2, field(2, yaml))));
  const action = field(13, msg(field(1, 'x-kubernetes-action'), field(2, field(2, 'patch\n'))));
  return msg(field(5, operationId(info)), ...params, action, ext);
}

let cachedPb: Buffer | undefined;

export function openApiV2Protobuf(): Buffer {
  if (cachedPb !== undefined) return cachedPb;
  // Document{swagger=1, info=2 → Info{title=1, version=2}, paths=8 → Paths{path=2 → NamedPathItem{name=1, value=2 → PathItem{patch=8}}}}
  const paths = RESOURCES.map((info) =>
    field(2, msg(field(1, itemPath(info)), field(2, field(8, operationPb(info))))),
  );
  cachedPb = msg(
    field(1, '2.0'),
    field(2, msg(field(1, 'Kubernetes'), field(2, 'unversioned'))),
    field(8, msg(...paths)),
  );
  return cachedPb;
}

/** What the apiserver answers with (the Accept form has an '@', which is no valid media type). */
export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

export type OpenApiAnswer = { readonly json: unknown } | { readonly protobuf: Buffer } | undefined;

/** The document at `path` (/openapi/v2, /openapi/v3, /openapi/v3/api/v1, …) for this Accept header. */
export function openApi(path: string, accept: string | undefined): OpenApiAnswer {
  if (path === '/openapi/v2') {
    if (accept?.includes('protobuf') === true) return { protobuf: openApiV2Protobuf() };
    return { json: openApiV2Json() };
  }
  if (path === '/openapi/v3' || path.startsWith('/openapi/v3/')) {
    const doc = openApiV3(path.slice('/openapi/v3'.length).replace(/^\//, ''));
    return doc === undefined ? undefined : { json: doc };
  }
  return undefined;
}
