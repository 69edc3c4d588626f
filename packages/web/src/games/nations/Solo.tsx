/**
 * The solo game's virtual opponent: its tile this round (strength, stability, books, workers it sets; the
 * architects and famine), its current values against mine, what its die will do after my purchases, hires
 * and military deployments (1–4: that column of the progress board is cleared, a war in it bought by the
 * opponent; 5–6: the tile's action), the last roll, the stability and book contests, and the difficulty.
 */
import { soloTile } from '@tabula/nations';
import { useNat } from './ctx.js';
import { Icon } from './icons.js';
import { ROMAN, tileLines } from './text.js';

export function SoloPanel() {
  const n = useNat();
  const { view, t } = n;
  const vo = view.solo1!;
  const me = 0;
  const p = view.players[me]!;
  const tile = vo.tile ? soloTile(vo.tile) : undefined;
  const age = Math.max(1, Math.ceil(view.round / 2));
  const cmp = (mine: number, theirs: number | null) =>
    theirs === null ? t('nat.ui.soloWin') : mine > theirs ? t('nat.ui.soloWin') : t('nat.ui.soloLose');
  const col = (c: number) =>
    [3, 2, 1]
      .map((row) => view.board[(row - 1) * view.cols + c])
      .filter((b): b is NonNullable<typeof b> => !!b)
      .map((b) => n.card(b.id))
      .join(', ') || t('nat.ui.soloEmptyCol');
  const bookRound = view.opts.soloBookContest === 'everyRound' || view.round % 2 === 0;
  return (
    <section className="nat-solo" aria-labelledby="nat-solo-h" data-testid="nat-solo">
      <h2 id="nat-solo-h">
        <Icon name="solo" /> {t('nat.ui.vo')}
      </h2>
      <p className="nat-solo-level">
        {t('nat.ui.soloLevel', {
          level: n.g(`nat.level.${p.level}`),
          left: view.tileSizes[age - 1] ?? 0,
          age: ROMAN[age] ?? '',
        })}
      </p>
      <table className="nat-solo-cmp">
        <caption className="sr-only">{t('nat.ui.soloCmp')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('nat.ui.soloWhat')}</th>
            <th scope="col">{t('nat.ui.soloYou')}</th>
            <th scope="col">{t('nat.ui.vo')}</th>
            <th scope="col">{t('nat.ui.soloNow')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('nat.ui.strength')}</th>
            <td>{view.strength[me]}</td>
            <td>{vo.strength ?? '—'}</td>
            <td>{cmp(view.strength[me] ?? 0, vo.strength)}</td>
          </tr>
          <tr>
            <th scope="row">{t('nat.ui.stability')}</th>
            <td>{view.stability[me]}</td>
            <td>{vo.stability ?? '—'}</td>
            <td>
              {t(
                (view.stability[me] ?? 0) > (vo.stability ?? -Infinity)
                  ? 'nat.ui.soloStabWin'
                  : 'nat.ui.soloStabLose',
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">{n.g('nat.res.books')}</th>
            <td>{p.res.books}</td>
            <td>{vo.books}</td>
            <td>
              {bookRound
                ? t(p.res.books > vo.books ? 'nat.ui.soloBookWin' : 'nat.ui.soloBookLose')
                : cmp(p.res.books, vo.books)}
            </td>
          </tr>
          {vo.workers !== null && (
            <tr>
              <th scope="row">{t('nat.ui.workers')}</th>
              <td>{view.workers[me]}</td>
              <td>{vo.workers}</td>
              <td>{cmp(view.workers[me] ?? 0, vo.workers)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <h3>{t('nat.ui.soloDie')}</h3>
      <p className="nat-hint">
        {vo.ahead ? t('nat.ui.soloRollsAhead') : t('nat.ui.soloRolls')}
        {vo.lastRoll !== null && ` ${t('nat.ui.soloLast', { n: vo.lastRoll })}`}
      </p>
      <ul className="nat-solo-die">
        {Array.from({ length: Math.min(4, view.cols) }, (_, c) => (
          <li key={c}>
            <b>{c + 1}</b>: {col(c)}
          </li>
        ))}
        {tile && (
          <li>
            <b>5–6</b>: {tileLines(tile, n.locale)[1] ?? ''}
          </li>
        )}
      </ul>
    </section>
  );
}
