import { humanDuration } from '../k8s/index.js';
import { sanitize } from '../report/index.js';

/** "40ms", "2.3s", "45s", "6m12s": milliseconds where they matter, kubectl's style beyond. */
export function formatMs(ms: number): string {
  if (ms < 0) return '0ms';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)}s`;
  return humanDuration(ms);
}

/** Cluster text on one line: control sequences stripped, newlines and tabs as spaces. */
export function oneLine(text: string): string {
  return sanitize(text).replace(/[\n\t]+/g, ' ');
}

/** Cluster text, sanitised, cut to `width` columns with an ellipsis or padded to exactly `width`. */
export function fit(raw: string, width: number): string {
  if (width <= 0) return '';
  const text = oneLine(raw);
  if (text.length > width) return width === 1 ? '…' : `${text.slice(0, width - 1)}…`;
  return text.padEnd(width);
}

/** Cluster text, sanitised, cut to at most `width` columns with an ellipsis (no padding). */
export function clip(raw: string, width: number): string {
  if (width <= 0) return '';
  const text = oneLine(raw);
  return text.length > width ? (width === 1 ? '…' : `${text.slice(0, width - 1)}…`) : text;
}

const SHORT_KIND: Readonly<Record<string, string>> = {
  Deployment: 'deploy',
  StatefulSet: 'sts',
  DaemonSet: 'ds',
  ReplicaSet: 'rs',
  Job: 'job',
  CronJob: 'cronjob',
  ReplicationController: 'rc',
  Service: 'svc',
  Pod: 'pod',
};

/** kubectl's short resource names: deploy/web, sts/db. */
export function shortKind(kind: string): string {
  return SHORT_KIND[kind] ?? kind.toLowerCase();
}
