import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { documentOperations } from '../src/testing/response-check';
import { applyPreset, overrideStore } from './override-handlers';
import { MOCK_PANEL_NAMESPACE } from './mock-panel-messages';
import { formatOverride, PRESETS, WILDCARD, type OverrideStatus } from './overrides';

const EXTRA_STATUSES: readonly string[] = ['0', 'empty'];
let snapshot = overrideStore.list();
overrideStore.subscribe((overrides) => {
  snapshot = [...overrides];
});
const subscribe = (onChange: () => void) => overrideStore.subscribe(onChange);

/**
 * Mock mode's panel (bottom left): the overrides of this tab, a form to add one (an operation,
 * one of its documented statuses, a delay, once or always) and the presets. Loaded lazily by
 * src/main.tsx only when VITE_MOCK=1.
 */
export function MockPanel() {
  const { t } = useTranslation(MOCK_PANEL_NAMESPACE);
  const overrides = useSyncExternalStore(subscribe, () => snapshot);
  const [open, setOpen] = useState(overrides.length > 0);
  const [operationId, setOperationId] = useState(WILDCARD);
  const operation = documentOperations.find((candidate) => candidate.operationId === operationId);
  const statuses = [
    ...(operation ? operation.responses.keys() : ['200', '422', '500', '503']),
    ...EXTRA_STATUSES,
  ];
  const [status, setStatus] = useState('503');
  const [delay, setDelay] = useState(0);
  const [once, setOnce] = useState(false);

  return (
    <aside
      aria-label={t('title')}
      style={{
        position: 'fixed',
        insetInlineStart: 8,
        insetBlockEnd: 8,
        zIndex: 10000,
        maxWidth: 560,
        padding: 8,
        background: 'Canvas',
        color: 'CanvasText',
        border: '1px solid GrayText',
        font: '12px system-ui, sans-serif',
      }}
    >
      <button type="button" onClick={() => setOpen(!open)} aria-expanded={open}>
        {t('title')} ({overrides.length})
      </button>
      {open && (
        <div>
          {overrides.length === 0 ? (
            <p>{t('none')}</p>
          ) : (
            <ul>
              {overrides.map((override, index) => (
                <li key={formatOverride(override)}>
                  <code>{formatOverride(override)}</code>{' '}
                  <button type="button" onClick={() => overrideStore.remove(index)}>
                    {t('remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const chosen: OverrideStatus = status === 'empty' ? 'empty' : Number(status);
              overrideStore.add({ operationId, status: chosen, delay, once });
            }}
          >
            <label>
              {t('operation')}{' '}
              <select value={operationId} onChange={(event) => setOperationId(event.target.value)}>
                <option value={WILDCARD}>{t('every_operation')}</option>
                {documentOperations.map((candidate) => (
                  <option key={candidate.operationId} value={candidate.operationId}>
                    {candidate.operationId}
                  </option>
                ))}
              </select>
            </label>{' '}
            <label>
              {t('status')}{' '}
              <select value={status} onChange={(event) => setStatus(event.target.value)}>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </label>{' '}
            <label>
              {t('delay')}{' '}
              <input
                type="number"
                min={0}
                step={100}
                value={delay}
                onChange={(event) => setDelay(Math.max(0, Number(event.target.value) || 0))}
              />
            </label>{' '}
            <label>
              <input type="checkbox" checked={once} onChange={(event) => setOnce(event.target.checked)} />{' '}
              {t('once')}
            </label>{' '}
            <button type="submit">{t('add')}</button>
          </form>
          <p>
            {t('presets')}:{' '}
            {Object.entries(PRESETS).map(([name, preset]) => (
              <button key={name} type="button" title={preset.description} onClick={() => applyPreset(name)}>
                {name}
              </button>
            ))}{' '}
            <button type="button" onClick={() => overrideStore.clear()}>
              {t('clear')}
            </button>
          </p>
        </div>
      )}
    </aside>
  );
}
