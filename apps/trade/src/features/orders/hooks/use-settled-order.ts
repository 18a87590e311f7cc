import { useEffect, useRef } from 'react';
import type { Order } from '@app/contracts';
import { useGetOrderQuery } from '../api/orders-api.ts';

/**
 * Once an order's settlement second has come, asks the server for it every second until the server has settled
 * it, then hands over the server's order (result, prices and money as recorded). Nothing is decided here.
 */
export function useSettledOrder(order: Order, due: boolean, onSettled: (order: Order) => void) {
  const waiting = due && order.status === 'open';
  const { data } = useGetOrderQuery(order.id, {
    skip: !waiting,
    pollingInterval: waiting ? 1000 : 0,
    refetchOnMountOrArgChange: true,
  });
  const told = useRef(false);
  const callback = useRef(onSettled);
  callback.current = onSettled;
  useEffect(() => {
    if (told.current || !data || data.status !== 'settled') return;
    told.current = true;
    callback.current(data);
  }, [data]);
  return { settling: waiting && data?.status !== 'settled' };
}
