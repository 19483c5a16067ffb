import { notify } from '../core/notices';
import { ConfirmDialog } from './workflow/ConfirmDialog';

/**
 * The list pages' 删除 question (phrases, agents, secretaries, deputies, mail accounts and
 * contacts): asks about one item, removes it by id, shows the server's message, then lets the
 * list reload. A failure is shown by the request layer and the dialog stays.
 */
export function RemoveDialog({
  item,
  title,
  message,
  remove,
  onClose,
  onRemoved,
}: {
  item: { id: string } | null;
  title: string;
  message: string;
  remove: (ids: string[]) => Promise<string>;
  onClose: () => void;
  onRemoved: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      name="delete"
      title={title}
      message={message}
      onClose={onClose}
      onConfirm={async () => {
        if (!item) return;
        notify('success', await remove([item.id]));
        onClose();
        onRemoved();
      }}
    />
  );
}
