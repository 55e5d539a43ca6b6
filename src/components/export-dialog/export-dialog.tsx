import { useState } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ExportFile, ExportFormat } from '@generated/model';
import { useForm } from '../../lib/use-form';
import { Button } from '../ui/button';
import { DismissableModal } from '../ui/dismissable-modal';
import { ErrorList } from '../ui/error-list';
import { Form } from '../ui/form';
import { TextField } from '../ui/text-field';
import { ExportProgress } from './export-progress';
import { EXPORT_FORMATS, type ExportScope } from './export-target';
import { useStartExport } from './use-start-export';
import './export-dialog.css';

type ExportDialogProps = {
  mapId: number;
  isOpen: boolean;
  onClose: () => void;
  /** What may be exported from where the dialog was opened; the first is chosen at first. */
  scopes: readonly ExportScope[];
};

/**
 * Export features to a file: format, scope and an optional mail address, then the job's
 * progress and the download link. Every screen that exports opens this one dialog.
 */
export function ExportDialog({ mapId, isOpen, onClose, scopes }: ExportDialogProps) {
  const { t } = useTranslation();
  return (
    <DismissableModal isOpen={isOpen} onClose={onClose} className="export-modal">
      <Dialog className="export-dialog" aria-labelledby="export-dialog-title">
        <Heading slot="title" id="export-dialog-title" className="dialog-title">
          {t('export_dialog.title')}
        </Heading>
        {/* Mounted with the dialog, so each opening starts with a fresh form. */}
        {isOpen && <ExportForm mapId={mapId} scopes={scopes} onClose={onClose} />}
      </Dialog>
    </DismissableModal>
  );
}

function ExportForm({ mapId, scopes, onClose }: Omit<ExportDialogProps, 'isOpen'>) {
  const { t } = useTranslation();
  const form = useForm<{ format: ExportFormat; scopeId: string; email: string }>({
    format: 'geojson',
    scopeId: scopes[0]?.id ?? '',
    email: '',
  });
  const [started, setStarted] = useState<ExportFile | null>(null);
  const start = useStartExport(mapId);
  const { format, scopeId } = form.values;
  const scope = scopes.find((entry) => entry.id === scopeId) ?? scopes[0];

  if (started) {
    return (
      <>
        <ExportProgress started={started} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={() => setStarted(null)}>
            {t('export_dialog.another')}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            {t('export_dialog.close')}
          </Button>
        </div>
      </>
    );
  }

  const onSubmit = form.onSubmit(async ({ format, email }) => {
    if (!scope) return;
    setStarted(await start({ target: scope.target, format, email: email.trim() || null }));
  });
  // Errors of the request's other fields (the selection, the filter) belong to no input here.
  const otherErrors = Object.entries(form.errors)
    .filter(([field]) => field !== 'email_to_send')
    .flatMap(([, messages]) => messages);

  return (
    <Form label={t('export_dialog.title')} form={form} onSubmit={onSubmit}>
      <fieldset className="export-choices">
        <legend>{t('export_dialog.format')}</legend>
        {EXPORT_FORMATS.map((entry) => (
          <label key={entry} className="export-choice">
            <input
              type="radio"
              name="format"
              value={entry}
              checked={format === entry}
              onChange={() => form.set('format', entry)}
            />
            {t(`export_dialog.formats.${entry}`)}
          </label>
        ))}
      </fieldset>
      {scopes.length > 1 ? (
        <fieldset className="export-choices export-scopes">
          <legend>{t('export_dialog.scope')}</legend>
          {scopes.map((entry) => (
            <label key={entry.id} className="export-choice">
              <input
                type="radio"
                name="scope"
                value={entry.id}
                checked={scope?.id === entry.id}
                onChange={() => form.set('scopeId', entry.id)}
              />
              {entry.label}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="export-scope-single">
          {t('export_dialog.scope')}: {scope?.label}
        </p>
      )}
      <TextField
        type="email"
        label={t('export_dialog.email')}
        description={t('export_dialog.email_hint')}
        {...form.field('email', 'email_to_send')}
      />
      <ErrorList messages={otherErrors} className="form-failure" />
      <div className="dialog-actions">
        <Button type="submit" isDisabled={form.isSubmitting || !scope}>
          {t('export_dialog.start')}
        </Button>
        <Button variant="secondary" onPress={onClose}>
          {t('export_dialog.close')}
        </Button>
      </div>
    </Form>
  );
}
