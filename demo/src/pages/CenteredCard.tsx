import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $session } from '../../../src/core/session';
import { LanguageSwitcher } from '../LanguageSwitcher';

const frame = css`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px;
  background: linear-gradient(180deg, #f7f2f2 0%, #f3f4f6 60%);
  .card {
    width: min(460px, 100%);
    background: #fff;
    border-radius: 12px;
    box-shadow: 0 10px 40px rgba(31, 35, 41, 0.08);
    padding: 28px 32px;
  }
  h1 {
    font-size: 20px;
    margin: 0 0 16px;
    color: #9f1d2e;
  }
  .switcher {
    position: fixed;
    top: 20px;
    right: 24px;
  }
  /* Inside the portal's frame (a signed-in 404): below the top bar, not a screen of its own. */
  &[data-framed] {
    min-height: 60vh;
    background: none;
  }
`;

/**
 * A page of one card (404, password reset). Signed out it offers the language; signed in it
 * is drawn inside the portal's frame, whose top bar has the language in the user menu, and
 * a switcher of its own covered that menu.
 */
export function CenteredCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const signedIn = useStore($session) !== null;
  return (
    <div css={frame} data-framed={signedIn || undefined}>
      {!signedIn && (
        <div className="switcher">
          <LanguageSwitcher />
        </div>
      )}
      <div className="card">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
