import { describe, expect, it } from "vitest";
import { AnnouncingSource, type Broadcast } from "./announcements.ts";
import type { DatabaseListen, NotificationHandlers } from "./notifications.ts";

/**
 * Two processes' announcers on one "database": what one broadcasts, every listener of the channel
 * receives as a notification (as PostgreSQL's LISTEN delivers a committed NOTIFY to every session).
 */
function sharedChannel() {
  const listeners = new Set<{ channel: string; handlers: NotificationHandlers }>();
  /** Every LISTEN a process opened and has not closed: what the database would see. */
  const open = () => listeners.size;
  const sent: { channel: string; payloads: string[] }[] = [];
  const database: DatabaseListen = {
    async listen(channel, handlers) {
      const entry = { channel, handlers };
      listeners.add(entry);
      return { close: async () => void listeners.delete(entry) };
    },
  };
  const broadcast: Broadcast = async (channel, payloads) => {
    sent.push({ channel, payloads });
    for (const l of listeners) if (l.channel === channel) for (const p of payloads) l.handlers.onNotify(p);
  };
  return { database, broadcast, sent, listeners, open };
}

const heard = () => {
  const payloads: string[] = [];
  return { payloads, handlers: { onNotify: (p: string) => payloads.push(p), onReconnect: () => {} } };
};

