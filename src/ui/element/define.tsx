import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, Global, css } from '@emotion/react';
import r2wc from '@r2wc/react-to-web-component';
import { startTransition, useLayoutEffect, useMemo, type ComponentType } from 'react';
import { $config } from '../../core/config';
import { installHostApi } from '../../core/host-api';
import { languageFromTag, type Language } from '../../core/language';
import { installToaster } from '../toaster';
import { HostContext, formSlot } from './context';
import type { FormControl, FormControlKit } from '../plug/form-control';
import { ElementLanguage, useLanguage } from '../i18n';
import { baseStyles, languageFont } from '../theme';
import { parseAttribute, toAttributeName, type AttributeKind } from './attributes';
import { attributesOf, type ElementMeta, type MetaOf } from './meta';
import { keepPrerendered, showsPrerendered, takeOverPrerendered } from './prerendered';

export interface ElementDefinition<Props> {
  meta: ElementMeta;
  component: ComponentType<Props>;
  /** Styles for the host and the shadow tree, on top of the base and theme defaults. */
  styles?: string;
}

/**
 * A form-associated element brings the form control kit (form-control.ts) from its own
 * entry, so the elements that are no form controls do not load it with the shared chunk.
 */
type FormOf<M extends ElementMeta> = M['formAssociated'] extends true
  ? { form: FormControlKit }
  : { form?: never };

const definitions = new Map<string, ElementDefinition<object>>();

/** The definition an element was defined with (the build's prerender draws from it). */
export function definitionOf(tag: string): ElementDefinition<object> | undefined {
  return definitions.get(tag);
}

// r2wc keeps its state under these registered symbols; we drive the same slots.
const propsSlot = Symbol.for('r2wc.props');
const renderSlot = Symbol.for('r2wc.render');
const connectedSlot = Symbol.for('r2wc.connected');

/**
 * The global `lang` attribute, honoured by every element: its texts, dates, numbers and font
 * follow it instead of the shared language. Kept among r2wc's props under this key and taken
 * off before the component's props (no meta may declare it: meta.ts).
 */
const languageKey = 'lang';

interface R2wcInternals {
  [propsSlot]: Record<string, unknown>;
  [renderSlot](): void;
  [connectedSlot]: boolean;
}

/**
 * What an element renders inside its shadow root: its styles (through the emotion cache
 * given) and its component. The build's prerender (scripts/prerender.tsx) renders the same
 * tree to HTML, so a prerendered element and the live one draw the same box.
 */
export function ElementTree({
  cache,
  host,
  component: Component,
  styles,
  props,
  language = null,
}: {
  cache: EmotionCache;
  host: HTMLElement | null;
  component: ComponentType<Record<string, unknown>>;
  styles: string;
  props: Record<string, unknown>;
  /** The element's own language (its `lang` attribute); null follows the shared one. */
  language?: Language | null;
}) {
  return (
    <CacheProvider value={cache}>
      <Global styles={css(baseStyles + styles)} />
      <ElementLanguage.Provider value={language}>
        <LanguageFont />
        <HostContext.Provider value={host}>
          <Component {...props} />
        </HostContext.Provider>
      </ElementLanguage.Provider>
    </CacheProvider>
  );
}

/** The reader's language's font stack, apart, so a change of language redraws this alone. */
function LanguageFont() {
  return <Global styles={languageFont(useLanguage())} />;
}

function ShadowRootProvider({
  container,
  component,
  styles,
  props: { [languageKey]: language, ...props },
}: {
  container: ShadowRoot;
  component: ComponentType<Record<string, unknown>>;
  styles: string;
  props: Record<string, unknown>;
}) {
  const cache = useMemo(() => {
    const nonce = $config.get().cspNonce;
    // Styles go into this shadow root, not into the page's <head>.
    return createCache({ key: 'atrium', container, ...(nonce ? { nonce } : {}) });
  }, [container]);
  // A prerendered box stays until this first commit has drawn the live one, and goes before
  // the browser paints: in a microtask after the commit, when React hears the events that
  // hand the reader's typing over (during the commit it does not).
  useLayoutEffect(() => queueMicrotask(() => takeOverPrerendered(container)), [container]);
  return (
    <ElementTree
      cache={cache}
      host={container.host as HTMLElement}
      component={component}
      styles={styles}
      props={props}
      language={language as Language | null}
    />
  );
}

/**
 * Publishes a React component as a custom element. r2wc provides the shadow root and the
 * React root lifecycle; this wrapper adds what r2wc lacks (see docs/decisions.md):
 * delegatesFocus, an emotion cache inside the shadow root, a registration guard, HTML boolean
 * attributes, attribute removal, rich properties that are never reflected, properties set
 * before the element was defined, and surviving a DOM move without losing state.
 */
