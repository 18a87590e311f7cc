import { EventEmitter } from 'node:events';
import pino from 'pino';
import * as ws from 'ws';
import { describe, expect, it } from 'vitest';
import { TickHub, type Subscriber } from './tick-hub.ts';

/** A socket whose transport records each write, and can be made to fall behind and drain. */
class FakeSocket implements Subscriber {
  readyState = 1;
  readonly writes: Buffer[] = [];
  readonly transport = Object.assign(new EventEmitter(), {
    writableNeedDrain: false,
    write: (frame: Buffer) => {
      this.writes.push(frame);
      return true;
    },
  });
  /** The messages in the writes so far, as a WebSocket client would read them. */
  messages(): unknown[] {
    const received: unknown[] = [];
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer) => received.push(JSON.parse(data.toString())));
    for (const write of this.writes) receiver.write(write);
    return received;
  }
}

// ws's frame parser, which @types/ws does not declare: reads the writes as a client would.
type FrameParser = EventEmitter & { write(chunk: Buffer): void };
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => FrameParser };

const hub = () => new TickHub('postgres://unused', pino({ level: 'silent' }));
const tick = (s: string, p: string, t: number) => ({ s, p, t });

describe('tick hub fan-out', () => {
  it('frames a tick once for all its subscribers, and gives a new subscriber the latest at once', () => {
    const h = hub();
    const [a, b, other] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    h.subscribe(a, ['BTC/USDT']);
    h.subscribe(b, ['BTC/USDT']);
    h.subscribe(other, ['ETH/USDT']);
    h.publish([tick('BTC/USDT', '91000.00', 100)]);
    expect(a.writes).toHaveLength(1);
    // The very same buffer: serialised and framed once, not per client.
    expect(b.writes[0]).toBe(a.writes[0]);
    expect(a.messages()).toEqual([{ type: 'tick', s: 'BTC/USDT', p: '91000.00', t: 100 }]);
    expect(other.writes).toHaveLength(0);
    const late = new FakeSocket();
    h.subscribe(late, ['BTC/USDT', 'ETH/USDT']);
    expect(late.writes).toEqual([a.writes[0]]);
  });

  it('writes the ticks of one batch to a subscriber of several symbols in one write', () => {
    const h = hub();
    const s = new FakeSocket();
    h.subscribe(s, ['BTC/USDT', 'ETH/USDT']);
    h.publish([tick('BTC/USDT', '91000.00', 100), tick('ETH/USDT', '3000.00', 100), tick('SOL/USDT', '1.00', 100)]);
    expect(s.writes).toHaveLength(1);
    expect(s.messages()).toEqual([
      { type: 'tick', s: 'BTC/USDT', p: '91000.00', t: 100 },
      { type: 'tick', s: 'ETH/USDT', p: '3000.00', t: 100 },
    ]);
  });

  it('owes a reader that has fallen behind only the latest tick of each symbol, sent when it drains', () => {
    const h = hub();
    const slow = new FakeSocket();
    h.subscribe(slow, ['BTC/USDT', 'ETH/USDT']);
    slow.transport.writableNeedDrain = true;
    for (let t = 100; t < 110; t++) h.publish([tick('BTC/USDT', `${t}.00`, t)]);
    h.publish([tick('ETH/USDT', '3000.00', 110)]);
    expect(slow.writes).toHaveLength(0);
    slow.transport.writableNeedDrain = false;
    slow.transport.emit('drain');
    expect(slow.writes).toHaveLength(1);
    expect(slow.messages()).toEqual([
      { type: 'tick', s: 'BTC/USDT', p: '109.00', t: 109 },
      { type: 'tick', s: 'ETH/USDT', p: '3000.00', t: 110 },
    ]);
    // Caught up: ticks flow again as they come.
    h.publish([tick('BTC/USDT', '111.00', 111)]);
    expect(slow.writes).toHaveLength(2);
  });

  it('writes nothing to a socket that is closing or gone', () => {
    const h = hub();
    const [closing, gone] = [new FakeSocket(), new FakeSocket()];
    h.subscribe(closing, ['BTC/USDT']);
    h.subscribe(gone, ['BTC/USDT']);
    closing.readyState = 2;
    h.remove(gone);
    h.publish([tick('BTC/USDT', '91000.00', 100)]);
    expect(closing.writes).toHaveLength(0);
    expect(gone.writes).toHaveLength(0);
    expect(h.connections).toBe(1);
  });
});
