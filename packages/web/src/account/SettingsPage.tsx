/**
 * The signed-in player's settings: a password change, and where "your turn" notices reach them — this
 * browser's notifications (Push API, VAPID key from the server, the service worker /sw.js), an e-mail,
 * a webhook.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocale, useT } from '../i18n/index.js';
import { api } from '../net/api.js';
import type { NotifySettings } from '../net/api.js';
import { useAccount } from './context.js';

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export const pushSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';

/** This browser's push subscription for the signed-in player, made and sent to the server. */
export async function enablePush(): Promise<'on' | 'denied' | 'unsupported'> {
  if (!pushSupported() || typeof Notification === 'undefined') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  await navigator.serviceWorker.register('/sw.js');
  const reg = await navigator.serviceWorker.ready;
  const { key } = await api.pushKey();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await api.pushSubscribe(sub.toJSON());
  return 'on';
}

export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await api.pushUnsubscribe(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe();
  }
}

export function SettingsPage() {
  const t = useT();
  const { account, setAccount } = useAccount();
  const { locale } = useLocale();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [pwNote, setPwNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [notify, setNotify] = useState<NotifySettings>({});
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [pushNote, setPushNote] = useState<string | null>(null);
  useEffect(() => {
    if (account) setNotify(account.notify);
  }, [account]);
  // Whether this very browser is subscribed (the account's flag covers all its browsers).
  const [here, setHere] = useState<boolean | null>(null);
  useEffect(() => {
    if (!pushSupported()) return;
    navigator.serviceWorker
      .getRegistration('/')
      .then((reg) => reg?.pushManager.getSubscription())
      .then(
        (sub) => setHere(!!sub),
        () => setHere(false),
      );
  }, []);
  const pushHere = here ?? !!notify.push;
  if (account === undefined) return <p role="status">…</p>;
  if (!account)
    return (
      <main className="account-page">
        <p>
          <a href="#/signin">{t('account.signInToSee')}</a>
        </p>
      </main>
    );
  const changePassword = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.changePassword(current, next);
      setPwNote({ ok: true, text: t('account.passwordChanged') });
      setCurrent('');
      setNext('');
    } catch (err) {
      setPwNote({ ok: false, text: t('account.error', { message: (err as Error).message }) });
    }
  };
  const save = async (patch: NotifySettings) => {
    try {
      // Notices come in the language the player reads the site in.
      const r = await api.saveNotify({ ...patch, locale });
      setAccount(r.account);
      setNote({ ok: true, text: t('account.saved') });
    } catch (err) {
      setNote({ ok: false, text: t('account.error', { message: (err as Error).message }) });
    }
  };
  const togglePush = async () => {
    setPushNote(null);
    try {
      if (pushHere) {
        await disablePush();
        setHere(false);
        await save({ push: false });
        return;
      }
      const r = await enablePush();
      if (r === 'on') {
        setHere(true);
        await save({ push: true });
        setPushNote(t('notify.pushEnabled'));
      } else setPushNote(t(r === 'denied' ? 'notify.pushDenied' : 'notify.pushUnsupported'));
    } catch (err) {
      setPushNote(t('account.error', { message: (err as Error).message }));
    }
  };
  return (
    <main className="account-page" data-testid="settings">
      <h1>{t('account.settingsOf', { name: account.name })}</h1>
      <section aria-labelledby="notify-title">
        <h2 id="notify-title">{t('notify.title')}</h2>
        <p>{t('notify.explain')}</p>
        <p>
          <button type="button" onClick={() => void togglePush()} data-testid="push-toggle">
            {pushHere ? t('notify.pushOff') : t('notify.pushOn')}
          </button>
        </p>
        {pushNote && <p role="status">{pushNote}</p>}
        <form
          className="account-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save({
              email: notify.email ?? '',
              emailOn: !!notify.emailOn,
              webhook: notify.webhook ?? '',
              webhookOn: !!notify.webhookOn,
            });
          }}
        >
          <label className="check">
            <input
              type="checkbox"
              checked={!!notify.emailOn}
              onChange={(e) => setNotify({ ...notify, emailOn: e.target.checked })}
            />{' '}
            {t('notify.emailOn')}
          </label>
          <label>
            {t('notify.email')}
            <input
              type="email"
              value={notify.email ?? ''}
              maxLength={200}
              autoComplete="email"
              onChange={(e) => setNotify({ ...notify, email: e.target.value })}
            />
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={!!notify.webhookOn}
              onChange={(e) => setNotify({ ...notify, webhookOn: e.target.checked })}
            />{' '}
            {t('notify.webhookOn')}
          </label>
          <label>
            {t('notify.webhook')}
            <input
              type="url"
              value={notify.webhook ?? ''}
              maxLength={500}
              onChange={(e) => setNotify({ ...notify, webhook: e.target.value })}
            />
          </label>
          <button type="submit">{t('account.save')}</button>
          {note && (
            <p role={note.ok ? 'status' : 'alert'} className={note.ok ? '' : 'error'}>
              {note.text}
            </p>
          )}
        </form>
      </section>
      <section aria-labelledby="password-title">
        <h2 id="password-title">{t('account.changePassword')}</h2>
        <form className="account-form" onSubmit={changePassword} data-testid="password-form">
          <label>
            {t('account.currentPassword')}
            <input
              type="password"
              value={current}
              autoComplete="current-password"
              onChange={(e) => setCurrent(e.target.value)}
              required
            />
          </label>
          <label>
            {t('account.newPassword')}
            <input
              type="password"
              value={next}
              autoComplete="new-password"
              minLength={8}
              onChange={(e) => setNext(e.target.value)}
              required
            />
          </label>
          <button type="submit">{t('account.changePassword')}</button>
          {pwNote && (
            <p role={pwNote.ok ? 'status' : 'alert'} className={pwNote.ok ? '' : 'error'}>
              {pwNote.text}
            </p>
          )}
        </form>
      </section>
    </main>
  );
}
