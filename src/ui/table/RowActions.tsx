import { linkStyle } from '../workflow/styles';

/** One action of a row (查看, 编辑, 删除, ...): a link-styled button tests and hosts find by name. */
export interface RowAction {
  name: string;
  label: string;
  onClick: () => void;
}

/** The action links of a list row; an action given as false (not allowed here) is left out. */
export function RowActions({ actions }: { actions: (RowAction | false)[] }) {
  return (
    <>
      {actions.map(
        (action) =>
          action && (
            <button
              key={action.name}
              type="button"
              css={linkStyle}
              onClick={action.onClick}
              data-action={action.name}
            >
              {action.label}
            </button>
          ),
      )}
    </>
  );
}

/**
 * The height of a short list's table: its header and rows (at least `minRows`, so an empty
 * list keeps room for its message), at most `max` px, past which it scrolls.
 */
export function fittedHeight(rowCount: number, max: number, minRows = 3): number {
  return Math.min(max, 40 + Math.max(minRows, rowCount) * 36);
}
