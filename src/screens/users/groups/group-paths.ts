/** Where the group screens live, under the users administration. */
export const groupPaths = {
  list: '/users/groups',
  create: '/users/groups/create',
  edit: (id: number) => `/users/groups/${id}/edit`,
} as const;
