/** Round, phase and whose turn in plain words; the public last-turn claims; who we wait for. */
import { useAoh } from './ctx.js';

export function StatusStrip() {
  const aoh = useAoh();
  const { view, t, g, who, shape } = aoh;
  const waiting = aoh.props.state.waitingFor.filter((s) => s !== aoh.me);
  const claims = view.over ? [] : view.players.filter((p) => p.alive && p.claim > 0);
  const inTurn = view.phase.startsWith('turn-');
  return (
    <section className="aoh-status" aria-labelledby="aoh-status-h" data-testid="aoh-status">
      <h2 id="aoh-status-h" className="sr-only">
        {t('aoh.ui.status')}
      </h2>
      <p className="aoh-status-line">
        <span className="aoh-pill">{t('aoh.ui.round', { n: view.round })}</span>
        <span className="aoh-pill">{g(`aoh.phase.${view.phase}`)}</span>
        {inTurn && view.active >= 0 && (
          <span className="aoh-pill" data-testid="aoh-active">
            <span aria-hidden="true" className={`aoh-shape seat-c${view.active}`}>
              {shape(view.active)}
            </span>{' '}
            {view.active === aoh.me
              ? t('aoh.ui.yourTurnNow')
              : t('aoh.ui.turnOf', { name: who(view.active) })}
          </span>
        )}
        {waiting.length > 0 && !view.over && (
          <span className="aoh-waiting" role="status">
            {t('aoh.ui.waitingFor', { names: waiting.map(who).join(', ') })}
          </span>
        )}
      </p>
      {claims.map((p) => (
        <p key={p.seat} className="aoh-claim" role="status" data-testid="aoh-claim">
          <span aria-hidden="true">⚑ </span>
          {p.seat === aoh.me
            ? t('aoh.ui.claimMine', { turn: p.claim })
            : t('aoh.ui.claimOther', { name: who(p.seat), turn: p.claim })}
        </p>
      ))}
    </section>
  );
}
