/** A hand-written deep copy of a state: slices of flat arrays, no generic walk. */
import type { Frame, PlayerState, RwState } from './types.js';

/** A frame's deep copy (every array a frame holds is sliced). */
export function cloneFrame(f: Frame): Frame {
  switch (f.k) {
    case 'place':
      return { ...f, q: f.q.slice() };
    case 'window':
      return { ...f, seats: f.seats.slice(), done: f.done.slice() };
    case 'tactic':
      return { ...f, picks: f.picks.slice() };
    case 'strat':
      return f.hd ? { ...f, d: f.d.slice(), hd: f.hd.slice() } : { ...f, d: f.d.slice() };
    case 'mob':
      return f.hd ? { ...f, d: f.d.slice(), hd: f.hd.slice() } : { ...f, d: f.d.slice() };
    case 'recruit':
      return { ...f, q: f.q.slice() };
    case 'rally':
      return { ...f, done: f.done.slice() };
    case 'cull':
      return { ...f, areas: f.areas.slice() };
    case 'retreat':
      return {
        ...f,
        u: f.u.slice(),
        ...(f.hs ? { hs: f.hs.slice() } : {}),
        ...(f.r ? { r: f.r.slice() } : {}),
      };
    case 'hdraw':
      return { ...f, got: f.got.slice() };
    case 'qph':
      if (f.ch) return { ...f, acted: f.acted.slice(), rd: f.rd?.slice(), ch: f.ch.slice() };
      return f.rd ? { ...f, acted: f.acted.slice(), rd: f.rd.slice() } : { ...f, acted: f.acted.slice() };
    case 'duel':
      return {
        ...f,
        c: f.c.slice(),
        hp: f.hp.slice(),
        dealt: f.dealt.slice(),
        ward: f.ward.slice(),
        wpn: f.wpn.slice(),
        arm: f.arm.slice(),
        inc: f.inc.slice(),
        pre: f.pre.slice(),
        all: f.all.slice(),
        sp: f.sp.slice(),
        sb: f.sb.slice(),
        hl: f.hl.slice(),
      };
    case 'qtest':
      return { ...f, cs: f.cs.slice() };
    case 'diplo':
      return {
        ...f,
        u: f.u.slice(),
        cs: f.cs.slice(),
        ...(f.hs ? { hs: f.hs.slice() } : {}),
        ...(f.stay ? { stay: f.stay.slice() } : {}),
      };
    case 'bid':
      return { ...f, b: f.b.slice() };
    case 'lose':
    case 'wander':
      return { ...f, areas: f.areas.slice() };
    case 'battle':
      return {
        ...f,
        fs: f.fs.slice(),
        fu: f.fu.slice(),
        fr: f.fr.slice(),
        fd: f.fd.slice(),
        dw: f.dw.slice(),
        ty: f.ty.slice(),
        cs: [f.cs[0]!.slice(), f.cs[1]!.slice()],
        kx: f.kx.slice(),
        sp: f.sp.slice(),
        q: f.q.slice(),
        tch: f.tch.slice(),
        bon: f.bon.slice(),
        und: f.und.slice(),
        str: f.str.slice(),
        xu: f.xu.slice(),
        ...(f.hs ? { hs: f.hs.slice() } : {}),
        ...(f.sx ? { sx: f.sx.slice() } : {}),
      };
    default:
      return { ...f };
  }
}

function clonePlayer(x: PlayerState): PlayerState {
  return {
    dial: x.dial.slice(),
    inf: x.inf,
    hand: x.hand,
    played: x.played.slice(),
    pick: x.pick,
    cur: x.cur,
    tac: x.tac.slice(),
    quests: x.quests.slice(),
    obj: x.obj,
    setupQuests: x.setupQuests.slice(),
    tacSeason: x.tacSeason.slice(),
    rec: x.rec,
    rune: x.rune,
    kn: x.kn.slice(),
    out: x.out,
  };
}

export function cloneState(st: RwState): RwState {
  const d = st.decks;
  const c = cloneBase(st, d);
  const h = st.hero;
  if (h)
    c.hero = {
      ctl: h.ctl.slice(),
      at: h.at.slice(),
      dmg: h.dmg.slice(),
      rt: h.rt.slice(),
      tr: h.tr.slice(),
      deck: h.deck.slice(),
      rdeck: h.rdeck.slice(),
      rdisc: h.rdisc.slice(),
      rw: h.rw.map((x) => x.slice()),
      up: h.up.slice(),
      mk: h.mk.map((x) => x.slice()),
      qr: h.qr.slice(),
      tb: h.tb.slice(),
    };
  const x = st.ex;
  if (x)
    c.ex = {
      t: x.t.slice(),
      b: x.b.slice(),
      up: x.up.slice(),
      gone: x.gone.slice(),
      kn: x.kn.map((k) => k.slice()),
    };
  return c;
}

function cloneBase(st: RwState, d: RwState['decks']): RwState {
  return {
    n: st.n,
    opts: st.opts,
    preset: st.preset,
    rng: st.rng.slice(),
    first: st.first,
    fac: st.fac.slice(),
    year: st.year,
    season: st.season,
    card: st.card,
    pos: st.pos.slice(),
    rot: st.rot.slice(),
    bkey: st.bkey,
    markers: st.markers.slice(),
    home: st.home.slice(),
    own: st.own.slice(),
    us: st.us.slice(),
    ur: st.ur.slice(),
    sh: st.sh.slice(),
    shd: st.shd.slice(),
    dev: st.dev.slice(),
    city: st.city.slice(),
    rk: st.rk.slice(),
    rh: st.rh.slice(),
    rup: st.rup.slice(),
    runePile: st.runePile.slice(),
    handles: st.handles,
    act: st.act.slice(),
    p: st.p.map(clonePlayer),
    decks: {
      tactics: d.tactics.slice(),
      tacticsDiscard: d.tacticsDiscard.slice(),
      quests: d.quests.slice(),
      questDiscard: d.questDiscard.slice(),
      objectives: d.objectives.map((x) => x.slice()),
      seasons: d.seasons.map((x) => x.slice()),
      seasonDiscard: d.seasonDiscard.slice(),
      fate: d.fate.slice(),
      fateDiscard: d.fateDiscard.slice(),
    },
    vict: st.vict.slice(),
    titles: st.titles.slice(),
    titleInf: st.titleInf.slice(),
    cmd: st.cmd,
    order: st.order.slice(),
    stack: st.stack.map(cloneFrame),
    over: st.over ? { ...st.over, winners: st.over.winners.slice(), scores: st.over.scores?.slice() } : null,
    score: st.score ? st.score.slice() : null,
    reach: st.reach ? st.reach.slice() : undefined,
  };
}
