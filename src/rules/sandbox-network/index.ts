import type { Rule } from '../types.js';
import { rule as cniFailed } from './cni-failed.js';
import { rule as cniUnauthorized } from './cni-unauthorized.js';
import { rule as ipExhausted } from './ip-exhausted.js';
import { rule as networkNotReady } from './network-not-ready.js';
import { rule as sandboxFailed } from './sandbox-failed.js';
import { rule as sandboxImage } from './sandbox-image.js';

/** Rules of the sandbox-network stage, sorted by id. */
export const rules: readonly Rule[] = [
  cniFailed,
  cniUnauthorized,
  ipExhausted,
  networkNotReady,
  sandboxFailed,
  sandboxImage,
];
