import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListMapAccessLog } from '@generated/api/access/access';
import type { AccessLogEntry } from '@generated/model';
import { PagedList } from '@/components/admin-list/paged-list';
import { ListTable } from '@/components/ui/list-table';

/** Which parts an entry changed (visibility, grants, layer rules, a link), by their names. */
function changedParts(entry: AccessLogEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

const KNOWN_PARTS = new Set(['visibility', 'grants', 'layer_rules']);

/** Who changed the map's access, when, and what: newest first. */
export function AccessLog({ mapId }: { mapId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useListMapAccessLog(mapId, { page }, { query: { placeholderData: keepPreviousData } });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const what = (entry: AccessLogEntry): string => {
    if (entry.action !== 'access.update') {
      const link = (entry.after ?? entry.before ?? {}) as { label?: unknown };
      const label = typeof link.label === 'string' && link.label ? link.label : t('access.links.unnamed');
      return t(
        `access.log.actions.${entry.action === 'share_link.create' ? 'link_created' : 'link_revoked'}`,
        {
          label,
        },
      );
    }
    const parts = changedParts(entry).map((part) =>
      KNOWN_PARTS.has(part) ? t(`access.log.parts.${part}`) : part,
    );
    const visibility = entry.after?.visibility;
    const detail =
      typeof visibility === 'string' && changedParts(entry).includes('visibility')
        ? ` (${t('access.log.visibility_now', { visibility: t(`access.visibility.${visibility}`, visibility) })})`
        : '';
    return parts.length > 0
      ? t('access.log.actions.changed', { parts: parts.join(', ') }) + detail
      : t('access.log.actions.saved');
  };

  return (
    <section aria-labelledby="access-log-title" className="access-section">
      <h3 id="access-log-title">{t('access.log.title')}</h3>
      <PagedList list={log} empty={t('access.log.empty')} onPageChange={setPage}>
        {(rows) => (
          <ListTable
            className="access-log"
            caption={t('access.log.title')}
            columns={[t('access.log.who'), t('access.log.when'), t('access.log.what')]}
          >
            {rows.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.user_name ?? t('access.log.deleted_user')}</td>
                <td>
                  <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
                </td>
                <td>{what(entry)}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}
