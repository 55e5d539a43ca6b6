import { useTranslation } from 'react-i18next';
import { Button } from 'react-aria-components';
import { pageWindow, readPageInfo, type PagePayload } from './page-info';

export type PaginationSize = 'small' | 'default' | 'large';
export type PaginationAlign = 'left' | 'center' | 'right';

type PaginationProps = {
  /** A paged answer: fields flat or under `meta`/`links` (docs/product.md#client-state). */
  data: PagePayload | undefined;
  onPageChange: (page: number) => void;
  size?: PaginationSize;
  align?: PaginationAlign;
};

/** Page links; shown only when there is more than one page's worth (docs/product.md#validation). */
export function Pagination({ data, onPageChange, size = 'default', align = 'center' }: PaginationProps) {
  const { t } = useTranslation();
  const info = readPageInfo(data);
  if (!info || info.total <= info.perPage) return null;
  const { currentPage, lastPage } = info;

  return (
    <nav aria-label={t('pagination.label')} className={`pagination pagination-${size} pagination-${align}`}>
      <Button
        className="pagination-item"
        isDisabled={currentPage <= 1}
        onPress={() => onPageChange(currentPage - 1)}
        aria-label={t('pagination.previous')}
      >
        ‹
      </Button>
      {pageWindow(currentPage, lastPage).map((page, index) =>
        page === null ? (
          <span key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={page}
            className="pagination-item"
            aria-label={t('pagination.page', { page })}
            aria-current={page === currentPage ? 'page' : undefined}
            onPress={() => onPageChange(page)}
          >
            {page}
          </Button>
        ),
      )}
      <Button
        className="pagination-item"
        isDisabled={currentPage >= lastPage}
        onPress={() => onPageChange(currentPage + 1)}
        aria-label={t('pagination.next')}
      >
        ›
      </Button>
      {info.from !== null && info.to !== null ? (
        <span className="pagination-summary">
          {t('pagination.summary', { from: info.from, to: info.to, total: info.total })}
        </span>
      ) : null}
    </nav>
  );
}
