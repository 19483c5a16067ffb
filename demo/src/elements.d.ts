import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** Atrium elements in the host page's JSX: attributes are kebab-case strings. */
type AtriumElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  [attribute: string]: unknown;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      [tag: `atrium-${string}`]: AtriumElementProps;
    }
  }
}
