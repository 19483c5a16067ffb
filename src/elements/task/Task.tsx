import { useLayoutEffect } from 'react';
import { $actingFor } from '../../core/session';
import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { InstanceFormPage } from './InstanceFormPage';
import { InstanceView } from './InstanceView';
import { TaskView } from './TaskView';

export interface TaskProps {
  taskId?: string;
  leaderId?: string;
  instId?: string;
  mode?: string;
  noticeId?: string;
  readonly?: boolean;
}

export function Task({ taskId, leaderId = '0', instId, mode, noticeId, readonly }: TaskProps) {
  const t = useT();
  const acting = taskId && leaderId && leaderId !== '0' ? leaderId : null;
  // Layout effects run before the children's data effects, so the first request already
  // carries leaderId; leaving the page stops acting for the leader.
  useLayoutEffect(() => {
    $actingFor.set(acting);
    return () => $actingFor.set(null);
  }, [acting]);
  if (taskId)
    return (
      <TaskView
        key={`${taskId}/${leaderId}`}
        taskId={taskId}
        leaderId={acting}
        readonly={readonly === true}
      />
    );
  if (instId && (mode === 'form' || mode === 'formEdit'))
    return <InstanceFormPage key={instId} instId={instId} edit={mode === 'formEdit'} />;
  if (instId)
    return <InstanceView key={instId} instId={instId} mode={mode ?? 'read'} noticeId={noticeId} />;
  return <Alert>{t('workflow:task.notFound')}</Alert>;
}
