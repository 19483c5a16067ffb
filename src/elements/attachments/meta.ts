import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-attachments',
  summary:
    'Attachment control: upload with a progress bar, a list with name, size (KB, 2 decimals), type and uploader, download, preview (images, PDF drawn with pdf.js in an 80 %-wide dialog, text, audio and video at 0.5/1/1.5/2×; office files through the document-preview service when one is configured, otherwise downloaded with a notice) and delete of the selected files. The count limit is `limit` when given, else 9999 with `multiple` and 1 without (the platform helper that used 5 for multiple controls is not followed: set `limit="5"` for that). `readonly` hides upload and delete. The server checks extension, content and size again.',
  attributes: {
    accept: {
      kind: 'string',
      description:
        'Allowed extensions, e.g. `.pdf,.jpg` (also `pdf|jpg`); other files are refused with "uploaded attachment can only be X format". Empty: the server\'s list.',
    },
    multiple: { kind: 'boolean', description: 'Several files may be chosen and kept.' },
    limit: {
      kind: 'number',
      description: 'Most files the control holds.',
      default: '9999 with multiple, 1 without',
    },
    readonly: { kind: 'boolean', description: 'Read-only permission: no upload, no delete.' },
  },
  properties: {
    value: {
      type: 'Array<{ id: string, name: string, size?: number }>',
      description:
        "The platform's attachment list (size in bytes). Set it to show files; the control updates it on upload and delete.",
    },
  },
  events: {
    'atrium-change': {
      detail: '{ value: Array<{ id: string, name: string, size: number }> }',
      description: 'The list changed (a file was uploaded or files were deleted).',
    },
  },
  parts: {
    toolbar: 'Upload and delete buttons with the format hint',
    list: 'The table of files',
    progress: 'The progress bar of an upload',
    dialog: 'The preview or confirmation dialog',
  },
  example: `<atrium-attachments accept=".pdf,.jpg,.png" multiple limit="5"></atrium-attachments>
<script>
  const files = document.querySelector('atrium-attachments');
  files.value = [{ id: '1700000000000000001', name: '合同扫描件.pdf', size: 20480 }];
  files.addEventListener('atrium-change', (e) => console.log(e.detail.value));
</script>`,
} satisfies ElementMeta;
