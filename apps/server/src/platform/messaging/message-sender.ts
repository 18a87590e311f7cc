import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from './outbox.table.ts';

export type OutgoingMessage = { channel: 'sms'; recipient: string; body: string };

/**
 * Where verification codes and notifications go. A real SMS provider implements this interface and is
 * passed to buildApp; the default keeps every message in the outbox table for operators to read.
 */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    private readonly echoToLog = false,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.db.insert(outbox).values(message);
    // Only with LOG_SMS=1 (a developer's own machine): the text holds a live code, so no log carries it otherwise.
    if (this.echoToLog) this.log?.info({ recipient: message.recipient, body: message.body }, 'outbox message');
  }
}
