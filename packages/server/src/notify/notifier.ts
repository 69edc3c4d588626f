/**
 * "Your turn" where the player is: when a match held here waits for a seat's decision, the seat is bound
 * to an account, and nobody of that seat is at the table, the player is told — once per decision, whichever
 * process sees it (the `notices` table) — by each channel they chose: this browser's notifications (web
 * push), an e-mail, a webhook (JSON, Discord-compatible). Only the seat whose decision it is (a response
 * window, which the rules open for seats whether or not they could answer, is not a decision anyone is
 * told of). A failing channel is logged and does not stop the others.
 */
import type { Transporter } from 'nodemailer';
import { createTransport } from 'nodemailer';
import type { Account, Accounts } from '@tabula/store';
import type { Locale } from '@tabula/engine';
import type { NotifySettings } from '../protocol.js';
import type { MatchRuntime } from '../runtime.js';
import { refusedUrl } from './hosts.js';
import type { VapidKeys } from './push.js';
import { makeVapidKeys, sendPush } from './push.js';

export interface NotifyOptions {
  /** Where players open the site (links in notices): e.g. https://tabula.example. */
  publicUrl: string;
  /** SMTP server (smtp:// or smtps:// URL with credentials), if e-mails are sent. */
  smtpUrl?: string;
  /** The sender of e-mails. */
  mailFrom?: string;
  /** Allow webhooks and push services on any host, plain HTTP included (tests, closed networks). */
  allowPrivateHosts?: boolean;
  /** The VAPID subject: a mailto: or https: URL of the server's operator. */
  vapidSubject?: string;
  /**
   * How long a decision waits before its player is told (ms, default 10 s): someone who just created a
   * match, or is reloading the page, is not told of a decision they are about to see.
   */
  graceMs?: number;
}

export interface Notice {
  match: string;
  seat: number;
  game: string;
  title: string;
  body: string;
  url: string;
}

const WORDS: Record<Locale, { title: string; body: string }> = {
  en: { title: 'Your turn: {game}', body: '{name}, the match “{match}” waits for your decision.' },
  ru: { title: 'Ваш ход: {game}', body: '{name}, партия «{match}» ждёт вашего решения.' },
};

const fill = (t: string, p: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => p[k] ?? '');

export class Notifier {
  private vapid: Promise<VapidKeys> | null = null;
  private mail: Transporter | null = null;
  /** Decisions told of (or being told) here, so a match's moves do not ask the database each time. */
  private told = new Set<string>();
  /** Every delivery attempted, for tests and the log. */
  readonly sent: { channel: 'push' | 'email' | 'webhook'; to: string; ok: boolean; notice: Notice }[] = [];

  constructor(
    private readonly accounts: Accounts,
    private readonly o: NotifyOptions,
    private readonly connected: (matchId: string, seat: number) => boolean,
  ) {
    if (o.smtpUrl) this.mail = createTransport(o.smtpUrl);
  }

  /** The server's VAPID keys, made on the first start and kept in the database. */
  vapidKeys(): Promise<VapidKeys> {
    return (this.vapid ??= this.accounts.serverKey('vapid', makeVapidKeys));
  }

  /** After a change of a match: tells the seats its new decisions wait for, if they are away. */
  changed(rt: MatchRuntime): void {
    if (rt.row.status !== 'active') return;
    for (const p of rt.prompts()) {
      if (p.window || p.optional) continue;
      const since = rt.promptSince.get(p.seat);
      if (!since) continue;
      const key = `${rt.row.id}:${p.seat}:${since.v}`;
      if (this.told.has(key) || this.connected(rt.row.id, p.seat)) continue;
      const account = rt.accountOf(p.seat);
      if (!account) continue;
      this.told.add(key);
      if (this.told.size > 20_000) this.told.clear();
      const seat = p.seat;
      const timer = setTimeout(() => {
        // Still the same decision, still away: told now (else told when they leave, if it still waits).
        if (
          rt.row.status !== 'active' ||
          rt.promptSince.get(seat)?.v !== since.v ||
          this.connected(rt.row.id, seat) ||
          !rt.prompts().some((x) => x.seat === seat && !x.window && !x.optional)
        ) {
          this.told.delete(key);
          return;
        }
        void this.tell(rt, seat, since.v, account).catch((e: unknown) =>
          console.error(`tabula: a "your turn" notice failed: ${(e as Error)?.message ?? String(e)}`),
        );
      }, this.o.graceMs ?? 10_000);
      timer.unref();
    }
  }

