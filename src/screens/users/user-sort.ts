import type { ListUsersOrderColumn } from '@generated/model';
import type { ListSort } from '../../components/admin-list/sortable-table';

export type UserSort = ListSort<ListUsersOrderColumn>;

/** docs/product.md#constants: newest first unless the admin picks another column. */
export const DEFAULT_USER_SORT: UserSort = { column: 'created_at', direction: 'desc' };
