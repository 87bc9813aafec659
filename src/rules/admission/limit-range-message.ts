/**
 * Parts of LimitRanger admission errors (plugin/pkg/admission/limitranger).
 */
import { until } from '../shared/text-scan.js';

/** The LimitRanger subset of the admission error kinds; 'other' when the text is not one. */
export type LimitRangeKind = 'limitMax' | 'limitMin' | 'limitMissing' | 'limitRatio' | 'other';
export type LimitRangeParts = Record<string, string> & { kind: LimitRangeKind };

/**
 * LimitRanger texts: "maximum cpu usage per Container is 2, but limit is 4",
 * "minimum memory usage per Pod is 1Gi.  No request is specified", and
 * "cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000".
 */
export function limitRange(detail: string): LimitRangeParts {
  // The first constraint named wins ("[minimum memory ..., maximum cpu ...]" lists several).
  const bounds = (['maximum', 'minimum'] as const)
    .map((bound) => ({ bound, at: detail.indexOf(`${bound} `) }))
    .filter((b) => b.at >= 0)
    .sort((a, b) => a.at - b.at);
  for (const { bound, at } of bounds) {
    const per = detail.indexOf(' usage per ', at);
    if (per < 0) continue;
    const resource = detail.slice(at + bound.length + 1, per);
    const rest = detail.slice(per + ' usage per '.length);
    const scope = until(rest, ' is ');
    const after = until(rest.slice(scope.length + ' is '.length), 'maximum ', 'minimum ', ']');
    const enforced = until(after, ', but ', '.  ', '. ', ',', ']');
    const but = after.indexOf(', but ');
    if (but >= 0) {
      const tail = after.slice(but + ', but '.length);
      const field = tail.startsWith('limit') ? 'limit' : 'request';
      const actual = until(tail.slice(tail.indexOf(' is ') + ' is '.length), ',', ' ', ']').replace(
        /\.$/,
        '',
      );
      return {
        kind: bound === 'maximum' ? 'limitMax' : 'limitMin',
        resource,
        scope,
        enforced,
        field,
        actual,
      };
    }
    const field = after.includes('No limit') ? 'limit' : 'request';
    return { kind: 'limitMissing', resource, scope, enforced, field };
  }
  const ratio = detail.indexOf(' max limit to request ratio per ');
  if (ratio >= 0) {
    const resource = detail.slice(detail.lastIndexOf(' ', ratio - 1) + 1, ratio).replace(/^\[/, '');
    const tail = detail.slice(ratio + ' max limit to request ratio per '.length);
    return {
      kind: 'limitRatio',
      resource,
      scope: until(tail, ' '),
      enforced: until(tail.slice(tail.indexOf(' is ') + ' is '.length), ','),
      actual: until(
        tail.slice(tail.indexOf('provided ratio is ') + 'provided ratio is '.length),
        ',',
        ' ',
        ']',
      ),
    };
  }
  return { kind: 'other' };
}
