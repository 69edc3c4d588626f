/** A tiny command-line parser shared by the bench entry points. */

export interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

export function parseArgs(argv: readonly string[], withValue: readonly string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
    if (eq >= 0) flags.set(name, a.slice(eq + 1));
    else if (withValue.includes(name)) {
      const v = argv[++i];
      if (v === undefined) throw new Error(`--${name} needs a value`);
      flags.set(name, v);
    } else flags.set(name, true);
  }
  return { positional, flags };
}

export function numberFlag(p: Parsed, name: string, fallback: number, integer = false): number {
  const v = p.flags.get(name);
  if (v === undefined) return fallback;
  const x = Number(v);
  if (v === true || !Number.isFinite(x) || x < 0 || (integer && !Number.isInteger(x)))
    throw new Error(`--${name} must be a ${integer ? 'whole ' : ''}number ≥ 0`);
  return x;
}

export function checkFlags(p: Parsed, known: readonly string[]): void {
  for (const k of p.flags.keys())
    if (!known.includes(k))
      throw new Error(`unknown option --${k} (known: ${known.map((x) => `--${x}`).join(', ')})`);
}

/**
 * The game options of every `--option KEY=VALUE` (or `--option=KEY=VALUE`) on the command line, repeated
 * for several; the value is the text after the first `=` (`parseOptions` of the game judges it).
 */
export function gameOptions(argv: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    let pair: string | undefined;
    if (a === '--option') pair = argv[++i];
    else if (a.startsWith('--option=')) pair = a.slice('--option='.length);
    else continue;
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq <= 0) throw new Error(`--option needs KEY=VALUE (got ${pair ?? 'nothing'})`);
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}
