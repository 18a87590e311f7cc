import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '@app/api-client';
import type { OrderDetail } from '@app/contracts';
import { verifyOrderProof, type OrderVerification } from '@app/verifier';
import { orderProofApi, useGetLogHeadQuery, useGetLogKeyQuery, useGetOrderProofQuery } from '../api/order-proof-api.ts';

/** While an entry waits for the sequencer (about a second), the check is run again this often. */
const PENDING_RETRY_MS = 3000;

/**
 * Runs the browser's own check of an order: the order's entries under the latest signed head (signature with
 * WebCrypto Ed25519, inclusion with RFC 6962's hashing), the order shown against its entries, and the settlement
 * re-derived from the logged prices and terms. While an entry is queued it checks again by itself.
 */
export function useOrderVerification(order: OrderDetail) {
  const dispatch = useAppDispatch();
  const proof = useGetOrderProofQuery(order.id, { refetchOnMountOrArgChange: true });
  const head = useGetLogHeadQuery(undefined, { refetchOnMountOrArgChange: true });
  const key = useGetLogKeyQuery(head.data?.key_id ?? '', { skip: !head.data });
  const [verification, setVerification] = useState<OrderVerification | null>(null);
  const [checkError, setCheckError] = useState<unknown>(null);

  useEffect(() => {
    if (!proof.data || !head.data || !key.data) return;
    let live = true;
    const h = head.data;
    verifyOrderProof({
      order,
      entries: proof.data.entries,
      journals: proof.data.journals,
      head: h,
      key: key.data,
      inclusion: (index, size) =>
        dispatch(
          orderProofApi.endpoints.getLogInclusion.initiate({ index, tree_size: size }, { subscribe: false }),
        ).unwrap(),
    })
      .then((v) => live && (setVerification(v), setCheckError(null)))
      .catch((e: unknown) => live && setCheckError(e));
    return () => {
      live = false;
    };
  }, [dispatch, order, proof.data, head.data, key.data]);

  const retry = useCallback(() => {
    void proof.refetch();
    void head.refetch();
  }, [proof, head]);

  const pending = verification?.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(retry, PENDING_RETRY_MS);
    return () => clearTimeout(timer);
  }, [pending, retry, verification]);

  const error = proof.error ?? head.error ?? key.error ?? checkError;
  return {
    proof: proof.data,
    head: head.data,
    verification,
    error: error ?? null,
    loading: !error && !verification,
    retry,
  };
}
