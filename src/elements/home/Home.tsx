import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { holidayTips, recordTour, tourState, type HolidayTip } from '../../core/api/shell';
import { $session } from '../../core/session';
import { readStored, writeStored } from '../../core/storage';
import { useEmit } from '../../ui/element/context';
import { ColumnGrid, ColumnPreview } from './ColumnGrid';
import { HolidayOverlay } from './HolidayOverlay';
import { NoticeMarquee } from './NoticeMarquee';
import { PopupTips } from './PopupTips';
import { Tour } from './Tour';

const page = css`
  display: flex;
  flex-direction: column;
  gap: 14px;
  padding: 16px;
`;

/** The holiday overlay shows once per session: this flag says it has. */
const holidayShownKey = 'atrium.holidayShown';

type Stage = 'loading' | 'holiday' | 'tour' | 'done';

/**
 * `tour`: the user asked for the tour on another page (issue 39, item 3): it starts once the
 * dashboard is drawn, before anything else; the holiday overlay waits for another visit.
 */
function Dashboard({ tour = false }: { tour?: boolean }) {
  const session = useStore($session);
  const emit = useEmit();
  const asked = useRef(tour);
  const [stage, setStage] = useState<Stage>('loading');
  // How much of the page's end the reminders panel covers: the page leaves that room below.
  const [tipsRoom, setTipsRoom] = useState(0);
  const [tips, setTips] = useState<HolidayTip[]>([]);
  const [tourDue, setTourDue] = useState(false);
  const [marqueeKnown, setMarqueeKnown] = useState(false);
  const marqueeIsKnown = useCallback(() => setMarqueeKnown(true), []);

  // The order of the first minutes: the holiday overlay (once per session), then the tour
  // when the server says it is due, then the reminders panel.
  useEffect(() => {
    if (!session) return;
    let current = true;
    void (async () => {
      const [found, tour] = await Promise.all([
        readStored('session', holidayShownKey)
          ? Promise.resolve([])
          : holidayTips().catch(() => []),
        tourState(session.account).catch(() => ({ due: false, version: 0 })),
      ]);
      if (!current) return;
      setTips(found);
      setTourDue(tour.due);
      if (asked.current) setStage('tour');
      else if (found.length) {
        writeStored('session', holidayShownKey, '1');
        setStage('holiday');
      } else setStage(tour.due ? 'tour' : 'done');
    })();
    return () => {
      current = false;
    };
  }, [session]);

  // The top bar's guide button starts the tour at any time (while the dashboard still loads,
  // as soon as it is drawn).
  const start = useCallback(() => {
    asked.current = true;
    setStage((stage) => (stage === 'loading' ? stage : 'tour'));
  }, []);
  useEffect(() => {
    if (tour) start();
  }, [tour, start]);
  useEffect(() => {
    document.addEventListener('atrium-tour-start', start);
    return () => document.removeEventListener('atrium-tour-start', start);
  }, [start]);

  const closeHoliday = useCallback(() => setStage(tourDue ? 'tour' : 'done'), [tourDue]);
  const endTour = useCallback(
    (outcome: 'complete' | 'exit') => {
      asked.current = false;
      setStage('done');
      setTourDue(false);
      if (session) void recordTour(session.account, outcome);
      emit('atrium-tour-end', { outcome });
    },
    [session, emit],
  );

  return (
    <div css={page} data-stage={stage} style={tipsRoom ? { paddingBottom: tipsRoom + 16 } : {}}>
      <NoticeMarquee onKnown={marqueeIsKnown} />
      <ColumnGrid hold={!marqueeKnown} />
      {/* One interruption at a time: the reminders wait for the greeting and the tour. */}
      {stage === 'done' && <PopupTips onRoom={setTipsRoom} />}
      {stage === 'holiday' && tips.length > 0 && (
        <HolidayOverlay tips={tips} onClose={closeHoliday} />
      )}
      {stage === 'tour' && <Tour onEnd={endTour} />}
    </div>
  );
}

/** The dashboard, or with `preview-alias` one column whatever the rights (/column/preview). */
export function Home({ previewAlias, tour }: { previewAlias?: string; tour?: boolean }) {
  if (previewAlias) {
    return (
      <div css={page}>
        <ColumnPreview alias={previewAlias} />
      </div>
    );
  }
  return <Dashboard tour={tour} />;
}
