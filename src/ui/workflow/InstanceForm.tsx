import type { FlowForm, FormValues } from '../../core/workflow/form';
import { useFlowForm } from './useFlowForm';

const nothing = () => false;

/** An instance's form as it stands, read only (its own form, or the online form it uses). */
export function InstanceForm({ form, values }: { form: FlowForm; values: FormValues }) {
  return useFlowForm(form, values, nothing).view;
}
