import * as ws from 'ws';

/**
 * The byte stream under a WebSocket, where frames built once for many clients are written as they are: ws's own
 * send() would encode and frame the same message again for every client, and split it into two writes.
 */
export type FrameTransport = {
  write(frame: Buffer): boolean;
  /** The kernel's buffer and the stream's own are full: the reader has fallen behind ('drain' follows). */
  readonly writableNeedDrain: boolean;
  once(event: 'drain', listener: () => void): unknown;
};

type FrameOptions = { fin: boolean; opcode: number; mask: boolean; readOnly: boolean };
// ws frames with its Sender.frame, which @types/ws does not declare.
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };
const TEXT = 0x1;

/** A complete, unmasked (server to client) text frame carrying `text`, ready to be written to any transport. */
export function textFrame(text: string): Buffer {
  return Buffer.concat(Sender.frame(Buffer.from(text), { fin: true, opcode: TEXT, mask: false, readOnly: false }));
}