export function defineElement<Props extends object, M extends ElementMeta>(
  definition: {
    meta: MetaOf<M, Props>;
    component: ComponentType<Props>;
    styles?: string;
  } & FormOf<M>,
): CustomElementConstructor {
  const { meta } = definition;
  const form = meta.formAssociated ? definition.form : undefined;
  const existing = customElements.get(meta.tag);
  if (existing) {
    console.warn(`${meta.tag} is already defined; keeping the first definition.`);
    return existing;
  }
  installToaster();
  installHostApi();

  const attributes = Object.entries(attributesOf(meta)).map(([prop, { kind }]) => [prop, kind]) as [
    string,
    AttributeKind,
  ][];
  const attributeToProp = new Map(
    attributes.map(([prop, kind]) => [toAttributeName(prop), { prop, kind }]),
  );
  // A framework that meets the element before its script has loaded (React 19, Svelte 5)
  // sets `tableHeight` as an attribute, which HTML lowercases to `tableheight`: that name is
  // taken as the property set before definition, and handed to it once the class is here.
  const lowercaseToProp = new Map(
    attributes
      .filter(([prop]) => prop.toLowerCase() !== toAttributeName(prop))
      .map(([prop]) => [prop.toLowerCase(), prop]),
  );
  const richProps = Object.keys(meta.properties ?? {});
  const styles = definition.styles ?? '';
  const component = definition.component as ComponentType<Record<string, unknown>>;

  function Root({ container, ...props }: { container: ShadowRoot; disabled?: boolean }) {
    // A form control is disabled by its own attribute or a disabled fieldset around it.
    const control = (container.host as AtriumElement)[formSlot];
    const given = control?.formDisabled ? { ...props, disabled: true } : props;
    return (
      <ShadowRootProvider
        container={container}
        component={component}
        styles={styles}
        props={given}
      />
    );
  }

  const Base = r2wc(Root as ComponentType<object>, { shadow: 'open', props: {} }) as unknown as {
    new (): HTMLElement & R2wcInternals;
  };

  class AtriumElement extends Base {
    static get observedAttributes(): string[] {
      return [...attributeToProp.keys(), ...lowercaseToProp.keys(), languageKey];
    }

    static formAssociated = meta.formAssociated === true;

    declare [formSlot]?: FormControl;

    constructor() {
      super();
      if (form) this[formSlot] = form.create(this, this.attachInternals());
      // A page may have set properties on the element before this class was defined:
      // those live as own properties that shadow our accessors, so route them through.
      for (const prop of [...attributes.map(([name]) => name), ...richProps]) {
        if (Object.prototype.hasOwnProperty.call(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          (this as unknown as Record<string, unknown>)[prop] = value;
        }
      }
      // Read after the routing: an attribute set while upgrading (above) gets no
      // attributeChangedCallback, so its value is taken from here.
      for (const [name, { prop, kind }] of attributeToProp) {
        this[propsSlot][prop] = parseAttribute(kind, this.getAttribute(name));
      }
      this[propsSlot][languageKey] = languageFromTag(this.getAttribute(languageKey));
    }

    override attachShadow(init: ShadowRootInit): ShadowRoot {
      // A prerendered element already has its (declarative) shadow root, holding the box the
      // build drew: it stays shown until React has drawn the live one (prerendered.ts).
      if (this.shadowRoot) return keepPrerendered(this.shadowRoot);
      return super.attachShadow({ ...init, delegatesFocus: true });
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      if (name === languageKey) {
        this[propsSlot][languageKey] = languageFromTag(value);
        return this.renderIfConnected();
      }
      const early = lowercaseToProp.get(name);
      if (early) {
        // Through the property (it reflects to the real attribute); the stand-in goes.
        if (value === null) return;
        this.removeAttribute(name);
        (this as unknown as Record<string, unknown>)[early] = value;
        return;
      }
      const target = attributeToProp.get(name);
      if (!target) return;
      this[propsSlot][target.prop] = parseAttribute(target.kind, value);
      if (name === 'disabled') this[formSlot]?.showStates();
      this.renderIfConnected();
    }

    connectedCallback(): void {
      this[connectedSlot] = true;
      // A drawn box is already there to be read and typed into: the live one is rendered in
      // slices (a transition), so the reader's keys land between them, not after it.
      if (showsPrerendered(this.shadowRoot)) startTransition(() => this[renderSlot]());
      else this[renderSlot]();
    }

    disconnectedCallback(): void {
      // A move (remove then insert in the same task) must not unmount React and lose state.
      queueMicrotask(() => {
        if (!this.isConnected)
          (Base.prototype as unknown as { disconnectedCallback(): void }).disconnectedCallback.call(
            this,
          );
      });
    }

    renderIfConnected(): void {
      if (this.isConnected) this[renderSlot]();
    }

    formResetCallback(): void {
      this[formSlot]?.reset();
    }

    formDisabledCallback(disabled: boolean): void {
      this[formSlot]?.setFormDisabled(disabled);
      this.renderIfConnected();
    }

    /** Back/forward (or autofill) gives back the state saved with the value. */
    formStateRestoreCallback(state: unknown): void {
      this[formSlot]?.restore(state);
    }
  }

  form?.defineMembers(AtriumElement.prototype);

  for (const [prop, kind] of attributes) {
    const name = toAttributeName(prop);
    Object.defineProperty(AtriumElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: AtriumElement) {
        return this[propsSlot][prop];
      },
      // Primitives reflect to the attribute; attributeChangedCallback then updates the prop.
      set(this: AtriumElement, value: unknown) {
        if (kind === 'boolean') this.toggleAttribute(name, Boolean(value));
        else if (value === null || value === undefined) this.removeAttribute(name);
        else this.setAttribute(name, String(value));
      },
    });
  }

  for (const prop of richProps) {
    Object.defineProperty(AtriumElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: AtriumElement) {
        return this[propsSlot][prop];
      },
      set(this: AtriumElement, value: unknown) {
        this[propsSlot][prop] = value;
        this.renderIfConnected();
      },
    });
  }

  definitions.set(meta.tag, definition as unknown as ElementDefinition<object>);
  customElements.define(meta.tag, AtriumElement);
  return AtriumElement;
}
