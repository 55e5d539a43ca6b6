import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  useCreateGroup,
  useGetGroup,
  useSetGroupMembers,
  useUpdateGroup,
} from '@generated/api/groups/groups';
import { useListUsers } from '@generated/api/users/users';
import type { GroupDetail, GroupMember } from '@generated/model';
import { RemoveButton } from '@/components/admin-list/remove-button';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadError, Loading } from '@/components/ui/status';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast';
import { useForm } from '@/lib/use-form';
import { groupPaths } from './group-paths';
import '@/styles/access.css';
import { groupChanged } from '@/lib/cache-changes';
import { NarrowPage } from '@/components/ui/narrow-page';

/** /users/groups/create and /users/groups/:group_id/edit: name, description and (once made) members. */
export function GroupEditScreen() {
  const { t } = useTranslation();
  const raw = useParams().group_id;
  const id = raw === undefined ? undefined : Number(raw);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const group = useGetGroup(id ?? 0, { query: { enabled: id !== undefined && valid } });
  const title = id === undefined ? t('groups.create_title') : t('groups.edit_title');
  return (
    <NarrowPage title={title}>
      {!valid ? (
        <LoadError message={t('groups.not_found')} />
      ) : id === undefined ? (
        <GroupForm label={title} />
      ) : group.isPending ? (
        <Loading />
      ) : group.isError ? (
        <LoadError message={t('groups.not_found')} />
      ) : (
        <>
          <GroupForm key={group.data.data.id} label={title} group={group.data.data} />
          <GroupMembers key={`members-${group.data.data.id}`} group={group.data.data} />
        </>
      )}
    </NarrowPage>
  );
}

function GroupForm({ label, group }: { label: string; group?: GroupDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const form = useForm({ name: group?.name ?? '', description: group?.description ?? '' });

  const save = form.onSubmit(async ({ name, description }) => {
    const data = { name, description: description.trim() === '' ? null : description };
    const saved = group
      ? await update.mutateAsync({ id: group.id, data })
      : await create.mutateAsync({ data });
    await groupChanged(queryClient, saved.data.id);
    showToast(t(group ? 'groups.updated' : 'groups.created'));
    // A new group goes on to its members; an edited one back to the list.
    await navigate(group ? groupPaths.list : groupPaths.edit(saved.data.id));
  });

  return (
    <Form label={label} form={form} onSubmit={save}>
      <TextField label={t('groups.fields.name')} isRequired {...form.field('name')} />
      <TextAreaField label={t('groups.fields.description')} {...form.field('description')} />
      <Button type="submit" isDisabled={form.isSubmitting}>
        {group ? t('common.save') : t('groups.create')}
      </Button>
    </Form>
  );
}

/** The group's members: remove any, add from the accounts; saved as one list. */
function GroupMembers({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setMembers = useSetGroupMembers();
  const form = useForm<{ members: GroupMember[] }>({ members: group.members });
  const { members } = form.values;
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState('');
  const users = useListUsers({ per_page: 100, ...(search.trim() ? { search_global: search.trim() } : {}) });
  const chosen = new Set(members.map((member) => member.id));
  const candidates = (users.data?.data ?? []).filter((user) => !chosen.has(user.id));

  const add = () => {
    const user = candidates.find((row) => String(row.id) === picked);
    if (!user) return;
    form.set('members', [...members, { id: user.id, name: user.name, email: user.email }]);
    setPicked('');
  };
  const save = form.onSubmit(async (values) => {
    const saved = await setMembers.mutateAsync({
      id: group.id,
      data: { user_ids: values.members.map((member) => member.id) },
    });
    form.reset({ members: saved.data.members });
    await groupChanged(queryClient, saved.data.id);
    showToast(t('groups.members.saved'));
  });
  const userIdErrors = Object.entries(form.errors)
    .filter(([key]) => key.startsWith('user_ids'))
    .flatMap(([, messages]) => messages);

  return (
    <section aria-labelledby="group-members-title" className="access-section">
      <h2 id="group-members-title">{t('groups.members.title')}</h2>
      <Form label={t('groups.members.title')} form={form} onSubmit={save}>
        {members.length === 0 ? (
          <p className="status status-empty">{t('groups.members.empty')}</p>
        ) : (
          <ul className="access-rows" aria-label={t('groups.members.list')}>
            {members.map((member) => (
              <li key={member.id} className="access-row">
                <span className="access-row-name">{member.name}</span>
                <span className="item-meta">{member.email}</span>
                <RemoveButton
                  label={t('groups.members.remove', { name: member.name })}
                  onRemove={() =>
                    form.set(
                      'members',
                      members.filter((row) => row.id !== member.id),
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {userIdErrors.length > 0 && (
          <ul role="alert" className="field-errors">
            {userIdErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <div className="access-add">
          <TextField label={t('groups.members.search')} value={search} onChange={setSearch} />
          <NativeSelect
            label={t('groups.members.add_who')}
            value={picked}
            placeholder={t('groups.members.pick')}
            options={candidates.map((user) => ({
              value: String(user.id),
              label: `${user.name} (${user.email})`,
            }))}
            onChange={setPicked}
          />
          <button type="button" className="btn btn-secondary" disabled={!picked} onClick={add}>
            {t('groups.members.add')}
          </button>
        </div>
        <Button type="submit" isDisabled={form.isSubmitting}>
          {t('groups.members.save')}
        </Button>
      </Form>
    </section>
  );
}
