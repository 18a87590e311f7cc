import { Console } from 'node:console';
// The one file, not the package's index: the CLI starts without every schema of the API.
import { UNSAFE_TEXT } from '@app/contracts/user-text';

/**
 * The CLI prints what users wrote (support messages, names, notes). Stored text from before the contracts
 * cleaned it, or written by any other path, could still hold ESC, OSC or BEL sequences that retitle, clear or
 * rewrite the operator's terminal, or bidi overrides that reorder what a line shows. Every byte the CLI writes
 * passes through here: the characters the contracts strip from new text are printed as visible \uXXXX escapes
 * instead. Tab and line feed stay.
 */
export const visible = (text: string) =>
  text.replace(UNSAFE_TEXT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function guardStream(stream: NodeJS.WriteStream) {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text =
      typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : null;
    return text === null ? write(chunk, ...rest) : write(visible(text), ...rest);
  }) as NodeJS.WriteStream['write'];
}

/**
 * Makes every byte the CLI writes terminal-safe. The console is made anew without colours (Node colours
 * console.table's cells when FORCE_COLOR is set or stdout is a terminal), so the CLI's own output is plain text
 * and any escape character that reaches the stream came from data: it is shown, never obeyed.
 */
export function guardTerminalOutput() {
  guardStream(process.stdout);
  guardStream(process.stderr);
  globalThis.console = new Console({ stdout: process.stdout, stderr: process.stderr, colorMode: false });
}
