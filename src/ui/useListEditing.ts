import { useState } from 'react';

/**
 * A list page's add / edit / view dialog and its delete question (RemoveDialog): which item
 * each is open for, and the list reloaded after a save or a removal. Spread `dialogEvents` on
 * the page's dialog and `removeEvents` on its RemoveDialog.
 */
export function useListEditing<Editing, Item extends { id: string }>(reload: () => void) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  return {
    editing,
    setEditing,
    setRemoving,
    dialogEvents: {
      onClose: () => setEditing(null),
      onSaved: () => {
        setEditing(null);
        reload();
      },
    },
    removeEvents: { item: removing, onClose: () => setRemoving(null), onRemoved: reload },
  };
}
