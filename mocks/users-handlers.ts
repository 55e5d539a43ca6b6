import { HttpResponse, http } from 'msw';
import type { UserPage, UserResource } from '../generated/model';
import { createUserBody, listUsersQueryParams, updateUserBody } from '../generated/zod/users/users.zod';
import { addUser, db, findUserByEmail, findUserById, isoSeconds, toApiUser } from './db';
import {
  forbidden,
  noContent,
  notFound,
  parseWith,
  EMAIL_TAKEN,
  PASSWORD_MISMATCH,
  readJson,
  requireAdmin,
  requireUser,
  validationFailed,
} from './responses';
import { listUserPage } from './user-list';

function userIdFrom(params: Record<string, string | readonly string[] | undefined>): number {
  const raw = params.id;
  return Number(typeof raw === 'string' ? raw : NaN);
}

export const usersHandlers = [
  http.get('*/api/users', ({ request }) => {
    const guarded = requireAdmin(request, false);
    if (guarded.response) return guarded.response;
    const url = new URL(request.url);
    const parsed = parseWith(listUsersQueryParams, Object.fromEntries(url.searchParams));
    if (!parsed.ok) return parsed.response;
    return HttpResponse.json<UserPage>(listUserPage(parsed.data));
  }),

  http.post('*/api/users', async ({ request }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const parsed = parseWith(createUserBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const { name, email, password, password_confirmation, type, locale } = parsed.data;
    if (findUserByEmail(email)) return validationFailed(EMAIL_TAKEN);
    if (password !== password_confirmation) return validationFailed(PASSWORD_MISMATCH);
    const user = addUser({ name, email, password, type, locale });
    return HttpResponse.json<UserResource>({ data: toApiUser(user) }, { status: 201 });
  }),

  http.get('*/api/users/:id', ({ request, params }) => {
    const guarded = requireUser(request, false);
    if (guarded.response) return guarded.response;
    const id = userIdFrom(params);
    if (guarded.user.type !== 'admin' && guarded.user.id !== id) return forbidden();
    const user = findUserById(id);
    return user ? HttpResponse.json<UserResource>({ data: toApiUser(user) }) : notFound();
  }),

  http.put('*/api/users/:id', async ({ request, params }) => {
    const guarded = requireUser(request, true);
    if (guarded.response) return guarded.response;
    const id = userIdFrom(params);
    const isAdmin = guarded.user.type === 'admin';
    if (!isAdmin && guarded.user.id !== id) return forbidden();
    const target = findUserById(id);
    if (!target) return notFound();
    const parsed = parseWith(updateUserBody, await readJson(request));
    if (!parsed.ok) return parsed.response;
    const { password, password_confirmation, current_password, type, ...rest } = parsed.data;
    // Users edit their own profile but not their type (the inverted ability rule).
    if (type !== undefined && !isAdmin) return forbidden();
    const taken = rest.email === undefined ? undefined : findUserByEmail(rest.email);
    if (taken && taken.id !== id) return validationFailed(EMAIL_TAKEN);
    if (password !== undefined && password !== password_confirmation)
      return validationFailed(PASSWORD_MISMATCH);
    // As the server: one's own new password or new email needs the current password.
    const newEmail = rest.email !== undefined && rest.email.toLowerCase() !== target.email.toLowerCase();
    if (
      guarded.user.id === id &&
      (password !== undefined || newEmail) &&
      current_password !== target.password
    ) {
      return validationFailed({ current_password: ['The password is incorrect.'] });
    }
    const updated = db.user.update({
      where: { id: { equals: id } },
      data: {
        ...rest,
        ...(type === undefined ? {} : { type }),
        ...(password === undefined ? {} : { password }),
        updated_at: isoSeconds(new Date()),
      },
    });
    return updated ? HttpResponse.json<UserResource>({ data: toApiUser(updated) }) : notFound();
  }),

  http.delete('*/api/users/:id', ({ request, params }) => {
    const guarded = requireAdmin(request, true);
    if (guarded.response) return guarded.response;
    const id = userIdFrom(params);
    if (id === guarded.user.id) return validationFailed({ id: ['You cannot delete your own account.'] });
    const deleted = db.user.delete({ where: { id: { equals: id } } });
    return deleted ? noContent() : notFound();
  }),
];
