import { formSlot } from '../element/context';

/**
 * What makes a form-associated element (meta.formAssociated) behave like a native control,
 * kept in one place for every such element (issue 41 part 4): its validity is the
 * component's own (a required value missing, the form's rules) merged with the page's
 * `setCustomValidity`; it is disabled by its own `disabled` or a `<fieldset disabled>` around
 * it; a form reset and a back/forward restore reach the component; and its custom states
 * (`:state(invalid)`, `:state(user-invalid)` once the user has changed it or tried to send
 * the form, `:state(disabled)`) follow. No React here: the element base owns one per element.
 */
export class FormControl {
  /** Set by the component: the form was reset. */
  onReset: (() => void) | undefined;
  private restoreHandler: ((state: string) => void) | undefined;
  /** A state given back before the component was drawn to take it (at upgrade). */
  private pendingRestore: string | undefined;
  /** Disabled as the browser sees it (formDisabledCallback): own attribute or a fieldset. */
  formDisabled = false;
  private own: { flags: ValidityStateFlags; message: string; anchor?: HTMLElement | undefined } = {
    flags: {},
    message: '',
  };
  private custom = '';
  private interacted = false;
  /** Inside our checkValidity(): its `invalid` event is no user's doing. */
  private checking = false;

  constructor(
    readonly host: HTMLElement,
    readonly internals: ElementInternals,
  ) {
    const touched = () => {
      if (this.checking) return;
      this.interacted = true;
      this.showStates();
    };
    // A change the user made, or a send of the form (or reportValidity) that found it invalid.
    host.addEventListener('change', touched);
    host.addEventListener('invalid', touched);
  }

  /** Whether the browser offers form association (jsdom and old browsers do not). */
  get supported(): boolean {
    return typeof this.internals.setFormValue === 'function';
  }

  get disabled(): boolean {
    return this.host.hasAttribute('disabled') || this.formDisabled;
  }

  /** The value the form sends; the browser keeps it as the state to give back on return. */
  setValue(value: string): void {
    if (this.supported) this.internals.setFormValue(value);
  }

  /** The component's own validity; an empty message is valid. */
  setValidity(flags: ValidityStateFlags, message: string, anchor?: HTMLElement): void {
    this.own = message ? { flags, message, anchor } : { flags: {}, message: '' };
    this.applyValidity();
  }

  /** The page's own message, as `setCustomValidity` of a native control. */
  setCustomValidity(message: string): void {
    this.custom = String(message ?? '');
    this.applyValidity();
  }

  checkValidity(): boolean {
    this.checking = true;
    try {
      return this.internals.checkValidity();
    } finally {
      this.checking = false;
    }
  }

  setFormDisabled(disabled: boolean): void {
    this.formDisabled = disabled;
    this.showStates();
  }

  reset(): void {
    this.interacted = false;
    this.onReset?.();
    this.showStates();
  }

  /**
   * Set by the component: the browser gives back the state saved with the value. The browser
   * does so when it upgrades the element, before React has drawn it, so a state that comes
   * first waits for the handler.
   */
  set onRestore(handler: ((state: string) => void) | undefined) {
    this.restoreHandler = handler;
    const pending = this.pendingRestore;
    if (!handler || pending === undefined) return;
    this.pendingRestore = undefined;
    handler(pending);
  }

  restore(state: unknown): void {
    if (typeof state !== 'string') return;
    if (this.restoreHandler) this.restoreHandler(state);
    else this.pendingRestore = state;
  }

  /** Shows the states again (the own `disabled` attribute changed). */
  showStates(): void {
    const states = this.internals.states as CustomStateSet | undefined;
    if (!states || !this.supported) return;
    const invalid = this.internals.willValidate && !this.internals.validity.valid;
    const set = (name: string, on: boolean) => (on ? states.add(name) : states.delete(name));
    set('invalid', invalid);
    set('user-invalid', invalid && this.interacted);
    set('disabled', this.disabled);
  }

  private applyValidity(): void {
    if (!this.supported) return;
    const { flags, message, anchor } = this.own;
    if (this.custom)
      this.internals.setValidity({ ...flags, customError: true }, this.custom, anchor);
    else if (message) this.internals.setValidity(flags, message, anchor);
    else this.internals.setValidity({});
    this.showStates();
  }
}

/** What a form control offers scripts, as a native one: answered by its FormControl. */
function definePrototypeFormMembers(prototype: HTMLElement): void {
  const control = (element: HTMLElement) => (element as { [formSlot]?: FormControl })[formSlot]!;
  const getters = ['form', 'labels', 'validity', 'validationMessage', 'willValidate'] as const;
  for (const name of getters) {
    Object.defineProperty(prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return control(this).internals[name];
      },
    });
  }
  Object.defineProperties(prototype, {
    checkValidity: {
      configurable: true,
      value(this: HTMLElement) {
        return control(this).checkValidity();
      },
    },
    reportValidity: {
      configurable: true,
      value(this: HTMLElement) {
        return control(this).internals.reportValidity();
      },
    },
    setCustomValidity: {
      configurable: true,
      value(this: HTMLElement, message: string) {
        control(this).setCustomValidity(message);
      },
    },
  });
}

/** What the element base needs of a form control, handed to defineElement by the element. */
export const formControl = {
  create: (host: HTMLElement, internals: ElementInternals) => new FormControl(host, internals),
  defineMembers: definePrototypeFormMembers,
};

export type FormControlKit = typeof formControl;
