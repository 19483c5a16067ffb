import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useT } from '../../ui/i18n';
import { FlowList } from './FlowList';
import { StartForm } from './StartForm';

export interface FlowStarterProps {
  defId?: string;
  defKey?: string;
  leaderId?: string;
  draftId?: string;
  copyInstId?: string;
  dialog?: boolean;
}

export function FlowStarter({
  defId,
  defKey,
  leaderId = '0',
  draftId,
  copyInstId,
  dialog,
}: FlowStarterProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (defId || defKey)
    return (
      <StartForm
        key={`${defId ?? ''}/${defKey ?? ''}/${draftId ?? ''}`}
        defId={defId}
        defKey={defKey}
        leaderId={leaderId}
        draftId={draftId}
        copyInstId={copyInstId}
      />
    );
  if (!dialog) return <FlowList />;
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} data-action="open-flow-list">
        {t('workflow:starter.openList')}
      </Button>
      <Dialog
        title={t('workflow:starter.title')}
        open={open}
        onClose={() => setOpen(false)}
        width="900px"
      >
        <FlowList compact />
      </Dialog>
    </>
  );
}
