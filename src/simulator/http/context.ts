/** One request as the handlers see it. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UserInfo } from '../api/types.js';
import type { Simulation } from '../simulation.js';
import type { RequestLog } from './request-log.js';

export interface ServerState {
  readonly sim: Simulation;
  readonly log: RequestLog;
  /** Wall-clock interval between BOOKMARK events of a watch that allows them. */
  readonly bookmarkIntervalMs: number;
  /** Open watches, ended when the server closes. */
  readonly watches: Set<() => void>;
}

export interface RequestContext {
  readonly state: ServerState;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  readonly user: UserInfo;
}

export async function readBody(req: IncomingMessage, limit = 8 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new Error('request entity too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}
