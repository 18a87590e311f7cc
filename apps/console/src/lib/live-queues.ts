import { useEffect, useRef, useState } from 'react';
import { liveCountsSchema, type LiveCounts, type LiveQueue } from '@app/contracts';
import { consoleApi } from './api.ts';
import { useAppDispatch } from './hooks.ts';

/** The lists a queue's arrivals make stale: they are read again when its mark moves. */
const TAGS: Record<LiveQueue, Parameters<typeof consoleApi.util.invalidateTags>[0]> = {
  deposits: ['Deposits'],
  withdrawals: ['Withdrawals'],
  real_name: ['Kyc'],
  support: ['Support'],
  cases: ['Cases'],
  approvals: ['Approvals', 'HeldChanges', 'Deposits', 'Withdrawals'],
};

/**
 * The waiting counts of the operator's queues, live: the server's event stream (`GET /admin/live`, read from the
 * database on every node), which the browser reconnects by itself when a node ends it. When something new arrives
 * in a queue its lists are read again, so an open queue shows a new deposit without a reload.
 */
export function useLiveQueues(enabled: boolean): LiveCounts['counts'] {
  const dispatch = useAppDispatch();
  const [counts, setCounts] = useState<LiveCounts['counts']>({});
  const marks = useRef<LiveCounts['marks'] | null>(null);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/admin/live');
    source.addEventListener('counts', (event) => {
      const parsed = liveCountsSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      const before = marks.current;
      marks.current = parsed.data.marks;
      setCounts(parsed.data.counts);
      // The first event only says where things stand: the lists on screen were just read.
      if (!before) return;
      for (const queue of Object.keys(parsed.data.marks) as LiveQueue[])
        if (before[queue] !== parsed.data.marks[queue] || before[queue] === undefined)
          dispatch(consoleApi.util.invalidateTags(TAGS[queue]));
    });
    return () => source.close();
  }, [enabled, dispatch]);
  return counts;
}
