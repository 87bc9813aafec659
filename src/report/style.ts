/** Minimal ANSI styling; a plain style (no colour) is used off a TTY and with NO_COLOR. */
export interface Style {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  blue(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export const colour: Style = {
  red: wrap(31, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  blue: wrap(34, 39),
  dim: wrap(2, 22),
  bold: wrap(1, 22),
};

const id = (s: string): string => s;
export const plain: Style = { red: id, green: id, yellow: id, blue: id, dim: id, bold: id };
