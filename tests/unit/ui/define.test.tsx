// @vitest-environment jsdom
import { css } from '@emotion/react';
import { act, useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure } from '../../../src/core/config';
import { useEmit } from '../../../src/ui/element/context';
import { defineElement } from '../../../src/ui/element/define';
import type { ElementMeta } from '../../../src/ui/element/meta';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface ProbeProps {
  label?: string;
  count?: number;
  flag?: boolean;
  tableHeight?: number;
  rows?: unknown;
}

/** Whatever the probe received, so tests can read the props React got. */
const received: ProbeProps[] = [];

function Probe(props: ProbeProps) {
  received.push(props);
  const emit = useEmit();
  const [clicks, setClicks] = useState(0);
  return (
    <div css={css({ color: 'rgb(1, 2, 3)' })} data-probe>
      <span data-label>{props.label ?? 'default label'}</span>
      <span data-count>{String(props.count)}</span>
      <span data-flag>{String(props.flag)}</span>
      <span data-table-height>{String(props.tableHeight)}</span>
      <span data-rows>{JSON.stringify(props.rows ?? null)}</span>
      <button
        onClick={() => {
          setClicks((n) => n + 1);
          emit('atrium-probe', { clicks: clicks + 1 });
        }}
      >
        {clicks}
      </button>
      <input data-input />
    </div>
  );
}

const meta = {
  tag: 'atrium-probe',
  summary: 'test element',
  attributes: {
    label: { kind: 'string', description: '' },
    count: { kind: 'number', description: '' },
    flag: { kind: 'boolean', description: '' },
    tableHeight: { kind: 'number', description: '' },
  },
  properties: { rows: { type: 'unknown', description: '' } },
  example: '',
} satisfies ElementMeta;

type ProbeElement = HTMLElement & ProbeProps;

async function render(html: string): Promise<ProbeElement> {
  const host = document.createElement('div');
  await act(async () => {
    host.innerHTML = html;
    document.body.append(host);
  });
  return host.firstElementChild as ProbeElement;
}

const text = (element: HTMLElement, selector: string) =>
  element.shadowRoot!.querySelector(selector)!.textContent;

