import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { ClusterError, InputError, UsageError } from '../../errors/index.js';
import { makeConnection, type Connection } from './connection.js';

export type { Connection } from './connection.js';

export interface LoadConnectionOptions {
  /** --kubeconfig PATH */
  readonly kubeconfig?: string;
  /** --context NAME */
  readonly context?: string;
  /** The environment to read KUBECONFIG, HOME and KUBERNETES_SERVICE_HOST from. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

const NO_CONFIG_HINT =
  'pass --kubeconfig PATH or --context NAME, set KUBECONFIG, or diagnose offline evidence with -f PATH or --sim SCENARIO';

/**
 * Resolves the kubeconfig the way kubectl does: --kubeconfig, else every file in KUBECONFIG
 * merged (the first file to define a name or a current-context wins), else ~/.kube/config,
 * else the in-cluster service account; then --context or the current context.
 */
export function loadConnection(options: LoadConnectionOptions): Connection {
  const { kc, origin } = loadKubeConfig(options);
  const names = kc.getContexts().map((c) => c.name);
  if (options.context !== undefined) {
    if (kc.getContextObject(options.context) === null) {
      throw new UsageError(
        `context "${options.context}" not found in ${origin}; available contexts: ${names.join(', ') || '(none)'}`,
        'kubectl config get-contexts lists them',
      );
    }
    kc.setCurrentContext(options.context);
  }
  const context = kc.getCurrentContext();
  const ctx = context ? kc.getContextObject(context) : null;
  if (ctx === null) {
    throw new ClusterError(
      context
        ? `current context "${context}" is not defined in ${origin}`
        : `${origin} sets no current context`,
      `pass --context NAME; available contexts: ${names.join(', ') || '(none)'}`,
    );
  }
  const cluster = kc.getCurrentCluster();
  if (cluster === null || !cluster.server) {
    throw new ClusterError(
      `context "${context}" names cluster "${ctx.cluster}", which ${origin} does not define (or gives no server)`,
      NO_CONFIG_HINT,
    );
  }
  return makeConnection(kc, context, cluster.server, ctx.namespace, origin);
}

function loadKubeConfig(options: LoadConnectionOptions): { kc: KubeConfig; origin: string } {
  const { env } = options;
  if (options.kubeconfig !== undefined) {
    if (!existsSync(options.kubeconfig)) {
      throw new ClusterError(
        `kubeconfig ${options.kubeconfig} (from --kubeconfig) does not exist`,
        NO_CONFIG_HINT,
      );
    }
    return { kc: mergeFiles([options.kubeconfig]), origin: options.kubeconfig };
  }
  const listed = (env.KUBECONFIG ?? '').split(path.delimiter).filter((f) => f !== '');
  if (listed.length > 0) {
    // kubectl skips KUBECONFIG entries that do not exist, and fails only when none does.
    const present = listed.filter((f) => existsSync(f));
    if (present.length === 0) {
      throw new ClusterError(`none of the files in KUBECONFIG exists: ${listed.join(', ')}`, NO_CONFIG_HINT);
    }
    return { kc: mergeFiles(present), origin: present.join(path.delimiter) };
  }
  const home = env.HOME ?? env.USERPROFILE ?? os.homedir();
  const fallback = path.join(home, '.kube', 'config');
  if (existsSync(fallback)) return { kc: mergeFiles([fallback]), origin: fallback };
  if (env.KUBERNETES_SERVICE_HOST) {
    const kc = new KubeConfig();
    kc.loadFromCluster();
    return { kc, origin: 'the in-cluster service account' };
  }
  throw new ClusterError(
    `no kubeconfig: --kubeconfig is not given, KUBECONFIG is not set, ${fallback} does not exist, and this is not a pod in a cluster`,
    NO_CONFIG_HINT,
  );
}

/** kubectl's merge: the first file to define a cluster, user, context or current-context wins. */
function mergeFiles(files: readonly string[]): KubeConfig {
  const parts = files.map(readKubeconfigFile);
  const firstByName = <T extends { readonly name: string }>(lists: readonly (readonly T[])[]): T[] => {
    const seen = new Map<string, T>();
    for (const item of lists.flat()) if (!seen.has(item.name)) seen.set(item.name, item);
    return [...seen.values()];
  };
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: firstByName(parts.map((p) => p.getClusters())),
    users: firstByName(parts.map((p) => p.getUsers())),
    contexts: firstByName(parts.map((p) => p.getContexts())),
    currentContext: parts.map((p) => p.getCurrentContext()).find((c) => Boolean(c)) ?? '',
  });
  return kc;
}

/**
 * One kubeconfig file, or an InputError (exit 2) on one line naming the file and, for YAML
 * errors, the line. The YAML library's own message quotes the offending lines in a multi-line
 * frame, raw bytes included; only its reason and position are kept.
 */
function readKubeconfigFile(file: string): KubeConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(file, undefined, `cannot read kubeconfig: ${code ?? oneLine(String(err))}`);
  }
  const kc = new KubeConfig();
  try {
    kc.loadFromString(text);
  } catch (err) {
    throw kubeconfigError(file, err);
  }
  kc.makePathsAbsolute(path.dirname(file));
  return kc;
}

function kubeconfigError(file: string, err: unknown): InputError {
  const hint = `kubectl config view --kubeconfig ${file} shows how kubectl reads it`;
  const yaml = yamlErrorOf(err);
  if (yaml !== undefined) {
    return new InputError(
      file,
      yaml.line + 1,
      `not a valid kubeconfig: ${oneLine(yaml.reason)} (column ${yaml.column + 1})`,
      hint,
    );
  }
  // The loader reads `clusters` off whatever the document is: empty, null or a scalar fails here.
  if (err instanceof TypeError) {
    return new InputError(
      file,
      undefined,
      'not a kubeconfig: expected a YAML mapping with clusters, users and contexts',
      hint,
    );
  }
  return new InputError(
    file,
    undefined,
    `not a valid kubeconfig: ${oneLine(err instanceof Error ? err.message : String(err))}`,
    hint,
  );
}

/** js-yaml's YAMLException: a reason and a zero-based mark. */
function yamlErrorOf(err: unknown): { reason: string; line: number; column: number } | undefined {
  if (!(err instanceof Error) || err.name !== 'YAMLException') return undefined;
  const { reason, mark } = err as Error & { reason?: unknown; mark?: { line?: unknown; column?: unknown } };
  if (typeof reason !== 'string' || typeof mark?.line !== 'number' || typeof mark.column !== 'number')
    return undefined;
  return { reason, line: mark.line, column: mark.column };
}

/** Control and format characters (escapes, bidi overrides) and line breaks become single spaces. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
