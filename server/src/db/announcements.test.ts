import { describe, expect, it } from "vitest";
import { AnnouncingSource, type Broadcast } from "./announcements.ts";
import type { DatabaseListen, NotificationHandlers } from "./notifications.ts";

/**
 * Two processes' announcers on one "database": what one broadcasts, every listener of the channel
 * receives as a notification (as PostgreSQL's LISTEN delivers a committed NOTIFY to every session).
 */
function sharedChannel() {
  const listeners = new Set<{ channel: string; handlers: NotificationHandlers }>();
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
  return { database, broadcast, sent };
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
});
