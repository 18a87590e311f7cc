import type { CopyRecord } from '@app/contracts';
import { seconds } from '../../platform/time/epoch.ts';

export type RecordRow = {
  id: string | number;
  leader_id: string | number;
  status: 'active' | 'retired';
  started_at: Date | string;
  ended_at: Date | string | null;
  head_seq: number;
  head_hash: string;
  orders: number;
};

export function toRecord(r: RecordRow): CopyRecord {
  return {
    id: Number(r.id),
    leader_id: Number(r.leader_id),
    status: r.status,
    started_at: seconds(r.started_at),
    ended_at: r.ended_at === null ? null : seconds(r.ended_at),
    entries: r.head_seq + 1,
    head_hash: r.head_hash,
    orders: r.orders,
  };
}
