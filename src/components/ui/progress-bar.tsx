import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';

type ProgressBarProps = {
  label: string;
  /** 0–1; undefined while the size of the work is not known yet. */
  value: number | undefined;
};

/** A labelled bar for long work (uploads, jobs): screen readers hear the percentage. */
export function ProgressBar({ label, value }: ProgressBarProps) {
  const percent = value === undefined ? undefined : Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <AriaProgressBar className="progress" value={percent} isIndeterminate={percent === undefined}>
      {({ valueText }) => (
        <>
          <span className="progress-head">
            <Label className="field-label">{label}</Label>
            <span className="progress-value">{valueText}</span>
          </span>
          <span className="progress-track">
            <span
              className="progress-fill"
              data-indeterminate={percent === undefined || undefined}
              style={{ width: `${percent ?? 100}%` }}
            />
          </span>
        </>
      )}
    </AriaProgressBar>
  );
}
