import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TIME_STEPS,
  periodAt,
  periodCount,
  periodEnd,
  playStep,
  rangeIndexes,
  rangeOfIndexes,
  type TimeExtent,
  type TimeStep,
} from './time-range';
import type { useTimeRange } from './use-time-range';

/** How long each step of play shows, in milliseconds. */
export const PLAY_INTERVAL_MS = 1200;

type TimeSliderProps = {
  /** The viewer's time range, its step and how to change them (useTimeRange). */
  time: ReturnType<typeof useTimeRange>;
  /** The first and last day the map's timed layers have features for. */
  extent: TimeExtent;
};

/** The time slider over the map's timed layers, or nothing when it has none. */
export function LayersTimeSlider({ time }: { time: ReturnType<typeof useTimeRange> }) {
  return time.extent ? <TimeSlider time={time} extent={time.extent} /> : null;
}

/** A day as the step reads it: its year, its month and year, or the whole date (UTC). */
function useDayLabel(step: TimeStep) {
  const { i18n } = useTranslation();
  const options: Intl.DateTimeFormatOptions =
    step === 'year'
      ? { year: 'numeric', timeZone: 'UTC' }
      : step === 'month'
        ? { year: 'numeric', month: 'short', timeZone: 'UTC' }
        : { dateStyle: 'medium', timeZone: 'UTC' };
  const format = new Intl.DateTimeFormat(i18n.language, options);
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The time slider: a from and a to over the layers' real time extent, moved by a day, a month
 * or a year (the arrow keys move a thumb one step), and play, which moves the whole range one
 * step later at a time until it reaches the end. Features outside the range are not drawn,
 * listed, found, exported or counted.
 */
function TimeSlider({ time, extent }: TimeSliderProps) {
  const { range, step, setRange: onChange, setStep: onStepChange } = time;
  const { t } = useTranslation();
  const id = useId();
  const label = useDayLabel(step);
  const [playing, setPlaying] = useState(false);
  const last = periodCount(extent, step) - 1;
  const [from, to] = rangeIndexes(range ?? { from: null, to: null }, extent, step);
  // Play reads the latest range through a ref, so one timer runs for the whole play.
  const latest = useRef({ range, extent, step, onChange });
  useEffect(() => {
    latest.current = { range, extent, step, onChange };
  });

  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setInterval(() => {
      const current = latest.current;
      const start = current.range ?? rangeOfIndexes(current.extent, current.step, 0, 0);
      const next = playStep(start, current.extent, current.step);
      if (next) current.onChange(next);
      else setPlaying(false);
    }, PLAY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  const set = (low: number, high: number) => onChange(rangeOfIndexes(extent, step, low, high));
  const fromDay = periodAt(extent, step, from);
  const toDay = periodEnd(periodAt(extent, step, to), step);
  // Each thumb moves its own end; the other end follows so that from never passes to.
  const thumbs = [
    {
      label: 'time.slider.from',
      value: from,
      day: fromDay,
      move: (value: number) => set(value, Math.max(value, to)),
    },
    {
      label: 'time.slider.to',
      value: to,
      day: toDay,
      move: (value: number) => set(Math.min(from, value), value),
    },
  ] as const;

  return (
    <section className="time-slider" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="time-slider-title">
        {t('time.slider.title')}
      </h3>
      <p className="time-slider-shown" role="status" aria-live="polite">
        {range
          ? t('time.slider.showing', { from: label(fromDay), to: label(toDay) })
          : t('time.slider.showing_all', { from: label(extent.start), to: label(extent.end) })}
      </p>
      <div className="time-slider-thumbs">
        {thumbs.map((thumb) => (
          <label key={thumb.label}>
            <span>{t(thumb.label)}</span>
            <input
              type="range"
              min={0}
              max={last}
              step={1}
              value={thumb.value}
              aria-valuetext={label(thumb.day)}
              onChange={(event) => thumb.move(Number(event.target.value))}
            />
          </label>
        ))}
      </div>
      <div className="time-slider-actions">
        <label>
          <span>{t('time.slider.step')}</span>
          <select
            value={step}
            onChange={(event) => {
              const next = event.target.value as TimeStep;
              onStepChange(next);
              // The range snaps to whole periods of the new step.
              if (range) {
                const [low, high] = rangeIndexes(range, extent, next);
                onChange(rangeOfIndexes(extent, next, low, high));
              }
            }}
          >
            {TIME_STEPS.map((option) => (
              <option key={option} value={option}>
                {t(`time.slider.steps.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-secondary"
          aria-pressed={playing}
          onClick={() => {
            // Playing from the end starts over from the first step.
            if (!playing && range && to >= last) set(0, to - from);
            else if (!playing && !range) set(0, 0);
            setPlaying(!playing);
          }}
        >
          {playing ? t('time.slider.pause') : t('time.slider.play')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!range}
          onClick={() => {
            setPlaying(false);
            onChange(null);
          }}
        >
          {t('time.slider.all')}
        </button>
      </div>
    </section>
  );
}
