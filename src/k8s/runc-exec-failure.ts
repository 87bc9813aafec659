/**
 * The line runc's init process prints to the container's own output when the final execve of the
 * entrypoint fails after the container was started, so the runtime reports an ordinary exit (code 1)
 * instead of StartError: `exec /entrypoint.sh: exec format error` (runc >= 1.1),
 * `standard_init_linux.go:228: exec user process caused: exec format error` (runc 1.0),
 * `standard_init_linux.go:190: exec user process caused "no such file or directory"` (older).
 * The process never ran: it is the image's entrypoint (wrong CPU architecture, a script with CRLF
 * line endings or a missing interpreter), not the application.
 */
export const RUNC_EXEC_FAILURE_SOURCE =
  '(?:standard_init_linux\\.go:\\d+: exec user process caused:? ?"?|exec \\S+: )(?:exec format error|no such file or directory|permission denied)"?';

/** The whole line is runc's exec failure. */
export const RUNC_EXEC_FAILURE = new RegExp(`^${RUNC_EXEC_FAILURE_SOURCE}$`);
