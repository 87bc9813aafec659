/** The cluster's Kubernetes version, for wording and behaviour that changed between releases. */

/** "v1.31.4" → 1031 (major × 1000 + minor); 0 when unreadable. */
export function minorVersion(version: string): number {
  const m = /^v?(\d+)\.(\d+)/.exec(version);
  return m === null ? 0 : Number(m[1]) * 1000 + Number(m[2]);
}

export const atLeast = (version: string, major: number, minor: number): boolean =>
  minorVersion(version) >= major * 1000 + minor;