  private async tell(rt: MatchRuntime, seat: number, v: number, accountId: string): Promise<void> {
    const a = await this.accounts.byId(accountId);
    if (!a) return;
    const n = notifyOf(a);
    if (!n.push && !(n.emailOn && n.email) && !(n.webhookOn && n.webhook)) return;
    // Once per decision, whichever process gets here first.
    if (!(await this.accounts.noteNotice(rt.row.id, seat, v))) return;
    const notice = this.notice(rt, seat, a, n.locale === 'ru' ? 'ru' : 'en');
    const jobs: Promise<void>[] = [];
    if (n.push) jobs.push(this.push(a, notice));
    if (n.emailOn && n.email) jobs.push(this.email(n.email, notice));
    if (n.webhookOn && n.webhook) jobs.push(this.webhook(n.webhook, notice));
    await Promise.all(jobs);
  }

  private notice(rt: MatchRuntime, seat: number, a: Account, locale: Locale): Notice {
    const g = rt.game;
    const gameName =
      (g.info && g.messages[locale]?.[g.info.name]) || g.messages.en?.[g.info?.name ?? ''] || g.id;
    const matchName = (rt.settings.name as string | null | undefined) || gameName;
    const url = `${this.o.publicUrl.replace(/\/$/, '')}/#/m/${rt.row.id}`;
    const w = WORDS[locale];
    return {
      match: rt.row.id,
      seat,
      game: g.id,
      title: fill(w.title, { game: gameName }),
      body: fill(w.body, { name: a.name, match: matchName }),
      url,
    };
  }

  private record(channel: 'push' | 'email' | 'webhook', to: string, ok: boolean, notice: Notice): void {
    this.sent.push({ channel, to, ok, notice });
    if (this.sent.length > 1000) this.sent.splice(0, 500);
    if (!ok) console.error(`tabula: a "your turn" ${channel} to ${to.slice(0, 80)} failed`);
  }

  private async push(a: Account, notice: Notice): Promise<void> {
    const keys = await this.vapidKeys();
    const subject = this.o.vapidSubject ?? this.o.publicUrl;
    for (const s of await this.accounts.pushSubscriptions(a.id)) {
      let ok = false;
      try {
        if ((await refusedUrl(s.endpoint, !!this.o.allowPrivateHosts)) === null) {
          const status = await sendPush(
            s,
            {
              title: notice.title,
              body: notice.body,
              url: notice.url,
              tag: `${notice.match}:${notice.seat}`,
            },
            keys,
            subject,
          );
          ok = status >= 200 && status < 300;
          if (status === 404 || status === 410) await this.accounts.removePush(s.endpoint);
        }
      } catch {
        ok = false;
      }
      this.record('push', s.endpoint, ok, notice);
    }
  }

  private async email(to: string, notice: Notice): Promise<void> {
    if (!this.mail) return;
    let ok = false;
    try {
      await this.mail.sendMail({
        from: this.o.mailFrom ?? 'Tabula <tabula@localhost>',
        to,
        subject: notice.title,
        text: `${notice.body}\n\n${notice.url}\n`,
      });
      ok = true;
    } catch {
      ok = false;
    }
    this.record('email', to, ok, notice);
  }

  private async webhook(url: string, notice: Notice): Promise<void> {
    let ok = false;
    try {
      if ((await refusedUrl(url, !!this.o.allowPrivateHosts)) === null) {
        // Discord reads `content` (and `username`); other services read `tabula`.
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: 'Tabula',
            content: `${notice.title} — ${notice.body} ${notice.url}`,
            tabula: { event: 'yourTurn', ...notice },
          }),
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        ok = res.status >= 200 && res.status < 300;
      }
    } catch {
      ok = false;
    }
    this.record('webhook', url, ok, notice);
  }

  async close(): Promise<void> {
    this.mail?.close();
  }
}

export function notifyOf(a: Account): NotifySettings {
  return ((a.settings as { notify?: NotifySettings }).notify ?? {}) as NotifySettings;
}
