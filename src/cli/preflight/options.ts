/**
 * `handoff preflight`'s options and output formats.
 */
export interface PreflightOptions {
  readonly file?: readonly string[];
  readonly namespace?: string;
  readonly sim?: string;
  readonly against?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly output?: string;
  readonly verbose?: boolean;
  readonly annotations?: string;
  readonly report?: string[];
  readonly force?: boolean;
  readonly serverDryRun?: boolean;
}

export const PREFLIGHT_FORMATS = ['text', 'json', 'yaml', 'junit', 'markdown'] as const;
