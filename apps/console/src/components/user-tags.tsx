import { usePermission } from '../lib/hooks.ts';
import { useUserNotesQuery } from '../lib/user-notes-api.ts';
import ui from './ui.module.css';

/** A user's tags as badges, beside the user in a queue's detail; nothing when there are none or they may not read users. */
export function UserTags({ userId }: { userId: number }) {
  const may = usePermission('users.read');
  const tags = useUserNotesQuery(userId, { skip: !may }).data?.tags ?? [];
  if (tags.length === 0) return null;
  return (
    <span data-testid="user-tags">
      {tags.map((t) => (
        <span key={t.tag} className={`${ui.badge} ${ui.badgeWarn}`} style={{ marginInlineStart: 6 }}>
          {t.tag}
        </span>
      ))}
    </span>
  );
}
