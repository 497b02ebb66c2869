// Pass-and-play: this device may hold several seats of the room ("Ajouter un joueur sur cet
// appareil"). Each extra seat is an ordinary player to the server, with its own token (kept
// here, per room) and its own socket (docs/protocol.md, "Several seats on one device"). As soon
// as the device holds two seats, no secret is drawn on the room's screens any more: every
// private moment goes through a hand-off (handoff.js), seat by seat, in the game's order.
import { lang } from "../i18n.js";
import { Connection } from "../net.js";
import { PHASE_BOUND as PHASE_BOUND_TYPES } from "../protocol.js";
import { store } from "../store.js";
import { handoff } from "./handoff.js";

// Commands aimed at a phase carry that seat's view's phase_seq (docs/protocol.md).
const PHASE_BOUND = new Set(PHASE_BOUND_TYPES);

export const device = {
  code: null,
  room: null, // room.js: the primary seat (the one this page joined with)
  extras: [], // {name, token, playerId, conn, view, error}
  onChange: () => {},

  /** Entering a room: reopen every extra seat this device holds there. */
  enter(room) {
    this.stop();
    this.room = room;
    this.code = room.code;
    const saved = store.deviceSeats(room.code) || [];
    this.extras = saved.map((s) => ({ name: s.name, token: s.token, playerId: s.player_id, view: null }));
    for (const seat of this.extras) this.open(seat);
  },

  stop() {
    for (const seat of this.extras) if (seat.conn) seat.conn.stop();
    this.extras = [];
    handoff.close();
  },

  /** A seat's command was refused: its hand-off gives the form back with the reason. */
  refused(playerId, error) {
    handoff.refused(playerId, error);
  },

  /** On a shared phone the room's own screens draw no one's secret: as a spectator would. */
  mask(model) {
    if (!this.shared) return model;
    const game = model.game ? { ...model.game, canVote: false, myBallot: undefined } : null;
    return { ...model, myId: null, me: null, secret: null, confirmed: false, spectatorKind: null, game };
  },

  get shared() {
    return this.extras.some((s) => s.playerId);
  },

  save() {
    const kept = this.extras.filter((s) => s.token).map((s) => ({ name: s.name, token: s.token, player_id: s.playerId }));
    store.setDeviceSeats(this.code, kept.length ? kept : null);
  },

  /** "Ajouter un joueur sur cet appareil": a new seat joins with `name`; `done(error)`. */
  add(name, done) {
    const seat = { name, token: null, playerId: null, view: null, done };
    this.extras.push(seat);
    this.open(seat);
  },

  /** Take a seat off this device (it leaves the room). */
  remove(seat) {
    if (seat.conn) {
      seat.conn.send({ type: "leave" });
      seat.conn.stop();
    }
    this.extras = this.extras.filter((s) => s !== seat);
    this.save();
    this.changed();
  },

  open(seat) {
    seat.conn = new Connection(
      this.code,
      () => ({ token: seat.token, name: seat.name, lang: lang(), avatar: null, color: null }),
      {
        message: (message) => this.receive(seat, message),
        status: (state, detail) => {
          if (state !== "final") return;
          // Kicked, left or the room is gone: this device no longer holds the seat.
          seat.conn = null;
          this.extras = this.extras.filter((s) => s !== seat);
          if (detail?.reason !== "replaced") this.save();
          this.changed();
        },
        unknown: () => {},
      },
    );
    seat.conn.start();
  },

  receive(seat, message) {
    if (message.type === "welcome") {
      seat.token = message.token;
      seat.playerId = message.player_id;
      this.save();
      if (seat.done) seat.done(null);
      seat.done = null;
    } else if (message.type === "view") {
      seat.view = message.view;
      this.changed();
    } else if (message.type === "error") {
      if (!seat.playerId) {
        // The hello was refused (nickname taken, room full…): nothing to keep.
        seat.conn.stop();
        this.extras = this.extras.filter((s) => s !== seat);
        if (seat.done) seat.done(message);
        return;
      }
      this.refused(seat.playerId, message);
    }
  },

  /** Every seat on this device (the primary first) with its latest view and a way to act. */
  seats() {
    const room = this.room;
    const primary = room && room.playerId && room.rawView
      ? [{ playerId: room.playerId, view: room.rawView, send: (type, fields) => room.send(type, fields) }]
      : [];
    const extras = this.extras.filter((s) => s.playerId && s.view).map((s) => ({
      playerId: s.playerId,
      view: s.view,
      send: (type, fields = {}) => {
        if (!s.conn) return false;
        const message = { type, ...fields };
        if (PHASE_BOUND.has(type)) message.seq = s.view.phase_seq;
        return s.conn.send(message);
      },
    }));
    return [...primary, ...extras];
  },

  changed() {
    if (this.shared) handoff.update(this.seats());
    else handoff.close();
    this.onChange();
  },
};
