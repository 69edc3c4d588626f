/** Terminal input and output behind a small interface, so tests can script a whole session. */
import { createInterface } from 'node:readline';

export interface CliIO {
  /** Writes text to standard output (add your own newline). */
  write(text: string): void;
  /** Writes text to standard error (add your own newline). */
  error(text: string): void;
  /** A transient progress line on standard error (overwritten in place on a terminal). */
  progress(text: string): void;
  /** Ends a progress line, if one is shown. */
  progressDone(): void;
  /** The next input line without its newline, or null at the end of input. */
  readLine(): Promise<string | null>;
  /** Clears the terminal (used between hotseat players). */
  clear(): void;
  /** True when standard input is a terminal. */
  readonly interactive: boolean;
  readonly env: Record<string, string | undefined>;
  /** Releases the input (lets the process exit). */
  close(): void;
}

/** The real terminal: process.stdin/stdout/stderr. Input is read line by line, piped or typed. */
export function nodeIO(): CliIO {
  const queue: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  let rl: ReturnType<typeof createInterface> | undefined;
  let progressShown = false;
  // A closed pipe (`tabula replay … | head`) ends the program quietly instead of crashing it.
  for (const stream of [process.stdout, process.stderr])
    if (stream.listenerCount('error') === 0)
      stream.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(0);
        throw e;
      });
  const start = () => {
    if (rl) return;
    rl = createInterface({ input: process.stdin, terminal: false });
    rl.on('line', (line) => {
      const w = waiting.shift();
      if (w) w(line);
      else queue.push(line);
    });
    rl.on('close', () => {
      ended = true;
      for (const w of waiting.splice(0)) w(null);
    });
  };
  return {
    write: (text) => void process.stdout.write(text),
    error: (text) => void process.stderr.write(text),
    progress(text) {
      if (process.stderr.isTTY) {
        process.stderr.write(`\r${text}\x1b[K`);
        progressShown = true;
      } else process.stderr.write(`${text}\n`);
    },
    progressDone() {
      if (progressShown) process.stderr.write('\n');
      progressShown = false;
    },
    readLine() {
      start();
      if (queue.length) return Promise.resolve(queue.shift()!);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => waiting.push(resolve));
    },
    clear() {
      if (process.stdout.isTTY) process.stdout.write('\x1b[2J\x1b[3J\x1b[H');
      else process.stdout.write('\n'.repeat(3));
    },
    interactive: Boolean(process.stdin.isTTY),
    env: process.env,
    close() {
      rl?.close();
    },
  };
}

/** A scripted session for tests: input lines from a list (then `fallback`, or end of input). */
export interface ScriptedIO extends CliIO {
  readonly stdout: string[];
  readonly stderr: string[];
  /** Everything written to standard output so far. */
  out(): string;
  /** Everything written to standard error so far. */
  err(): string;
  /** How many input lines were read. */
  readonly reads: number;
}

export function scriptedIO(
  lines: readonly string[] = [],
  opts: { fallback?: string; env?: Record<string, string | undefined> } = {},
): ScriptedIO {
  const input = lines.slice();
  const stdout: string[] = [];
  const stderr: string[] = [];
  let reads = 0;
  return {
    stdout,
    stderr,
    write: (text) => void stdout.push(text),
    error: (text) => void stderr.push(text),
    progress: (text) => void stderr.push(`${text}\n`),
    progressDone: () => {},
    readLine() {
      reads++;
      if (input.length) return Promise.resolve(input.shift()!);
      return Promise.resolve(opts.fallback ?? null);
    },
    clear: () => void stdout.push('\n[clear]\n'),
    interactive: false,
    env: opts.env ?? {},
    close: () => {},
    out: () => stdout.join(''),
    err: () => stderr.join(''),
    get reads() {
      return reads;
    },
  };
}
