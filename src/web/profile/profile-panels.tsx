import { useQuery } from '@tanstack/react-query'
import type { Group, Repo, User } from '../../protocol/schemas'
import { apiCall } from '../lib/api-call'
import { REPO_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import { GROUP_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import { GROUPS_USE, REPOS_USE } from '../lib/scope-uses'
import { groupQueries, repoQueries } from './user-list-queries'
import { formatNumber } from '../i18n/format'
import { ServiceText } from '../i18n/service-text'
import { useLocale, useMessages } from '../i18n/use-messages'
import { profileMessages } from './messages'
import type { ConnectedSession } from '../../protocol/playground-api'
import { ScopedPanel } from './scoped-panel'

function RepoItem({ repo }: { repo: Repo }) {
  const m = useMessages('profile', profileMessages)
  const locale = useLocale()
  const count = repo.items_count
  return (
    <>
      <p className="panel-item-name">
        <ServiceText className="truncate" text={repo.name} />
        <span className="chip chip-muted">{m.visibility[repo.public]}</span>
      </p>
      <p className="panel-item-meta">
        <span className="mono">{repo.namespace}</span> ·{' '}
        {m.documents({ count, formatted: formatNumber(locale, count) })}
      </p>
    </>
  )
}

function GroupItem({ group }: { group: Group }) {
  const m = useMessages('profile', profileMessages)
  const locale = useLocale()
  const count = group.members_count
  return (
    <>
      <p className="panel-item-name">
        <ServiceText className="truncate" text={group.name} />
        {group.public !== undefined && (
          <span className="chip chip-muted">{m.visibility[group.public]}</span>
        )}
      </p>
      <p className="panel-item-meta">
        <span className="mono">@{group.login}</span>
        {count !== undefined &&
          ` · ${m.members({ count, formatted: formatNumber(locale, count) })}`}
      </p>
    </>
  )
}

/**
 * The lists of the two panels that need a scope. Each asks as soon as the profile gives it its
 * key (the login, the id), both at once: GET /user → (repos ∥ groups).
 */
export function useProfileLists(user: User | null) {
  const repos = useQuery({ ...repoQueries.byUser(user?.login ?? ''), enabled: user !== null })
  const groups = useQuery({ ...groupQueries.byUser(user?.id ?? 0), enabled: user !== null })
  return user === null ? null : { user, repos, groups }
}

export type ProfileLists = ReturnType<typeof useProfileLists>

/** The two panels that need a scope; `lists` is null until the profile has come. */
export function ProfilePanels({
  lists,
  session,
}: {
  lists: ProfileLists
  session: ConnectedSession
}) {
  const m = useMessages('profile', profileMessages)
  return (
    <div className="profile-panels">
      <ScopedPanel<Repo>
        use={REPOS_USE}
        title={m.reposTitle}
        what={m.reposWhat}
        request={
          lists === null ? null : apiCall(REPO_LIST_BY_USER, { login: lists.user.login }).line
        }
        query={lists?.repos ?? null}
        session={session}
        emptyText={m.reposEmpty}
        itemKey={(repo) => repo.id}
        renderItem={(repo) => <RepoItem repo={repo} />}
      />
      <ScopedPanel<Group>
        use={GROUPS_USE}
        title={m.groupsTitle}
        what={m.groupsWhat}
        request={lists === null ? null : apiCall(GROUP_LIST_BY_USER, { id: lists.user.id }).line}
        query={lists?.groups ?? null}
        session={session}
        emptyText={m.groupsEmpty}
        itemKey={(group) => group.id}
        renderItem={(group) => <GroupItem group={group} />}
      />
    </div>
  )
}
