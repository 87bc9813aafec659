/** Deterministic `kubectl get pods,events -A -o json` text for benchmarks and tests. */
export declare function generateEvidence(options?: {
  readonly pods?: number;
  readonly events?: number;
  readonly seed?: number;
}): { readonly pods: string; readonly events: string };
