import type { ReasonOf } from '../../model/index.js';
import { normaliseMessage } from '../shared/text-scan.js';

/**
 * Classifies the runtime's text when it could not start a container's process into a
 * container-start reason code, and names the executable or mount destination it was about.
 * Whether a text is a start failure at all is shared/start-failure.ts's question.
 */
export type StartErrorCode = ReasonOf<'container-start'>;

/** A bind mount or rootfs step failed: "no such file or directory" there is about a mount source, not the executable. */
const MOUNT =
  /rootfs_linux\.go|error mounting|mounting \\*"|\bmount(?:ing)? .* to rootfs|volume-subpaths|trying to mount a directory onto a file|mount (?:source|target)/i;
const EXEC_FORMAT = /exec format error/i;
const EXEC_NOT_FOUND = /executable file not found(?: in \$PATH)?|no such file or directory/i;
const EXEC_CONTEXT = /\bexec(?:ve)?\b/i;
const PERMISSION = /permission denied|operation not permitted/i;
/** Docker before 1.10: `API error (404): Container command 'perl1' not found or does not exist.` */
const DOCKER_COMMAND_NOT_FOUND = /Container command '([^']*)' not found or does not exist/i;

/** The executable the runtime tried: exec: "x": … (quotes may be escaped several times in old docker messages). */
const EXECUTABLE = [
  /exec: \\*"(.*?)\\*": (?:stat |executable|no such|permission|exec format)/i,
  /\bexec (\/\S+?):? /i,
];

/** The mount destination named in a rootfs/mount error, when stated. */
const MOUNT_TARGET = [/ at \\*"([^"\\]+)\\*"/i, /mounting \\*"([^"\\]+)\\*"/i];

export interface StartErrorClass {
  readonly code: StartErrorCode;
  /** True when the failure is a volume or subPath mount inside the runtime (code StartError). */
  readonly mount: boolean;
  /** The executable (exec errors) or mount destination (mount errors), '' when not stated. */
  readonly subject: string;
  /** The fragment that decided it. */
  readonly matched: string;
}

function firstGroup(patterns: readonly RegExp[], text: string): string {
  for (const p of patterns) {
    const m = p.exec(text);
    // Docker reports host paths: keep the part inside the container's rootfs.
    if (m?.[1] !== undefined) return m[1].replace(/\\+"/g, '"').replace(/^.*\/merged(?=\/)/, '');
  }
  return '';
}

/** Classifies a runtime start error; anything unrecognised is StartError. */
export function classifyStartError(message: string): StartErrorClass {
  const text = normaliseMessage(message);
  const mount = MOUNT.exec(text);
  if (mount !== null) {
    return { code: 'StartError', mount: true, subject: firstGroup(MOUNT_TARGET, text), matched: mount[0] };
  }
  const format = EXEC_FORMAT.exec(text);
  if (format !== null)
    return {
      code: 'ExecFormatError',
      mount: false,
      subject: firstGroup(EXECUTABLE, text),
      matched: format[0],
    };
  const notFound = EXEC_NOT_FOUND.exec(text);
  if (notFound !== null && EXEC_CONTEXT.test(text)) {
    return {
      code: 'ExecutableNotFound',
      mount: false,
      subject: firstGroup(EXECUTABLE, text),
      matched: notFound[0],
    };
  }
  const dockerCommand = DOCKER_COMMAND_NOT_FOUND.exec(text);
  if (dockerCommand !== null) {
    return {
      code: 'ExecutableNotFound',
      mount: false,
      subject: dockerCommand[1] ?? '',
      matched: dockerCommand[0],
    };
  }
  const permission = PERMISSION.exec(text);
  if (permission !== null) {
    return {
      code: 'PermissionDenied',
      mount: false,
      subject: firstGroup(EXECUTABLE, text),
      matched: permission[0],
    };
  }
  return { code: 'StartError', mount: false, subject: '', matched: '' };
}
