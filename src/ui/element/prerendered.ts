/**
 * A prerendered element: the page arrived with the element's box already drawn, in a
 * declarative shadow root (scripts/prerender.tsx), so a reader sees it and can type into it
 * before any script has run. When the element's script arrives, React draws the live box
 * beside the prerendered one; right after that commit, before the browser paints, the
 * prerendered nodes go and what the reader typed or checked there, and where the focus was,
 * move to the live controls of the same name. (A form sent or a tab clicked meanwhile is the
 * page's to replay: scripts/prerender/page-script.js.)
 */
const prerendered = new WeakMap<ShadowRoot, ChildNode[]>();

type Control = HTMLInputElement | HTMLTextAreaElement;

interface Typed {
  name: string;
  value?: string;
  checked?: boolean;
}

/** Keeps a declarative shadow root's nodes until the live box replaces them. */
export function keepPrerendered(root: ShadowRoot): ShadowRoot {
  prerendered.set(root, [...root.childNodes]);
  return root;
}

/** Whether the root still shows the box the page arrived with. */
export function showsPrerendered(root: ShadowRoot | null): boolean {
  return root !== null && prerendered.has(root);
}

function controlsIn(nodes: ChildNode[]): Control[] {
  return nodes.flatMap((node) =>
    node instanceof Element
      ? [...node.querySelectorAll<Control>('input[name], textarea[name]')]
      : [],
  );
}

/** What the reader changed in the prerendered box: only that overrides the live box. */
function typedIn(controls: Control[]): Typed[] {
  return controls.flatMap((control): Typed[] => {
    const { name } = control;
    if (control instanceof HTMLInputElement && /^(checkbox|radio)$/.test(control.type))
      return control.checked === control.defaultChecked ? [] : [{ name, checked: control.checked }];
    return control.value === control.defaultValue ? [] : [{ name, value: control.value }];
  });
}

/** Sets a value the way typing does, so React's change handlers see it. */
function type(control: Control, value: string): void {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

function restore(root: ShadowRoot, typed: Typed[]): void {
  for (const { name, value, checked } of typed) {
    const control = root.querySelector<Control>(`[name="${CSS.escape(name)}"]`);
    if (!control) continue;
    if (value !== undefined) type(control, value);
    else if (control instanceof HTMLInputElement && control.checked !== checked) control.click();
  }
}

/** Replaces the prerendered box with the live one React has just drawn. */
export function takeOverPrerendered(root: ShadowRoot): void {
  const nodes = prerendered.get(root);
  if (!nodes) return;
  prerendered.delete(root);
  const controls = controlsIn(nodes);
  const typed = typedIn(controls);
  const focused = controls.find((control) => control === root.activeElement);
  const selection = focused && [focused.selectionStart, focused.selectionEnd];
  for (const node of nodes) node.remove();
  restore(root, typed);
  if (!focused) return;
  const live = root.querySelector<Control>(`[name="${CSS.escape(focused.name)}"]`);
  live?.focus();
  if (live && selection?.[0] != null) {
    try {
      live.setSelectionRange(selection[0], selection[1] ?? selection[0]);
    } catch {
      // Inputs without a selection (email, number) keep the caret where focus put it.
    }
  }
}
