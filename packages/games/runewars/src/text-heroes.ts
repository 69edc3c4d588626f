/** The heroes in the text view (text.ts): each hero in play with its controller, area, attributes and damage. */
import type { Locale, Seat } from '@tabula/engine';
import { translate } from '@tabula/engine';
import { areaName } from './describe.js';
import { messages } from './messages.js';
import type { Pack } from './pack.js';
import type { RwView } from './types.js';

export function heroLines(p: Pack, v: RwView, l: Locale, seatName: (s: Seat) => string): string[] {
  const hs = v.hero;
  if (!hs) return [];
  const tr = (k: string, x?: Record<string, unknown>) => translate([messages], l, k, x);
  const out = ['', tr('rw.text.heroes', { n: hs.deck })];
  for (let h = 0; h < hs.ctl.length; h++) {
    if (hs.ctl[h]! < 0 || hs.at[h]! < 0) continue;
    const x = p.heroes[h]!;
    const att = (a: number) => Math.max(0, x.att[a]! + hs.tr[h * 3 + a]! + (a === 2 ? hs.tb[h]! : 0));
    out.push(
      `  ${tr(hs.rt[h] ? 'rw.text.heroRouted' : 'rw.text.hero', {
        hero: x.name[l],
        seat: seatName(hs.ctl[h]!),
        area: areaName(p, hs.at[h]!, l),
        str: att(0),
        agi: att(1),
        wis: att(2),
        dmg: hs.dmg[h],
        hp: x.health,
      })}`,
    );
  }
  return out;
}
