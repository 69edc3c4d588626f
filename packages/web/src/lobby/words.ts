/** Words the lobby builds from data: a bot level's name, a clock, how long ago. */
import type { ClockSettings } from '@tabula/protocol';
import { idWords } from '../net/games.js';

type T = (id: string, values?: Record<string, string | number>) => string;

/** A bot level in words ("Beginner — plays by rules of thumb"), keyed by the bot's name; its name in words if unknown. */
export function botLabel(t: T, messages: Record<string, unknown>, bot: string): string {
  const key = `lobby.bot.${bot}`;
  return key in messages ? t(key) : idWords(bot);
}

/** "60 s a decision", "no clock". */
export function clockText(t: T, clock: ClockSettings): string {
  if (clock.mode === 'realtime') return t('lobby.clockShort.realtime', { n: clock.seconds });
  if (clock.mode === 'turn') return t('lobby.clockShort.turn', { n: clock.hours });
  return t('lobby.clockShort.none');
}

/** "2 minutes ago", "yesterday", in the locale. */
export function ago(iso: string, locale: string, now = Date.now()): string {
  const s = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(s);
  if (abs < 45) return rtf.format(0, 'second');
  if (abs < 45 * 60) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 22 * 3600) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86400), 'day');
}