describe('the element base (defineElement over r2wc)', () => {
  let early: ProbeElement;
  let attachInit: ShadowRootInit | undefined;
  beforeAll(async () => {
    configure({ cspNonce: 'n0nce-123' });
    // An element in the page, with a rich property set, before the class exists.
    early = document.createElement('atrium-probe') as ProbeElement;
    (early as unknown as { rows: unknown }).rows = { before: 'upgrade' };
    // What React 19 and Svelte 5 do with a camelCase prop on an element not yet defined.
    early.setAttribute('tableHeight', '240');
    document.body.append(early);
    const original = HTMLElement.prototype.attachShadow;
    vi.spyOn(HTMLElement.prototype, 'attachShadow').mockImplementation(function (
      this: HTMLElement,
      init,
    ) {
      attachInit = init;
      return original.call(this, init);
    });
    await act(async () => {
      defineElement({ meta, component: Probe });
      customElements.upgrade(early);
    });
  });
  afterEach(async () => {
    // Unmounting is deferred by a microtask: let it run while the window still exists.
    await act(async () => {
      document.querySelectorAll('div').forEach((node) => node.remove());
      await Promise.resolve();
    });
  });
  afterAll(async () => {
    await act(async () => {
      document.body.replaceChildren();
      await Promise.resolve();
    });
  });

  it('renders into an open shadow root with delegatesFocus', async () => {
    const element = await render('<atrium-probe label="hello"></atrium-probe>');
    expect(element.shadowRoot).not.toBeNull();
    expect(attachInit).toMatchObject({ mode: 'open', delegatesFocus: true });
    expect(text(element, '[data-label]')).toBe('hello');
  });

  it('writes emotion styles into the shadow root with the CSP nonce, none into the head', async () => {
    const element = await render('<atrium-probe></atrium-probe>');
    const styles = [...element.shadowRoot!.querySelectorAll('style')];
    expect(styles.length).toBeGreaterThan(0);
    expect(
      styles.every(
        (style) => style.nonce === 'n0nce-123' || style.getAttribute('nonce') === 'n0nce-123',
      ),
    ).toBe(true);
    expect(styles.map((style) => style.textContent).join('')).toContain('color:rgb(1, 2, 3)');
    expect(document.head.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });

  it('refuses, as a type error, a meta that declares what the component does not read', () => {
    const unread = { ...meta, attributes: { ...meta.attributes, colour: meta.attributes.label } };
    const misread = {
      ...meta,
      attributes: { ...meta.attributes, label: { kind: 'number', description: '' } },
    } satisfies ElementMeta;
    const owned = { ...meta, attributes: { ...meta.attributes, lang: meta.attributes.label } };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Each call is checked by tsc (npm test's type check); at run time the tag is taken.
    // @ts-expect-error colour is no prop of the probe
    defineElement({ meta: unread, component: Probe });
    // @ts-expect-error label is a string prop, declared a number
    defineElement({ meta: misread, component: Probe });
    // @ts-expect-error lang is the element base's own attribute
    defineElement({ meta: owned, component: Probe });
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('guards against defining the same tag twice', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = customElements.get('atrium-probe');
    expect(() => defineElement({ meta, component: Probe })).not.toThrow();
    expect(customElements.get('atrium-probe')).toBe(first);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('already defined'));
    warn.mockRestore();
  });

  it('treats a present boolean attribute as true whatever its value, and absence as false', async () => {
    const element = await render('<atrium-probe flag></atrium-probe>');
    expect(text(element, '[data-flag]')).toBe('true');
    await act(async () => element.setAttribute('flag', 'false'));
    expect(text(element, '[data-flag]')).toBe('true');
    await act(async () => element.removeAttribute('flag'));
    expect(text(element, '[data-flag]')).toBe('false');
    await act(async () => {
      element.flag = true;
    });
    expect(element.hasAttribute('flag')).toBe(true);
    await act(async () => {
      element.flag = false;
    });
    expect(element.hasAttribute('flag')).toBe(false);
  });

  it('resets a prop when its attribute is removed, and parses numbers', async () => {
    const element = await render('<atrium-probe label="first" count="42"></atrium-probe>');
    expect(text(element, '[data-count]')).toBe('42');
    await act(async () => element.removeAttribute('label'));
    expect(text(element, '[data-label]')).toBe('default label');
    await act(async () => element.setAttribute('count', 'not a number'));
    expect(text(element, '[data-count]')).toBe('undefined');
  });

  it('keeps primitive properties and attributes in sync', async () => {
    const element = await render('<atrium-probe></atrium-probe>');
    await act(async () => {
      element.label = 'from a property';
    });
    expect(element.getAttribute('label')).toBe('from a property');
    expect(text(element, '[data-label]')).toBe('from a property');
    expect(element.label).toBe('from a property');
  });

  it('passes rich data as a property only: same object, never reflected to an attribute', async () => {
    const element = await render('<atrium-probe></atrium-probe>');
    const rows = [{ id: 1 }, { id: 2 }];
    received.length = 0;
    await act(async () => {
      element.rows = rows;
    });
    expect(received.at(-1)?.rows).toBe(rows);
    expect(element.rows).toBe(rows);
    expect(element.getAttributeNames()).not.toContain('rows');
  });

  it('keeps a property set before the element was defined', () => {
    expect(early.rows).toEqual({ before: 'upgrade' });
    expect(Object.prototype.hasOwnProperty.call(early, 'rows')).toBe(false);
    expect(text(early, '[data-rows]')).toBe('{"before":"upgrade"}');
    // A camelCase attribute (lowercased by HTML) reaches its property, then goes.
    expect(early.tableHeight).toBe(240);
    expect(early.getAttribute('table-height')).toBe('240');
    expect(early.hasAttribute('tableheight')).toBe(false);
    expect(text(early, '[data-table-height]')).toBe('240');
  });

  it('dispatches atrium-* events that bubble out of the shadow root', async () => {
    const element = await render('<atrium-probe></atrium-probe>');
    const heard: CustomEvent[] = [];
    document.addEventListener('atrium-probe', (event) => heard.push(event as CustomEvent));
    await act(async () =>
      (element.shadowRoot!.querySelector('button') as HTMLButtonElement).click(),
    );
    expect(heard).toHaveLength(1);
    expect(heard[0]!.detail).toEqual({ clicks: 1 });
    expect(heard[0]!.composed).toBe(true);
  });

  it('survives a move in the DOM without losing its state', async () => {
    const element = await render('<atrium-probe></atrium-probe>');
    await act(async () =>
      (element.shadowRoot!.querySelector('button') as HTMLButtonElement).click(),
    );
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    await act(async () => {
      elsewhere.append(element);
      await Promise.resolve();
    });
    expect(text(element, 'button')).toBe('1');
  });

  it('unmounts when removed for good', async () => {
    const element = await render('<atrium-probe></atrium-probe>');
    await act(async () => {
      element.remove();
      await Promise.resolve();
    });
    expect(element.shadowRoot!.querySelector('[data-probe]')).toBeNull();
  });
});
