/**
 * A game's options, drawn from what the game declares (GET /api/games → options): a choice is a
 * select (one per seat where the option is per seat), a flag a checkbox (a flag that fixes the player
 * count sets it), a number a number field, a file a file picker whose JSON becomes the value. Values the
 * player leaves at their default are not sent: the game's defaults apply.
 */
import { useState } from 'react';
import type { GameSummary, OptionSummary } from '@tabula/protocol';
import { useLocale, useT } from '../i18n/index.js';

export function OptionsForm({
  game,
  players,
  values,
  onChange,
}: {
  game: GameSummary;
  players: number;
  values: Record<string, unknown>;
  /** New values, and the player count a flag fixes (a solo mode), if one does. */
  onChange: (values: Record<string, unknown>, players?: number) => void;
}) {
  const { locale } = useLocale();
  const t = useT();
  const [fileError, setFileError] = useState<string | null>(null);
  if (game.options.length === 0) return null;
  const set = (key: string, v: unknown, fixed?: number) => {
    const next = { ...values };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange(next, fixed);
  };
  const field = (o: OptionSummary) => {
    const label = o.label[locale];
    const help = o.help?.[locale];
    const id = `opt-${game.id}-${o.key}`;
    switch (o.kind) {
      case 'choice': {
        const select = (value: string, onPick: (v: string) => void, name: string) => (
          <select aria-label={name} value={value} onChange={(e) => onPick(e.target.value)}>
            {o.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label[locale]}
              </option>
            ))}
          </select>
        );
        if (!o.perSeat) {
          const v = (values[o.key] as string | undefined) ?? o.default;
          return (
            <label key={o.key} htmlFor={id} title={help}>
              {label} {select(v, (x) => set(o.key, x === o.default ? undefined : x), label)}
            </label>
          );
        }
        const list = Array.isArray(values[o.key])
          ? (values[o.key] as string[])
          : Array.from({ length: players }, () => (values[o.key] as string | undefined) ?? o.default);
        return (
          <fieldset key={o.key} title={help}>
            <legend>{label}</legend>
            {Array.from({ length: players }, (_, i) => (
              <label key={i}>
                {t('lobby.seat', { n: i + 1 })}{' '}
                {select(
                  list[i] ?? o.default,
                  (x) => {
                    const next = Array.from({ length: players }, (_, j) =>
                      j === i ? x : (list[j] ?? o.default),
                    );
                    set(o.key, next.every((y) => y === o.default) ? undefined : next);
                  },
                  `${label}, ${t('lobby.seat', { n: i + 1 })}`,
                )}
              </label>
            ))}
          </fieldset>
        );
      }
      case 'flag': {
        const on = (values[o.key] as boolean | undefined) ?? o.default;
        return (
          <label key={o.key} title={help}>
            <input
              type="checkbox"
              checked={on}
              onChange={(e) =>
                set(
                  o.key,
                  e.target.checked === o.default ? undefined : e.target.checked,
                  e.target.checked ? o.players : undefined,
                )
              }
            />{' '}
            {label}
          </label>
        );
      }
      case 'number': {
        const v = (values[o.key] as number | undefined) ?? o.default;
        return (
          <label key={o.key} title={help}>
            {label}{' '}
            <input
              type="number"
              min={o.min}
              max={o.max}
              value={v}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (Number.isFinite(n)) set(o.key, n === o.default ? undefined : n);
              }}
            />
          </label>
        );
      }
      case 'file':
        return (
          <label key={o.key} title={help}>
            {label}{' '}
            <input
              type="file"
              accept="application/json,.json"
              onChange={(e) => {
                const f = e.target.files?.[0];
                setFileError(null);
                if (!f) return set(o.key, undefined);
                void f.text().then(
                  (text) => {
                    try {
                      set(o.key, JSON.parse(text));
                    } catch {
                      setFileError(t('lobby.badFile', { name: f.name }));
                    }
                  },
                  () => setFileError(t('lobby.badFile', { name: f.name })),
                );
              }}
            />
          </label>
        );
    }
  };
  return (
    <fieldset className="game-options">
      <legend>{t('lobby.options')}</legend>
      {game.options.map(field)}
      {fileError && (
        <p className="error" role="alert">
          {fileError}
        </p>
      )}
    </fieldset>
  );
}
