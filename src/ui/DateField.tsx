import { css } from '@emotion/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { controlStyle } from './Field';
import { useLanguage, useT } from './i18n';
import { vars } from './theme';

/**
 * A month (YYYY-MM) or date (YYYY-MM-DD) field whose calendar speaks the app's language,
 * not the browser's (a native month input showed "September 2026" in the Chinese UI). The
 * value is typed or picked; the calendar is a grid of buttons driven by the arrow keys
 * (PageUp/PageDown a year or a month, Enter picks, Escape closes), names from Intl.
 */
export type DateFieldKind = 'month' | 'date';

const field = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  input {
    padding-right: 34px;
    width: 100%;
  }
  > button {
    position: absolute;
    right: 2px;
    border: 0;
    background: none;
    cursor: pointer;
    color: ${vars.textMuted};
    min-width: 30px;
    min-height: 30px;
  }
`;

const popup = css`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  z-index: 30;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 8px;
  box-shadow: 0 6px 20px rgb(0 0 0 / 0.15);
  padding: 8px;
  width: 252px;
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    margin-bottom: 6px;
    font-weight: 600;
  }
  header button,
  .grid button {
    border: 0;
    background: none;
    border-radius: 6px;
    cursor: pointer;
    font: inherit;
    min-height: 32px;
  }
  .grid {
    display: grid;
    gap: 2px;
  }
  .grid button[aria-pressed='true'] {
    background: ${vars.primary};
    color: #fff;
  }
  .grid button:hover,
  .grid button:focus-visible {
    outline: 2px solid ${vars.primary};
  }
  .grid .outside {
    color: ${vars.textMuted};
  }
  .weekday {
    text-align: center;
    font-size: 12px;
    color: ${vars.textMuted};
  }
