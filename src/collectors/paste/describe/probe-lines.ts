/**
 * A container's probe lines cut out of `kubectl describe pod` without the pod around them
 * (`Readiness:  http-get http://:15021/healthz/ready delay=1s timeout=1s period=2s #success=1
 * #failure=30`), as people quote the one line they wonder about. kubectl's printer
 * (describe.go DescribeProbe) ends every kind of probe with the same `delay= timeout= period=
 * #success= #failure=` attributes, so such a line is this printer's and nothing else's. The
 * container and its pod are unnamed; their state is not in the text.
 */
import { UNNAMED_CONTAINER, UNNAMED_POD, type BlockParser } from '../common/types.js';
import { parseProbe } from './container-fields.js';

const PROBE_LINE =
  /^\s*(Liveness|Readiness|Startup):\s+((?:http-get|tcp-socket|exec|grpc|unknown)\b.*\bdelay=\d+s timeout=\d+s period=\d+s #success=\d+ #failure=\d+)\s*$/;
const FIELD: Readonly<Record<string, string>> = {
  Liveness: 'livenessProbe',
  Readiness: 'readinessProbe',
  Startup: 'startupProbe',
};

export const parseProbeLines: BlockParser = (lines, start) => {
  const container: Record<string, unknown> = { name: UNNAMED_CONTAINER };
  let end = start;
  for (; end < lines.length; end++) {
    const m = PROBE_LINE.exec(lines[end] ?? '');
    const field = FIELD[m?.[1] ?? ''];
    const probe = m?.[2] === undefined ? undefined : parseProbe(m[2]);
    if (field === undefined || probe === undefined || field in container) break;
    container[field] = probe;
  }
  if (end === start) return undefined;
  return {
    end,
    objects: [
      {
        raw: { kind: 'Pod', metadata: { name: UNNAMED_POD }, spec: { containers: [container] } },
        line: start + 1,
        inferredName: "a container's probe lines cut out of kubectl describe",
      },
    ],
  };
};
