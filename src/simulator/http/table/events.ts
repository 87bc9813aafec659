/** printEvent of printers.go (core/v1 and, through the same fields, events.k8s.io/v1). */
import { num, pick, text } from './json.js';
import { since } from './since.js';
import { col, type Printer } from './types.js';

/** printers.go formatEventSource: component (or reporting controller), then host (or instance). */
function source(o: unknown): string {
  const component = text(o, 'source.component') || text(o, 'reportingComponent');
  const instance = text(o, 'source.host') || text(o, 'reportingInstance');
  return instance === '' ? component : `${component}, ${instance}`;
}

export const eventPrinter: Printer = {
  columns: [
    col('Last Seen', 0, 'string', '', 'Time when last occurrence of this event was recorded.'),
    col(
      'Type',
      0,
      'string',
      '',
      'Type of this event (Normal, Warning), new types could be added in the future.',
    ),
    col(
      'Reason',
      0,
      'string',
      '',
      'This should be a short, machine understandable string that gives the reason for this event being generated.',
    ),
    col('Object', 0, 'string', '', 'The object this Event is about.'),
    col('Subobject', 1, 'string', '', 'The subobject (field path) this Event is about.'),
    col(
      'Source',
      1,
      'string',
      '',
      'The component reporting this event. Should be a short machine understandable string.',
    ),
    col('Message', 0, 'string', '', 'A human-readable description of the status of this operation.'),
    col('First Seen', 1, 'string', '', 'The time at which the event was first recorded.'),
    col('Count', 1, 'integer', '', 'The number of times this event has occurred.'),
    col('Name', 1, 'string', 'name', 'Name must be unique within a namespace.'),
  ],
  row(o, now) {
    let first = since(text(o, 'firstTimestamp'), now);
    if (text(o, 'firstTimestamp') === '') first = since(text(o, 'eventTime'), now);
    let last = text(o, 'lastTimestamp') === '' ? first : since(text(o, 'lastTimestamp'), now);
    let count = num(o, 'count');
    if (pick(o, 'series') !== undefined && pick(o, 'series') !== null) {
      last = since(text(o, 'series.lastObservedTime'), now);
      count = num(o, 'series.count');
    } else if (count === 0) count = 1;
    const kind = text(o, 'involvedObject.kind').toLowerCase();
    const target = text(o, 'involvedObject.name') === '' ? kind : `${kind}/${text(o, 'involvedObject.name')}`;
    return [
      last,
      text(o, 'type'),
      text(o, 'reason'),
      target,
      text(o, 'involvedObject.fieldPath'),
      source(o),
      text(o, 'message').trim(),
      first,
      count,
      text(o, 'metadata.name'),
    ];
  },
};
