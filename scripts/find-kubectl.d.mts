export interface Kubectl {
  /** "1.NN" */
  readonly name: string;
  readonly bin: string;
  readonly minor: number;
  /** Found as kubectl.1.NN in the versioned install folder, not as a plain kubectl on PATH. */
  readonly versioned: boolean;
}
export interface FindOptions {
  /** Defaults to process.env.PATH. */
  readonly path?: string;
  /** Defaults to KUBECTL_VERSIONED_DIR, else /usr/lib/google-cloud-sdk/bin. */
  readonly versionedDir?: string;
}
export const MIN_MINOR: number;
export const DEFAULT_VERSIONED_DIR: string;
export function clientMinor(bin: string): number | undefined;
export function findKubectls(options?: FindOptions): Kubectl[];
export function defaultKubectl(options?: FindOptions): Kubectl | undefined;
