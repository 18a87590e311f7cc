import { useEffect, useState } from 'react';
import { selectToken, useAppSelector } from '@app/api-client';
import { getBlob } from '@app/app-kit';

/**
 * The user's picture as an object URL, for the picture the user summary names (`avatar_id`): nothing is asked
 * for when it names none, and a new id (after an upload) fetches the new picture wherever it is shown. The
 * picture needs the session token, so it is read as a blob rather than by URL.
 */
export function useAvatarUrl(avatarId: string | null | undefined): string | null {
  const token = useAppSelector(selectToken);
  const [shown, setShown] = useState<{ id: string; url: string } | null>(null);

  useEffect(() => {
    if (!avatarId || !token) return;
    let url: string | null = null;
    let live = true;
    getBlob('/api/user/avatar', token)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setShown({ id: avatarId, url });
      })
      .catch(() => live && setShown(null));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [avatarId, token]);

  // The previous picture stays until the next one has arrived; none at all once the summary names none.
  return avatarId && shown ? shown.url : null;
}
