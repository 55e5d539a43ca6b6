import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportWaterNetworkInp } from '@generated/api/water-network/water-network';
import type { WaterNetworkInpImportResult } from '@generated/model';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-field';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast';
import { useForm } from '@/lib/use-form';
import { mapCall } from '../shell/map-call';
import { mapChanged } from '@/lib/cache-changes';

/**
 * An EPANET INP file becomes new layers of the map and its water network. The
 * server answers with what it made; every view of the map is refreshed from it.
 */
export function WaterNetworkInpImport({ mapId }: { mapId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const importInp = useImportWaterNetworkInp();
  const form = useForm<{ file: File | null; crs: string }>({ file: null, crs: 'EPSG:4326' });
  const [result, setResult] = useState<WaterNetworkInpImportResult | null>(null);

  const send = form.onSubmit(async ({ file, crs }) => {
    setResult(null);
    const answer = await mapCall(() =>
      importInp.mutateAsync({
        id: mapId,
        // Sent even when empty, so the server names the missing file under the picker.
        data: { file: file ?? new Blob([]), crs: crs.trim() || 'EPSG:4326' },
      }),
    );
    setResult(answer);
    await mapChanged(queryClient, mapId);
    showToast(t('water_network_inp.done'));
  });

  return (
    <section className="panel" aria-labelledby="water-network-inp-title">
      <h3 id="water-network-inp-title">{t('water_network_inp.title')}</h3>
      <p>{t('water_network_inp.help')}</p>
      <Form label={t('water_network_inp.title')} form={form} onSubmit={send}>
        <FileField
          label={t('water_network_inp.file')}
          name="file"
          accept=".inp,text/plain"
          description={t('water_network_inp.file_hint')}
          isDisabled={form.isSubmitting}
          onChange={form.setter('file')}
        />
        <TextField
          label={t('water_network_inp.crs')}
          description={t('water_network_inp.crs_hint')}
          {...form.field('crs')}
        />
        <div className="item-actions">
          <Button type="submit" isPending={form.isSubmitting}>
            {t('water_network_inp.submit')}
          </Button>
        </div>
      </Form>
      {result ? (
        <div role="status" aria-label={t('water_network_inp.result')}>
          <p>{t('water_network_inp.summary', result.meta)}</p>
          {result.meta.warnings.length > 0 ? (
            <ul>
              {result.meta.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
