/**
 * `cluster.registry`: the images the nodes can pull, how pulling them goes, and what a
 * container of each does when it runs.
 */
import * as v from 'valibot';
import { bool, duration, fields, list, number, text } from './fields.js';

const httpEndpoint = fields({
  path: text,
  status: v.optional(number, 200),
  /** Response time (slow endpoints time out against the probe's timeoutSeconds). */
  latency: v.optional(duration, '5ms'),
  /** Only after this long since the container started: before it, 200. */
  after: v.exactOptional(duration),
  /** Only until this long after start; after it, 200 again. */
  until: v.exactOptional(duration),
});

/** What a container of an image does when it runs. */
export const behavior = v.pipe(
  fields({
    /** The runtime cannot start the process: "executable not found", "permission denied", … */
    startError: v.exactOptional(text),
    /** Runs this long, then exits with `exitCode` (absent: runs forever). */
    exitAfter: v.exactOptional(duration),
    /** Default 1 when the process exits by itself, else 0. */
    exitCode: v.exactOptional(number),
    /** Memory grows past the limit after this long: OOMKilled, exit 137. */
    oomAfter: v.exactOptional(duration),
    /** Log lines printed at start (and, for a crash, just before exiting). */
    logs: v.optional(list(text), []),
    /** Ports the process listens on, after `listenAfter`. TCP probes succeed on these. */
    ports: v.optional(list(v.nullish(number, 0)), []),
    listenAfter: v.optional(duration, 0),
    /** HTTP endpoints by path; unlisted paths answer 200 once listening. */
    http: v.optional(list(httpEndpoint), []),
    /** Exec probes succeed (exit 0) unless false. */
    execOk: v.optional(bool, true),
  }),
  v.transform(({ startError, exitAfter, exitCode, oomAfter, ...b }) => ({
    ...(startError === undefined ? {} : { startError }),
    ...(exitAfter === undefined ? {} : { exitAfter }),
    exitCode: exitCode ?? (exitAfter === undefined ? 0 : 1),
    ...(oomAfter === undefined ? {} : { oomAfter }),
    ...b,
  })),
);

/** A process that runs forever, listens nowhere and passes exec probes. */
export const DEFAULT_BEHAVIOR = v.parse(behavior, {});

const image = fields({
  /** Reference as containers name it (tag or digest); matched after normalisation (docker.io/library/…). */
  name: text,
  exists: v.optional(bool, true),
  size: v.exactOptional(text),
  /** Fixed pull time, overrides size/bandwidth. */
  pullTime: v.exactOptional(duration),
  /** Needs credentials: pulls without a matching imagePullSecret fail with "unauthorized". */
  auth: v.optional(bool, false),
  /** The registry answers 429 Too Many Requests. */
  rateLimited: v.optional(bool, false),
  /** The registry's certificate is not trusted. */
  badTLS: v.optional(bool, false),
  /** The registry host does not answer (dial timeout). */
  unreachable: v.optional(bool, false),
  /** The image's platform does not match the node (exec format error at start). */
  wrongArch: v.optional(bool, false),
  run: v.optional(behavior, {}),
});

export const registry = fields({
  /** Images not listed exist, of this size. */
  defaultSize: v.optional(text, '50Mi'),
  /** Bytes per second the nodes pull at. */
  bandwidth: v.optional(number, 50_000_000),
  images: v.optional(list(image), []),
});
