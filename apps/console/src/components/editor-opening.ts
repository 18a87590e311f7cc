import { useState } from 'react';

/**
 * A list page that gives way to an editor: the item open in it (null for a new one), and a key that changes with
 * each opening, so every opening starts afresh while a new item that is saved stays in the same editor (with its
 * "saved" note). The open item is read again from the list after each save, so the editor follows it.
 */
export function useEditorOpening<T extends { id: number }>(items: T[]) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const edit = (target: T | 'new') => {
    setOpened((n) => n + 1);
    setEditing(target);
  };
  return {
    isOpen: editing !== null,
    current: editing === null || editing === 'new' ? null : (items.find((i) => i.id === editing.id) ?? editing),
    key: opened,
    edit,
    close: () => setEditing(null),
    created: (item: T) => setEditing(item),
  };
}