`;

const pad = (value: number) => String(value).padStart(2, '0');
const monthText = (year: number, month: number) => `${year}-${pad(month + 1)}`;
const dateText = (day: Date) =>
  `${monthText(day.getFullYear(), day.getMonth())}-${pad(day.getDate())}`;

/** The month or day a value names, or today's when it names none. */
function focusOf(value: string): Date {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  if (!match) return new Date();
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? 1));
}

function shifted(day: Date, kind: DateFieldKind, key: string): Date | null {
  const next = new Date(day);
  const step =
    kind === 'month'
      ? { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 }
      : { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  if (key in step) {
    const by = step[key as keyof typeof step];
    if (kind === 'month') next.setMonth(next.getMonth() + by, 1);
    else next.setDate(next.getDate() + by);
    return next;
  }
  if (key === 'PageUp' || key === 'PageDown') {
    const by = key === 'PageUp' ? -1 : 1;
    if (kind === 'month') next.setFullYear(next.getFullYear() + by);
    else next.setMonth(next.getMonth() + by);
    return next;
  }
  return null;
}

export function DateField({
  name,
  kind,
  value,
  onChange,
  label,
  id,
  describedBy,
  ariaLabel,
  openAt,
}: {
  /** For a label element's htmlFor, and the error the input is described by. */
  id?: string | undefined;
  /** The input's name for assistive technology where no label element wraps it. */
  ariaLabel?: string | undefined;
  describedBy?: string | undefined;
  name: string;
  kind: DateFieldKind;
  value: string;
  onChange: (value: string) => void;
  /** The field's label, for the calendar button's name. */
  label: string;
  /**
   * Where the calendar opens while the field is empty: a range's other end, so the second
   * pick starts where the first one is rather than at today.
   */
  openAt?: string | undefined;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(() => focusOf(value));
  const toggle = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
  }, [open, focus]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const pick = (day: Date) => {
    onChange(kind === 'month' ? monthText(day.getFullYear(), day.getMonth()) : dateText(day));
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    const next = shifted(focus, kind, event.key);
    if (!next) return;
    event.preventDefault();
    setFocus(next);
  };

  return (
    <span css={field} data-date-field={kind}>
      <input
        css={controlStyle}
        id={id}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-invalid={describedBy ? true : undefined}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={kind === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
      />
      <button
        ref={toggle}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t(kind === 'month' ? 'common:date.pickMonth' : 'common:date.pickDate', {
          label,
        })}
        data-action="open-calendar"
        onClick={() => {
          setFocus(focusOf(value || openAt || ''));
          setOpen((was) => !was);
        }}
      >
        ▾
      </button>
      {open && (
        <div
          css={popup}
          role="dialog"
          aria-label={label}
          onKeyDown={onKeyDown}
          data-calendar={kind}
        >
          {kind === 'month' ? (
            <MonthGrid focus={focus} value={value} onFocus={setFocus} onPick={pick} grid={grid} />
          ) : (
            <DayGrid focus={focus} value={value} onFocus={setFocus} onPick={pick} grid={grid} />
          )}
        </div>
      )}
    </span>
  );
}

interface GridProps {
  focus: Date;
  value: string;
  onFocus: (day: Date) => void;
  onPick: (day: Date) => void;
  grid: React.RefObject<HTMLDivElement | null>;
}

function Heading({
  text,
  onStep,
  unit,
}: {
  text: string;
  onStep: (by: number) => void;
  unit: 'year' | 'month';
}) {
  const t = useT();
  return (
    <header>
      <button
        type="button"
        aria-label={t(`common:date.previous.${unit}`)}
        onClick={() => onStep(-1)}
      >
        ‹
      </button>
      <span aria-live="polite">{text}</span>
      <button type="button" aria-label={t(`common:date.next.${unit}`)} onClick={() => onStep(1)}>
        ›
      </button>
    </header>
  );
}

function MonthGrid({ focus, value, onFocus, onPick, grid }: GridProps) {
  const language = useLanguage();
  const names = new Intl.DateTimeFormat(language, { month: 'short' });
  const year = focus.getFullYear();
  return (
    <>
      <Heading
        unit="year"
        text={new Intl.DateTimeFormat(language, { year: 'numeric' }).format(focus)}
        onStep={(by) => onFocus(new Date(year + by, focus.getMonth(), 1))}
      />
      <div
        className="grid"
        role="group"
        ref={grid}
        style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}
      >
        {Array.from({ length: 12 }, (_, month) => {
          const day = new Date(year, month, 1);
          return (
            <button
              key={month}
              type="button"
              data-month={monthText(year, month)}
              tabIndex={month === focus.getMonth() ? 0 : -1}
              aria-pressed={value === monthText(year, month)}
              onClick={() => onPick(day)}
            >
              {names.format(day)}
            </button>
          );
        })}
      </div>
    </>
  );
}

function DayGrid({ focus, value, onFocus, onPick, grid }: GridProps) {
  const language = useLanguage();
  const first = new Date(focus.getFullYear(), focus.getMonth(), 1);
  // Weeks start on Monday, as calendars in China do.
  const start = new Date(first);
  start.setDate(1 - ((first.getDay() + 6) % 7));
  const days = Array.from({ length: 42 }, (_, index) => {
    const day = new Date(start);
    day.setDate(start.getDate() + index);
    return day;
  });
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'narrow' });
  const long = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  return (
    <>
      <Heading
        unit="month"
        text={new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long' }).format(first)}
        onStep={(by) => onFocus(new Date(first.getFullYear(), first.getMonth() + by, 1))}
      />
      <div
        className="grid"
        role="group"
        ref={grid}
        style={{ gridTemplateColumns: 'repeat(7, 1fr)' }}
      >
        {days.slice(0, 7).map((day) => (
          <span key={`w${day.getDay()}`} className="weekday" aria-hidden="true">
            {weekday.format(day)}
          </span>
        ))}
        {days.map((day) => (
          <button
            key={dateText(day)}
            type="button"
            data-date={dateText(day)}
            className={day.getMonth() === first.getMonth() ? undefined : 'outside'}
            tabIndex={dateText(day) === dateText(focus) ? 0 : -1}
            aria-pressed={value === dateText(day)}
            aria-label={long.format(day)}
            onClick={() => onPick(day)}
          >
            {day.getDate()}
          </button>
        ))}
      </div>
    </>
  );
}
