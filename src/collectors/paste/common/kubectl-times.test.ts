import { describe, expect, it } from 'vitest';
import { parseInterval, parseKubectlTime } from './text.js';

// Times as kubectl describe prints them (RFC 1123 with a numeric zone: "Started:", "Start Time:",
// the Events of Kubernetes 1.0), Go's default time.Time text (describe's "Creation Timestamp" of
// old releases) and RFC 3339 (-o yaml; eventTime is a MicroTime with six fraction digits).
describe('parseKubectlTime zones', () => {
  it.each([
    ['Mon, 13 Dec 2021 19:45:38 -0800', '2021-12-14T03:45:38Z'],
    ['Fri, 17 Jul 2015 10:30:55 -0700', '2015-07-17T17:30:55Z'],
    // Half-hour zone: minutes are added to the hours, never subtracted.
    ['Mon, 05 May 2025 17:29:28 +0530', '2025-05-05T11:59:28Z'],
    ['Mon, 05 May 2025 06:29:28 -0530', '2025-05-05T11:59:28Z'],
    ['Tue, 25 Aug 2020 08:20:35 GMT', '2020-08-25T08:20:35Z'],
    ['Tue, 25 Aug 2020 08:20:35 UTC', '2020-08-25T08:20:35Z'],
    // Kubernetes 1.0 describe events: the first-seen time is followed by a tab and the last seen.
    ['Fri, 17 Jul 2015 10:30:55 -0700\tFri, 17 Jul 2015 10:31:10 -0700', '2015-07-17T17:30:55Z'],
    // Go's zero time (a node condition's heartbeat never set): year 1, not 1901; years under 100 stay.
    ['Mon, 01 Jan 0001 00:00:00 +0000', '0001-01-01T00:00:00Z'],
    ['Sat, 01 Jan 0099 12:00:00 +0100', '0099-01-01T11:00:00Z'],
  ])('RFC 1123 %j is %s', (text, iso) => {
    expect(parseKubectlTime(text)).toBe(iso);
  });

  it.each([
    ['2016-08-16 13:44:05 +0200 CEST', '2016-08-16T11:44:05Z'],
    ['2016-08-16 13:44:05 -0800 PST', '2016-08-16T21:44:05Z'],
    ['2016-08-16 13:44:05 +0000 UTC', '2016-08-16T13:44:05Z'],
    ['2021-12-13T19:45:38-08:00', '2021-12-14T03:45:38Z'],
    ['2025-05-05T15:29:28.123456Z', '2025-05-05T15:29:28Z'],
    ['2025-05-05T15:29:28.123456+02:00', '2025-05-05T13:29:28Z'],
    ['2025-05-05T15:29:28.5-0800', '2025-05-05T23:29:28Z'],
    // No zone at all: read as UTC, whatever the machine's own zone is.
    ['2016-01-29T11:44:55', '2016-01-29T11:44:55Z'],
    ['2016-01-29 11:44:55', '2016-01-29T11:44:55Z'],
  ])('Go default / RFC 3339 %j is %s', (text, iso) => {
    expect(parseKubectlTime(text)).toBe(iso);
  });

  it.each([
    ['  Mon, 13 Dec 2021 19:45:38 -0800  ', '2021-12-14T03:45:38Z'],
    ['\t2016-08-16 13:44:05 +0200 CEST', '2016-08-16T11:44:05Z'],
  ])('reads a time with white space around it: %j', (text, iso) => {
    expect(parseKubectlTime(text)).toBe(iso);
  });

  it.each([
    // The time must start the text: a describe field line or a log line is not a time.
    'Started:      Mon, 13 Dec 2021 19:45:38 -0800',
    'Last State:   Terminated at 2016-08-16 13:44:05 +0000 UTC',
    '[2016-08-16 13:44:05] GET /healthz 200',
    // A month kubectl (Go) never prints.
    'Mon, 13 Dez 2021 19:45:38 -0800',
    '<unknown>',
    '',
  ])('is not a time: %j', (text) => {
    expect(parseKubectlTime(text)).toBeUndefined();
  });
});

// The AGE column of describe's Events and of `kubectl get events`.
describe('parseInterval', () => {
  it.each([
    ['106s (x298 over 11m)', { last: 106, first: 660, count: 298 }],
    ['3m (x4 over 10m)', { last: 180, first: 600, count: 4 }],
    ['2m (x12 over 2d)', { last: 120, first: 172800, count: 12 }],
    ['38s', { last: 38, first: 38, count: 1 }],
    ['  5m2s  ', { last: 302, first: 302, count: 1 }],
    ['\t19d', { last: 1641600, first: 1641600, count: 1 }],
    // An unknown last-seen age keeps its count but has no ages.
    ['<unknown>', { count: 1 }],
    ['<invalid>', { count: 1 }],
    ['<unknown> (x3 over <unknown>)', { count: 3 }],
    ['<invalid> (x7 over 5m)', { first: 300, count: 7 }],
    ['5m (x2 over <unknown>)', { last: 300, count: 2 }],
  ])('%j', (text, interval) => {
    // toStrictEqual: an age that is not known is left out, not set to undefined.
    expect(parseInterval(text)).toStrictEqual(interval);
  });

  it.each([
    // The whole cell must be the age: a wrapped or cut cell is not one.
    '5m ago',
    '3m (x4 over 10m',
    'Warning 5m',
    '5m 3m',
    'FailedScheduling',
    '',
  ])('is not an age: %j', (text) => {
    expect(parseInterval(text)).toBeUndefined();
  });
});
