export * from './duration.js';
export * from './pod-status.js';
export * from './quantity.js';
export * from './selector.js';
export * from './taints.js';
export * from './time.js';
export * from './clock.js';
export * from './reference-time.js';