describe("announcements", () => {
  it("this process's listeners hear an announcement at once; the others after the broadcast; nobody twice", async () => {
    const db = sharedChannel();
    const mine = new AnnouncingSource(db.database, db.broadcast);
    const theirs = new AnnouncingSource(db.database, db.broadcast);
    const here = heard();
    const there = heard();
    await mine.listen("spay_changes", here.handlers);
    await theirs.listen("spay_changes", there.handlers);

    mine.announce("spay_changes", ["a"]);
    expect(here.payloads).toEqual(["a"]);
    expect(there.payloads).toEqual([]);
    await mine.flushed();
    expect(there.payloads).toEqual(["a"]);
    // Its own broadcast came back to this process too: skipped, not heard a second time.
    expect(here.payloads).toEqual(["a"]);
  });

  it("announcements made while a broadcast is due travel together: one NOTIFY for many writes", async () => {
    const db = sharedChannel();
    const mine = new AnnouncingSource(db.database, db.broadcast, {
      coalesceMs: 50,
      maxPayloadBytes: 7_500,
      maxPending: 10_000,
    });
    const there = heard();
    await new AnnouncingSource(db.database, null).listen("spay_changes", there.handlers);
    mine.announce("spay_changes", ["first"]);
    await mine.flushed();
    for (let i = 0; i < 200; i++) mine.announce("spay_changes", [`w${i}`]);
    await new Promise((r) => setTimeout(r, 80));
    await mine.flushed();
    expect(db.sent).toHaveLength(2);
    expect(db.sent[1]?.payloads).toHaveLength(1);
    expect(there.payloads).toHaveLength(201);
  });

  it("a batch larger than one NOTIFY allows is split, identical payloads sent once", async () => {
    const db = sharedChannel();
    const mine = new AnnouncingSource(db.database, db.broadcast, {
      coalesceMs: 0,
      maxPayloadBytes: 200,
      maxPending: 10_000,
    });
    const there = heard();
    await new AnnouncingSource(db.database, null).listen("spay_changes", there.handlers);
    const payloads = Array.from({ length: 40 }, (_, i) => `{"kind":"event","n":${i % 20}}`);
    mine.announce("spay_changes", payloads);
    await mine.flushed();
    const envelopes = db.sent.flatMap((s) => s.payloads);
    expect(envelopes.length).toBeGreaterThan(1);
    for (const e of envelopes) expect(Buffer.byteLength(e)).toBeLessThanOrEqual(200);
    expect(new Set(there.payloads).size).toBe(20);
    expect(there.payloads).toHaveLength(20);
  });

  it("a failed broadcast is retried, not lost", async () => {
    const db = sharedChannel();
    let failures = 1;
    const flaky: Broadcast = async (channel, payloads) => {
      if (failures-- > 0) throw new Error("connection refused");
      await db.broadcast(channel, payloads);
    };
    const mine = new AnnouncingSource(db.database, flaky, {
      coalesceMs: 1,
      maxPayloadBytes: 7_500,
      maxPending: 100,
    });
    const there = heard();
    await new AnnouncingSource(db.database, null).listen("spay_changes", there.handlers);
    const warn = console.warn;
    console.warn = () => {};
    try {
      mine.announce("spay_changes", ["kept"]);
      await mine.flushed();
      await new Promise((r) => setTimeout(r, 20));
      await mine.flushed();
    } finally {
      console.warn = warn;
    }
    expect(there.payloads).toEqual(["kept"]);
  });

  it("every listener of a channel in a process shares one LISTEN, opened by the first and closed with the last", async () => {
    const db = sharedChannel();
    const mine = new AnnouncingSource(db.database, db.broadcast);
    const theirs = new AnnouncingSource(db.database, db.broadcast);
    const [feed, watcher, mailer] = [heard(), heard(), heard()];
    const listening = await Promise.all(
      [feed, watcher, mailer].map((l) => theirs.listen("spay_changes", l.handlers)),
    );
    expect(db.open()).toBe(1);
    mine.announce("spay_changes", ["paid"]);
    await mine.flushed();
    for (const l of [feed, watcher, mailer]) expect(l.payloads).toEqual(["paid"]);
    await listening[0]?.close();
    await listening[1]?.close();
    expect(db.open()).toBe(1);
    await listening[2]?.close();
    expect(db.open()).toBe(0);
    // A later listener opens the LISTEN again.
    const late = heard();
    await theirs.listen("spay_changes", late.handlers);
    expect(db.open()).toBe(1);
  });

  it("a lost and regained LISTEN is reported to every listener sharing it, and to one that joins while it is lost", async () => {
    const db = sharedChannel();
    const source = new AnnouncingSource(db.database, null);
    const reports: string[] = [];
    const listener = (name: string): NotificationHandlers => ({
      onNotify: () => {},
      onLost: () => reports.push(`${name} lost`),
      onReconnect: () => reports.push(`${name} back`),
    });
    await source.listen("spay_changes", listener("feed"));
    await source.listen("spay_changes", listener("watcher"));
    const [connection] = [...db.listeners];
    connection?.handlers.onLost?.();
    await source.listen("spay_changes", listener("mailer"));
    connection?.handlers.onReconnect();
    expect(reports).toEqual([
      "feed lost",
      "watcher lost",
      "mailer lost",
      "feed back",
      "watcher back",
      "mailer back",
    ]);
  });

  it("once closed it broadcasts what was queued and nothing more: a write committing during shutdown is heard here only", async () => {
    const db = sharedChannel();
    const mine = new AnnouncingSource(db.database, db.broadcast, {
      coalesceMs: 50,
      maxPayloadBytes: 7_500,
      maxPending: 100,
    });
    const here = heard();
    const there = heard();
    await mine.listen("spay_changes", here.handlers);
    await new AnnouncingSource(db.database, null).listen("spay_changes", there.handlers);
    mine.announce("spay_changes", ["queued"]);
    await mine.close();
    mine.announce("spay_changes", ["late"]);
    await new Promise((r) => setTimeout(r, 80));
    expect(there.payloads).toEqual(["queued"]);
    expect(here.payloads).toEqual(["queued", "late"]);
    expect(db.sent).toHaveLength(1);
  });

  it("a broadcast that fails while closing (the pool already ended) is given up, not retried forever", async () => {
    const db = sharedChannel();
    let attempts = 0;
    const ended: Broadcast = async () => {
      attempts++;
      throw new Error("Cannot use a pool after calling end on the pool");
    };
    const mine = new AnnouncingSource(db.database, ended, {
      coalesceMs: 1,
      maxPayloadBytes: 7_500,
      maxPending: 100,
    });
    const warn = console.warn;
    console.warn = () => {};
    try {
      mine.announce("spay_changes", ["in flight"]);
      await mine.close();
      await new Promise((r) => setTimeout(r, 30));
    } finally {
      console.warn = warn;
    }
    expect(attempts).toBe(1);
  });
});
