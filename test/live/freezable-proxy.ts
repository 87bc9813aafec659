/**
 * An HTTP proxy on 127.0.0.1 in front of an API server that a test can freeze: while frozen it
 * accepts connections and requests but answers nothing, and the streams it was relaying stop
 * (a hung API server, a dead network path); thawed, it relays again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FreezableProxy {
  readonly url: string;
  /** Requests received while frozen (never answered). */
  readonly held: () => number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: string): Promise<FreezableProxy> {
  let frozen = false;
  let held = 0;
  const relaying = new Set<http.IncomingMessage>();
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const relay = (): void => {
      const upstream = http.request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          relaying.add(up);
          up.on('close', () => relaying.delete(up));
          if (frozen) up.pause();
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    };
    if (frozen) {
      held++;
      // the request is read and never answered, until a thaw lets it through
      waiting.push(relay);
      return;
    }
    relay();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held: () => held,
    freeze() {
      frozen = true;
      for (const up of relaying) up.pause();
    },
    thaw() {
      frozen = false;
      for (const up of relaying) up.resume();
      for (const relay of waiting.splice(0)) relay();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
