import type { ListUsersOrderColumn, OrderDirectionParameter } from '../../../generated/model';

export type UserSort = { column: ListUsersOrderColumn; direction: OrderDirectionParameter };

/** docs/product.md#constants: newest first unless the admin picks another column. */
export const DEFAULT_USER_SORT: UserSort = { column: 'created_at', direction: 'desc' };
