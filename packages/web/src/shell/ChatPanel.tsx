/** Table chat for deals (free text, never enforced), public or private to one seat. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useT } from '../i18n/index.js';
import type { TableConnection, TableState } from '../net/connection.js';

export function ChatPanel({
  conn,
  state,
  seatName,
}: {
  conn: TableConnection;
  state: TableState;
  seatName: (s: number) => string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [to, setTo] = useState('');
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    conn.chat(text.trim(), to === '' ? undefined : Number(to));
    setText('');
  };
  const seats = state.match ? state.match.seats.map((s) => s.seat).filter((s) => s !== state.seat) : [];
  return (
    <section className="chat" aria-label={t('table.chat')}>
      <h2>{t('table.chat')}</h2>
      <div role="log" aria-live="polite">
        <ol>
          {state.chat.map((c) => (
            <li key={c.id} className={c.to !== null ? 'private' : ''}>
              <b>{c.seat === null ? '—' : seatName(c.seat)}</b>
              {c.to !== null ? ` → ${seatName(c.to)}` : ''}: {c.text}
            </li>
          ))}
        </ol>
      </div>
      {state.seat >= 0 && (
        <form onSubmit={send}>
          <label>
            <span className="sr-only">{t('table.to')}</span>
            <select value={to} onChange={(e) => setTo(e.target.value)} aria-label={t('table.to')}>
              <option value="">{t('table.everyone')}</option>
              {seats.map((s) => (
                <option key={s} value={s}>
                  {seatName(s)}
                </option>
              ))}
            </select>
          </label>
          <input
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('table.chatPlaceholder')}
            aria-label={t('table.chatPlaceholder')}
          />
          <button type="submit">{t('table.send')}</button>
        </form>
      )}
    </section>
  );
}
