import { phoneWidth, vars } from '../../ui/theme';

/** The element's styles, inside its shadow root (see defineElement). */
export const styles = `
  .label { font-size: 13px; color: ${vars.textMuted}; margin-bottom: 4px; }
  .required { color: ${vars.danger}; margin-right: 2px; }
  .error { font-size: 12px; color: ${vars.danger}; margin-top: 4px; }
  .box {
    display: flex; align-items: center; gap: 8px; min-height: 38px;
    padding: 3px 3px 3px 10px; border: 1px solid ${vars.border};
    border-radius: ${vars.radius}; background: ${vars.surface};
  }
  .box > :first-child { flex: 1; min-width: 0; }
  .placeholder { color: ${vars.textMuted}; }
  .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
  .chips li {
    display: inline-flex; align-items: center; gap: 2px; max-width: 100%;
    padding: 1px 4px 1px 8px; border-radius: 12px;
    background: ${vars.surfaceMuted}; border: 1px solid ${vars.border}; font-size: 13px;
  }
  .chips li span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .chips button {
    border: 0; background: none; cursor: pointer; font-size: 15px; line-height: 1;
    padding: 2px 4px; color: ${vars.textMuted}; border-radius: 50%;
  }
  .chips button:focus-visible { outline: 2px solid ${vars.focus}; }
  .conditions { display: flex; flex-wrap: wrap; gap: 0 12px; align-items: flex-end; }
  .conditions > div { flex: 1 1 180px; }
  .conditions .actions { display: flex; gap: 8px; margin-bottom: 14px; flex: 0 0 auto; }
  .rows { overflow-x: auto; border: 1px solid ${vars.border}; border-radius: ${vars.radius}; }
  .rows table { width: 100%; border-collapse: collapse; font-size: 13px; }
  .rows th, .rows td {
    padding: 8px 10px; text-align: left; border-bottom: 1px solid ${vars.border};
    white-space: nowrap;
  }
  .rows th { background: ${vars.surfaceMuted}; font-weight: 600; }
  .rows tbody tr { cursor: pointer; }
  .rows tbody tr[aria-selected='true'] { background: ${vars.infoBg}; }
  .rows td.pick { width: 36px; }
  .rows .index { width: 44px; text-align: right; color: ${vars.textMuted}; font-variant-numeric: tabular-nums; }
  .rows th button { border: 0; background: none; font: inherit; cursor: pointer; padding: 0; }
  .tree, .tree ul { list-style: none; margin: 0; padding: 0; }
  .tree ul { padding-left: 22px; }
  .tree .node { display: flex; align-items: center; gap: 6px; padding: 4px 0; }
  .tree .twist {
    width: 24px; height: 24px; border: 0; background: none; cursor: pointer;
    color: ${vars.textMuted}; border-radius: 4px;
  }
  .tree .twist:focus-visible { outline: 2px solid ${vars.focus}; }
  .tree .spacer { width: 24px; display: inline-block; }
  .tree label { display: inline-flex; gap: 6px; align-items: center; cursor: pointer; }
  .chosen-bar {
    display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: 12px;
    padding-top: 10px; border-top: 1px dashed ${vars.border}; font-size: 13px;
    color: ${vars.textMuted};
  }
  .hint { font-size: 12px; color: ${vars.warning}; }
  .state { padding: 16px; text-align: center; color: ${vars.textMuted}; }
  input[type='checkbox'], input[type='radio'] { width: 16px; height: 16px; cursor: pointer; }
  @media (max-width: ${phoneWidth}px) {
    .conditions > div { flex-basis: 100%; }
    .rows th, .rows td { padding: 8px 6px; }
  }
`;
