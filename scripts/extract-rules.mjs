#!/usr/bin/env node
/**
 * Extracts the rule texts of the Age of Heroes specification, for the rule links of the game log.
 *
 *   node scripts/extract-rules.mjs [spec.md] [out.json]
 *   node scripts/extract-rules.mjs --check [spec.md] [out.json]   (exit 1 if out.json is stale)
 *
 * Defaults: spec `../shared/rules/age-of-heroes.md` and output
 * `packages/games/age-of-heroes/src/data/rules.en.json`, both relative to the repository root.
 * Given paths are relative to the current directory.
 *
 * What counts as a rule:
 * - a list item starting with a bold ID, `- **AOH-XXX-N** text…`, with its continuation lines and
 *   nested sub-bullets; an item ending with ":" also takes the table that follows it (rows joined
 *   with ";", cells with "—");
 * - a decision-point table row, `| **AOH-DP-N** | Decision | Actor | When | Options | Default |`;
 * - a worked example heading, `**AOH-EX-R1 — Title** (rules…)`: the title line.
 * Texts are flattened to one paragraph of plain text (markdown stripped) and cut to MAX characters.
 * The output is deterministic: keys sorted, 2-space JSON. The JSON is committed; the Russian
 * translation (rules.ru.json) is kept by hand with the same keys.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX = 600;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const ITEM = /^- \*\*(AOH-[A-Z]+(?:-[A-Z]+)*-\d+)\*\*\s*(.*)$/;
const DP_ROW = /^\|\s*\*\*(AOH-DP-\d+)\*\*\s*\|(.*)\|\s*$/;
const EXAMPLE = /^\*\*(AOH-EX-[A-Z]+\d+)\s*[—–-]\s*(.*?)\*\*\s*(.*)$/;

/** Markdown inline syntax to plain text. */
export function plain(md) {
  return md
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/__([^_]+)__/g, '$1')
    .replace(/(^|[\s(])\*([^*\s][^*]*?)\*(?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts a text to at most `max` characters at a word boundary, ending it with "…". */
export function cut(text, max = MAX) {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).replace(/[\s,;:—–-]+$/, '')}…`;
}

const cells = (row) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => plain(c));

const ends = (s) => /[.;:!?…]$/.test(s);

/** Joins flattened pieces into one paragraph, closing a sub-bullet that has no final punctuation. */
function join(pieces) {
  let out = '';
  for (const p of pieces) {
    if (!p.text) continue;
    if (!out) out = p.text;
    else out += `${p.bullet && !ends(out) ? ';' : ''} ${p.text}`;
  }
  return out;
}

export function extract(markdown) {
  const lines = markdown.split(/\r?\n/);
  const rules = new Map();
  const notes = [];
  const put = (id, text, line) => {
    if (rules.has(id)) notes.push(`line ${line}: ${id} defined again (the first definition is kept)`);
    else if (!text) notes.push(`line ${line}: ${id} has no text`);
    else rules.set(id, cut(text));
  };
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      fence = !fence;
      continue;
    }
    if (fence) continue;

    const dp = DP_ROW.exec(line);
    if (dp) {
      const [decision, actor, when, options, timeout] = cells(dp[2]);
      const fallback = !timeout || timeout === '—' || timeout === '-' ? 'none' : timeout;
      put(dp[1], `${[decision, actor, when, options].join(' — ')} — Timeout default: ${fallback}.`, i + 1);
      continue;
    }

    const ex = EXAMPLE.exec(line);
    if (ex) {
      put(ex[1], plain(`${ex[2]} ${ex[3]}`), i + 1);
      continue;
    }

    const item = ITEM.exec(line);
    if (!item) continue;
    const start = i;
    const pieces = [{ text: plain(item[2]), bullet: false }];
    // Continuation lines and nested sub-bullets: indented lines, or unindented lazy continuations.
    while (i + 1 < lines.length) {
      const next = lines[i + 1];
      if (!next.trim() || /^(- |#|\||\s*```|\*\*AOH-|---)/.test(next)) break;
      i++;
      const sub = /^\s+[-*+]\s+(.*)$/.exec(next);
      pieces.push(sub ? { text: plain(sub[1]), bullet: true } : { text: plain(next), bullet: false });
    }
    let text = join(pieces);
    // An item that introduces a table or a code block (it ends with ":"): take the table's rows.
    if (text.endsWith(':')) {
      let j = i + 1;
      while (j < lines.length && !lines[j].trim()) j++;
      if (lines[j]?.startsWith('|')) {
        const rows = [];
        for (; j < lines.length && lines[j].startsWith('|'); j++) {
          if (/^\|[\s|:-]+\|\s*$/.test(lines[j])) continue; // separator row
          rows.push(cells(lines[j]));
        }
        // The first row is the header: it names the columns and is not repeated.
        const body = rows
          .slice(1)
          .map((r) => r.filter(Boolean).join(' — ').replace(/\.$/, ''))
          .join('; ');
        text = `${text} ${body}${ends(body) ? '' : '.'}`;
      } else if (/^\s*```/.test(lines[j] ?? '')) {
        text = `${text.slice(0, -1)} (given as a code block in the specification).`;
      }
    }
    put(item[1], text, start + 1);
  }
  return { rules, notes };
}

export function toJson(rules) {
  const sorted = Object.fromEntries([...rules.entries()].sort(([a], [b]) => compareIds(a, b)));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** ID order: by prefix, then by number (AOH-BATTLE-2 before AOH-BATTLE-10). */
export function compareIds(a, b) {
  const split = (id) => {
    const m = /^(.*?)(\d+)$/.exec(id);
    return m ? [m[1], Number(m[2])] : [id, 0];
  };
  const [pa, na] = split(a);
  const [pb, nb] = split(b);
  return pa < pb ? -1 : pa > pb ? 1 : na - nb;
}

function main(argv) {
  const check = argv.includes('--check');
  const args = argv.filter((a) => a !== '--check');
  const spec = args[0] ? resolve(args[0]) : resolve(ROOT, '../shared/rules/age-of-heroes.md');
  const out = args[1]
    ? resolve(args[1])
    : resolve(ROOT, 'packages/games/age-of-heroes/src/data/rules.en.json');
  const { rules, notes } = extract(readFileSync(spec, 'utf8'));
  for (const n of notes) console.warn(`extract-rules: ${n}`);
  const json = toJson(rules);
  if (check) {
    let old = '';
    try {
      old = readFileSync(out, 'utf8');
    } catch {
      /* missing: stale */
    }
    if (old !== json) {
      console.error(`extract-rules: ${out} is out of date; run node scripts/extract-rules.mjs`);
      process.exit(1);
    }
    console.log(`extract-rules: ${out} is up to date (${rules.size} rules)`);
    return;
  }
  writeFileSync(out, json);
  console.log(`extract-rules: ${rules.size} rules → ${out}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
